/// A property one run makes weak where its class declares it strong (`kitsim run --weaken
/// Class.property`): the change a fix for a retain cycle most often is (`weak var
/// delegate`), tried without editing the scenario. The class and every subclass made in
/// the run get the weak property; a class made before the weakening was set keeps its
/// declaration, so a simulator takes its weakenings before it registers its classes.
public struct Weakening: Sendable, Equatable, CustomStringConvertible {
    /// What the weakening names.
    public enum Target: Sendable, Equatable {
        /// `Class.property`: the property, in the class and its subclasses.
        case property(className: String, name: String)
        /// `file.lua:LINE` or `file.lua:LINE:name`: the strong captures (or the one named)
        /// of the closures written at that line, as `[weak self]` in their capture list.
        case capture(site: String, name: String?)
    }

    public let target: Target
    /// What the run did with it, so far.
    public internal(set) var outcome: Outcome = .notMade

    public enum Outcome: Sendable, Equatable {
        /// No class of that name with that property was made in the run; no closure
        /// written at that line became a block.
        case notMade
        /// The property was strong and is weak in this run; a closure's strong capture is
        /// weak.
        case weakened
        /// The property or capture retains nothing already (weak, unowned, assign).
        case alreadyNotRetaining(Ownership)
        /// The property cannot be weak, for the reason given; it keeps its declaration.
        case refused(String)
        /// Closures were written at that line, and none captures the name: what they capture.
        case noSuchCapture(captured: [String])
    }

    /// `Class.property`, each part a name (letters, digits, `_`, not starting with a
    /// digit); or `file.lua:LINE` with an optional `:name`, for a closure's captures.
    public init?(parsing text: String) {
        if let end = Weakening.endOfLastLuaName(text) {
            let rest = text[end...].split(separator: ":", omittingEmptySubsequences: false)
            guard end > text.index(text.startIndex, offsetBy: 5), (1...2).contains(rest.count),
                  !rest[0].isEmpty, rest[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            if rest.count == 2, !Weakening.isName(rest[1]) { return nil }
            let site = String(text[..<end]) + rest[0]
            target = .capture(site: site, name: rest.count == 2 ? String(rest[1]) : nil)
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Weakening.isName) else { return nil }
        target = .property(className: String(parts[0]), name: String(parts[1]))
    }

    /// Where the text after the last `.lua:` starts, if there is one.
    static func endOfLastLuaName(_ text: String) -> String.Index? {
        let marker = Array(".lua:".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1) where Array(bytes[start..<start + marker.count]) == marker {
            return text.utf8.index(text.utf8.startIndex, offsetBy: start + marker.count)
        }
        return nil
    }

    static func isName(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    public var description: String {
        switch target {
        case .property(let c, let p): return "\(c).\(p)"
        case .capture(let site, let name): return name.map { "\(site):\($0)" } ?? site
        }
    }

    /// Whether the run made the property or a capture weak.
    public var applied: Bool { outcome == .weakened }

    /// Whether a closure written at `site` (as the host names it: the script's path as
    /// given, a colon, the line) is one this weakening names: the same path, or one that
    /// ends with the weakening's after a `/`.
    func names(site: String) -> Bool {
        guard case .capture(let mine, _) = target else { return false }
        return site == mine || site.hasSuffix("/" + mine)
    }
}

extension Heap {
    /// Makes weak, in a class being registered, the strong properties a weakening names
    /// for it (inherited ones included: `Class.delegate` where a superclass declares
    /// `delegate`). Called before the class's hot-path entries are built from its
    /// properties; its subclasses copy its properties, so they inherit the change.
    func applyWeakenings(_ cls: SimClass) {
        for w in weakenings.indices {
            guard case .property(let className, let name) = weakenings[w].target, className == cls.name,
                  let i = cls.propertyIndex[name] else { continue }
            let p = cls.properties[i]
            switch (p.ownership, p.type) {
            case (.strong, .objectArray):
                weakenings[w].outcome = .refused("it holds an array, whose elements an array keeps strongly")
            case (.strong, _):
                cls.properties[i].ownership = .weak
                cls.slotOwnership[i] = .weak
                weakenings[w].outcome = .weakened
            case (.copy, _):
                weakenings[w].outcome = .refused("it is a copy property, which holds a copy (a closure keeps what it captures: weaken the capture instead)")
            case (let own, _):
                weakenings[w].outcome = .alreadyNotRetaining(own)
            }
        }
    }

    /// Why each weakening that did not apply did not, one line each, for the command line:
    /// a name that matched no class or property of the run, with the nearest property's name
    /// when one is close. Empty when every weakening applied or retained nothing already.
    public func weakeningProblems() -> [String] {
        weakenings.compactMap { w in
            switch w.outcome {
            case .weakened: return nil
            case .alreadyNotRetaining(let own):
                return "\(w) is \(own) already: it retains nothing, so weakening it changes nothing"
            case .refused(let why):
                return "\(w) cannot be weak: \(why)"
            case .noSuchCapture(let captured):
                let list = captured.map { "'\($0)'" }.joined(separator: ", ")
                guard case .capture(let site, let name?) = w.target else { return nil }
                let hint = Spelling.nearest(to: name, among: captured).map { " (did you mean '\($0)'?)" } ?? ""
                return "\(w) matched nothing: the closure at \(site) captures no '\(name)'\(hint); it captures \(list)"
            case .notMade:
                switch w.target {
                case .capture(let site, _):
                    return "\(w) matched nothing: no closure written at \(site) captured an object in this run"
                case .property(let className, let name):
                    guard let cls = classesByName[className] else {
                        let hint = Spelling.nearest(to: className, among: classesByName.keys).map { " (did you mean '\($0)'?)" } ?? ""
                        return "\(w) matched nothing: the run made no class named '\(className)'\(hint)"
                    }
                    let hint = Spelling.nearest(to: name, among: cls.properties.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                    return "\(w) matched nothing: \(className) has no property '\(name)'\(hint)"
                }
            }
        }
    }
}

extension Heap {
    /// The captures of a closure written at `site` as the weakenings that name the site
    /// make them: a strong capture (every one, or the one named) becomes weak, as `[weak
    /// self]` in the closure's capture list. Returns the names made weak; the closure then
    /// runs only while they are alive (`weakenedClosures`).
    func applyWeakenings(site: String, _ captures: inout [ClosureCaptures.Capture]) -> [String] {
        var weakened: [String] = []
        for w in weakenings.indices where weakenings[w].names(site: site) {
            guard case .capture(_, let name) = weakenings[w].target else { continue }
            var matched = false
            for i in captures.indices where name == nil || captures[i].name == name {
                matched = true
                if captures[i].ownership == .strong {
                    captures[i] = ClosureCaptures.Capture(name: captures[i].name, object: captures[i].object, ownership: .weak)
                    weakened.append(captures[i].name)
                    weakenings[w].outcome = .weakened
                } else if weakenings[w].outcome != .weakened {
                    weakenings[w].outcome = .alreadyNotRetaining(captures[i].ownership)
                }
            }
            if !matched, weakenings[w].outcome == .notMade || weakenings[w].outcome.isNoSuchCapture {
                weakenings[w].outcome = .noSuchCapture(captured: captures.map(\.name))
            }
        }
        return weakened
    }
}

extension Weakening.Outcome {
    var isNoSuchCapture: Bool { if case .noSuchCapture = self { return true } else { return false } }
}
