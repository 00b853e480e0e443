/// What a script meant by a member name it wrote the way an iOS engineer types it: an
/// Objective-C selector (`popViewControllerAnimated`, `presentViewController_animated_completion`,
/// `"addObserverForName:object:queue:usingBlock:"`) or a Swift signature with its labels
/// (`addObserver_forName_object_queue_using`, `"popViewController(animated:)"`), resolved to
/// the name KitSim declares (`popViewController`, `present`, `addObserver_forName`), so that
/// the failed lookup can say it. Only error paths build one.
///
/// The answer is derived from the declarations alone (every method's Lua name, its Swift
/// name and its parameters; the properties; the class members; the initializer), by the
/// rules Swift's ClangImporter applies when it imports an Objective-C selector, run the
/// other way round:
///
/// 1. **Pieces.** The name is cut at `_`, `:`, `(`, `)`, `,` and spaces, so a selector
///    written with underscores, with colons, or a Swift signature all give the same pieces.
///    The first piece holds the base name (and, in a selector, the first argument's
///    label); the others are argument labels.
/// 2. **Words.** The first piece is split into its camel-case words (`URLSession` is `URL`,
///    `Session`), and every comparison ignores case (the importer lowercases a leading
///    acronym; a script may not).
/// 3. **A trailing `Animated`** is the first argument's label: `popViewControllerAnimated`
///    is `popViewController(animated:)`.
/// 4. **The last preposition** (Swift's list: `with`, `for`, `at`, `in`, `to`, `from`, `of`,
///    `using`, `after`, `inside`, …) starts the first argument's label:
///    `addObserverForName` is `addObserver(forName:)`, `cellForRowAtIndexPath` is
///    `cellForRow(atIndexPath:)`.
/// 5. **Type names are pruned**: words after a declared base name are dropped when the last
///    of them names a type the method works on: its own class (`removeFromParentViewController`
///    on UIViewController is `removeFromParent`, `sharedApplication` is `shared`), or its
///    first parameter's class or name (`presentViewController` is `present`,
///    `addAnimation_forKey` on CALayer is `add`, `postNotificationName` is `post`).
/// 6. **Labels choose among namesakes**: when several declared methods share the base
///    name (`animate`, `animate_delay` and `animate_usingSpringWithDamping`; the two
///    `scheduledTimer`s; the two `addObserver`s), the one whose Swift labels agree best
///    with the written ones wins (a label agrees with another when the words of one start
///    with the other's, with or without a leading `with`: `usingBlock` is `using`,
///    `withTimeInterval` is `timeInterval`); a tie names each.
/// 7. **Setters are properties**: `setTitle` (with at most one more piece, `animated`)
///    names the property `title`, or `isEnabled` for `setEnabled`, when no method matched.
/// 8. **Initializers are calls of the class**: `alloc`, `init…` (`initWithFrame`) and, as a
///    class member, a factory named after the class (`alertControllerWithTitle_message_preferredStyle`,
///    `sessionWithConfiguration_…`) name the class's initializer, `UIAlertController(title,
///    message, preferredStyle)`, when their labels agree with one of its Swift names.
///
/// Every answer is deterministic: candidates are taken nearest class first, in declaration
/// order, and ties keep that order.
public struct NameResolver: Sendable {
    /// What the written name meant.
    public enum Answer: Equatable, Sendable {
        /// Declared methods or class members, best first (more than one on a tie).
        case members([String])
        /// A property, assigned rather than called.
        case property(String)
        /// The class's initializer, as a script calls it: `UIWindow(frameOrScene)`.
        case initializer(String)

        /// The advice, without a separator: `did you mean 'popViewController'?`.
        public var advice: String {
            switch self {
            case .members(let names):
                return "did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
            case .property(let name):
                return "did you mean the property '\(name)' (obj.\(name) = value)?"
            case .initializer(let call):
                return "did you mean '\(call)'?"
            }
        }
    }

    /// A member a written name may mean: what the hint names, the base names it answers
    /// to (the Swift base name, the Lua name's first piece), its Swift labels, and the
    /// last words of the types it works on (rule 5).
    struct Candidate: Sendable {
        let name: String
        let bases: [[String]]
        let labels: [[String]]
        let nouns: Set<String>
    }

    let candidates: [Candidate]
    let properties: [String]
    let classMember: Bool
    /// The initializer as a script calls it and the labels of each of its Swift names.
    let initializer: (call: String, labelSets: [[[String]]])?
    /// The class's name as words, for factories named after it (rule 8).
    let classWords: [String]

    /// A resolver for the members of one class.
    /// - Parameters:
    ///   - className: the class the lookup was made on (a script's subclass included).
    ///   - chain: the declarations of it and its superclasses that have one, nearest first.
    ///   - selectors: every selector its instances respond to (methods a script defined
    ///     among them; the declared ones are taken from `chain`).
    ///   - properties: its properties, inherited and added ones included.
    ///   - statics: its class members besides methods (`shared`, `Level`), for a class member.
    ///   - extraMethods: members the host adds to every object (`isKind(of:)`).
    ///   - classMember: whether the name was looked up on the class (`UIApplication.sharedApplication`)
    ///     rather than on an instance.
    public init(className: String, chain: [ClassInterface], selectors: [String] = [], properties: [String] = [],
                statics: [String] = [], extraMethods: [MethodSignature] = [], classMember: Bool) {
        self.classMember = classMember
        self.properties = properties
        self.classWords = Self.words(className)
        var seen: Set<String> = ["init", "deinit"]
        var excluded = Set(properties)
        for i in chain {
            for m in i.methods where m.kind == .accessor { excluded.insert(m.luaName) }
        }
        let lineageNouns = Set(([className] + chain.map(\.name)).compactMap { Self.words($0).last })
        var out: [Candidate] = []
        for i in chain {
            let own = Self.words(i.name).last.map { Set([$0]) } ?? []
            for m in i.methods {
                switch m.kind {
                case .method, .callback: break
                case .classMethod where classMember: break
                default: continue
                }
                guard seen.insert(m.luaName).inserted else { continue }
                out.append(Self.candidate(m, nouns: own))
            }
        }
        if !classMember {
            for m in extraMethods where seen.insert(m.luaName).inserted { out.append(Self.candidate(m, nouns: lineageNouns)) }
        }
        // Methods a script defined, and class members that are values: a base name and
        // no labels. Sorted, so that ties are named in one order whatever order they came in.
        let bare = selectors.filter { !excluded.contains($0) && !$0.hasPrefix(".") }.sorted() + (classMember ? statics.sorted() : [])
        for name in bare where seen.insert(name).inserted {
            let base = Self.pieces(name).first.map(Self.words) ?? []
            out.append(Candidate(name: name, bases: [base], labels: [], nouns: lineageNouns))
        }
        candidates = out
        if let sig = chain.lazy.compactMap(\.initializer).first {
            let call = className + "(" + sig.parameters.map(\.name).joined(separator: ", ") + ")"
            initializer = (call, Self.swiftNames(sig.swiftName).map { $0.labels })
        } else {
            initializer = nil
        }
    }

    /// What `written` meant, or nil when no rule gives a declared member.
    public func resolve(_ written: String) -> Answer? {
        let pieces = Self.pieces(written)
        guard let first = pieces.first else { return nil }
        let words = Self.words(first)
        let rest = pieces.dropFirst().map(Self.words)
        if let answer = initializerAnswer(words, rest) { return answer }
        if let names = methods(words, rest) { return .members(names) }
        if !classMember, words.first == "set", words.count > 1, pieces.count <= 2 {
            let name = String(first.dropFirst(3))
            let wanted = [Self.lowercasingFirst(name), "is" + name].map { $0.lowercased() }
            for w in wanted {
                if let p = properties.first(where: { $0.lowercased() == w }) { return .property(p) }
            }
        }
        return nil
    }

    /// Rule 8: the class's initializer for `alloc`, for `init…` and, as a class member, for a
    /// factory named after the class, when no label is written or one agrees with a label
    /// of one of the initializer's Swift names.
    func initializerAnswer(_ words: [String], _ rest: [[String]]) -> Answer? {
        guard let initializer else { return nil }
        var labels: [[String]]
        if words == ["alloc"], rest.isEmpty {
            return .initializer(initializer.call)
        } else if words.first == "init" {
            labels = words.count > 1 ? [Array(words.dropFirst())] : []
        } else if classMember, let n = factoryPrefix(words) {
            labels = [Array(words.dropFirst(n))]
        } else {
            return nil
        }
        labels += rest
        guard labels.isEmpty || initializer.labelSets.contains(where: { set in
            labels.contains { written in set.contains { Self.agree(written, $0) } }
        }) else { return nil }
        return .initializer(initializer.call)
    }

    /// How many words of a factory's name (`alertControllerWithTitle`) name the class
    /// (`UIAlertController`): the longest tail of the class's words followed by `with`.
    func factoryPrefix(_ words: [String]) -> Int? {
        guard !classWords.isEmpty else { return nil }
        return (1...classWords.count).reversed().first { n in
            words.count > n && words[n] == "with" && Array(words.prefix(n)) == Array(classWords.suffix(n))
        }
    }

    /// Rules 3 to 6: the declared methods (and class members) the first piece's words can
    /// be imported as, the best-agreeing labels first.
    func methods(_ words: [String], _ rest: [[String]]) -> [String]? {
        // The base names the first piece may stand for, each with the labels it gave away
        // and how many rules it took.
        var forms: [(words: [String], labels: [[String]], steps: Int)] = [(words, [], 0)]
        if words.count > 1, words.last == "animated" {
            forms.append((Array(words.dropLast()), [["animated"]], 1))
        }
        for f in Array(forms) {                          // a form split once is not split again
            if let i = f.words.lastIndex(where: { Self.prepositions.contains($0) }), i > 0 {
                forms.append((Array(f.words[..<i]), [Array(f.words[i...])] + f.labels, f.steps + 1))
            }
        }
        var best: (score: Int, steps: Int, names: [String])?
        for c in candidates {
            var mine: (score: Int, steps: Int)?
            for f in forms {
                for base in c.bases where !base.isEmpty {
                    let steps: Int
                    if f.words == base {
                        steps = f.steps
                    } else if base.count < f.words.count, Array(f.words.prefix(base.count)) == base,
                              let last = f.words.last, c.nouns.contains(last) {
                        steps = f.steps + 1                      // rule 5: a type's name pruned
                    } else {
                        continue
                    }
                    let score = Self.labelScore(written: f.labels + rest, declared: c.labels)
                    if mine.map({ ($0.score, -$0.steps) < (score, -steps) }) ?? true { mine = (score, steps) }
                }
            }
            guard let m = mine else { continue }
            if let b = best, (b.score, -b.steps) > (m.score, -m.steps) { continue }
            if let b = best, (b.score, -b.steps) == (m.score, -m.steps) {
                best = (b.score, b.steps, b.names + [c.name])
            } else {
                best = (m.score, m.steps, [c.name])
            }
        }
        return best.map { Array($0.names.prefix(3)) }
    }

    /// How well written labels agree with declared ones (rule 6): each agreeing pair counts
    /// three and each label left over on either side minus one, so that agreeing on more
    /// labels outweighs the extra ones a longer signature has.
    static func labelScore(written: [[String]], declared: [[String]]) -> Int {
        var used = [Bool](repeating: false, count: written.count)
        var matched = 0
        for d in declared {
            if let j = written.indices.first(where: { !used[$0] && agree(written[$0], d) }) {
                used[j] = true
                matched += 1
            }
        }
        return 3 * matched - (declared.count - matched) - (written.count - matched)
    }

    /// Whether two labels name the same argument: the words of one start with the other's,
    /// as written or without a leading `with`.
    static func agree(_ a: [String], _ b: [String]) -> Bool {
        func prefixed(_ x: [String], _ y: [String]) -> Bool {
            !x.isEmpty && !y.isEmpty && (x.starts(with: y) || y.starts(with: x))
        }
        func bare(_ x: [String]) -> [String] { x.first == "with" && x.count > 1 ? Array(x.dropFirst()) : x }
        return prefixed(a, b) || prefixed(bare(a), bare(b))
    }

    static func candidate(_ m: MethodSignature, nouns: Set<String>) -> Candidate {
        let names = swiftNames(m.swiftName)
        var bases = names.map { words($0.base) }
        if let lua = pieces(m.luaName).first.map(words), !bases.contains(lua) { bases.append(lua) }
        var nouns = nouns
        if let p = m.parameters.first {
            if let w = words(p.name).last { nouns.insert(w) }
            switch p.type {
            case .object(let cls), .array(let cls): if let w = words(cls).last { nouns.insert(w) }
            case .metaclass: nouns.insert("class")
            default: break
            }
        }
        return Candidate(name: m.luaName, bases: bases, labels: names.first?.labels ?? [], nouns: nouns)
    }

    /// `init(frame:), init(windowScene:)` as base names and their labels (as words, none
    /// for `_`).
    static func swiftNames(_ s: String) -> [(base: String, labels: [[String]])] {
        var out: [(String, [[String]])] = []
        for part in s.split(separator: ")", omittingEmptySubsequences: true) {
            let trimmed = part.drop { $0 == "," || $0 == " " }
            guard let open = trimmed.firstIndex(of: "(") else {
                if !trimmed.isEmpty { out.append((String(trimmed), [])) }
                continue
            }
            let labels = trimmed[trimmed.index(after: open)...].split(separator: ":").map(String.init)
                .filter { $0 != "_" }.map(words)
            out.append((String(trimmed[..<open]), labels))
        }
        return out.isEmpty ? [(s, [])] : out
    }

    /// The name cut into its pieces (rule 1).
    static func pieces(_ s: String) -> [Substring] {
        s.split(whereSeparator: { "_:(), ".contains($0) })
    }

    /// The camel-case words of `s`, lowercased (rule 2): a word starts at a capital after a
    /// lowercase letter or digit, and at the last capital of a run followed by a lowercase
    /// letter (`URLSession`: `url`, `session`).
    static func words(_ s: some StringProtocol) -> [String] {
        let chars = Array(s)
        var out: [String] = []
        var word = ""
        for (i, c) in chars.enumerated() {
            guard c.isLetter || c.isNumber else {
                if !word.isEmpty { out.append(word.lowercased()); word = "" }
                continue
            }
            if !word.isEmpty, c.isUppercase {
                let previous = chars[i - 1]
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    out.append(word.lowercased())
                    word = ""
                }
            }
            word.append(c)
        }
        if !word.isEmpty { out.append(word.lowercased()) }
        return out
    }

    static func lowercasingFirst(_ s: String) -> String {
        guard let f = s.first else { return s }
        return f.lowercased() + s.dropFirst()
    }

    /// The prepositions Swift's importer splits a selector's first piece at
    /// (swift/include/swift/Basic/PartsOfSpeech.def).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]
}
