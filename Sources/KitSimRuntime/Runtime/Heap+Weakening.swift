/// A property one run makes weak where its class declares it strong (`kitsim run --weaken
/// Class.property`): the change a fix for a retain cycle most often is (`weak var
/// delegate`), tried without editing the scenario. The class and every subclass made in
/// the run get the weak property; a class made before the weakening was set keeps its
/// declaration, so a simulator takes its weakenings before it registers its classes.
public struct Weakening: Sendable, Equatable, CustomStringConvertible {
    public let className: String
    public let property: String
    /// What the run did with it, so far.
    public internal(set) var outcome: Outcome = .notMade

    public enum Outcome: Sendable, Equatable {
        /// No class of that name with that property was made in the run.
        case notMade
        /// The property was strong and is weak in this run.
        case weakened
        /// The property retains nothing already (weak, unowned, assign): nothing changed.
        case alreadyNotRetaining(Ownership)
        /// The property cannot be weak, for the reason given; it keeps its declaration.
        case refused(String)
    }

    /// `Class.property`, each part a name (letters, digits, `_`, not starting with a digit).
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Weakening.isName) else { return nil }
        className = String(parts[0])
        property = String(parts[1])
    }

    static func isName(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    public var description: String { "\(className).\(property)" }

    /// Whether the run made the property weak.
    public var applied: Bool { outcome == .weakened }
}

extension Heap {
    /// Makes weak, in a class being registered, the strong properties a weakening names
    /// for it (inherited ones included: `Class.delegate` where a superclass declares
    /// `delegate`). Called before the class's hot-path entries are built from its
    /// properties; its subclasses copy its properties, so they inherit the change.
    func applyWeakenings(_ cls: SimClass) {
        for w in weakenings.indices where weakenings[w].className == cls.name {
            guard let i = cls.propertyIndex[weakenings[w].property] else { continue }
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
            case .notMade:
                guard let cls = classesByName[w.className] else {
                    let hint = Spelling.nearest(to: w.className, among: classesByName.keys).map { " (did you mean '\($0)'?)" } ?? ""
                    return "\(w) matched nothing: the run made no class named '\(w.className)'\(hint)"
                }
                let hint = Spelling.nearest(to: w.property, among: cls.properties.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                return "\(w) matched nothing: \(w.className) has no property '\(w.property)'\(hint)"
            }
        }
    }
}
