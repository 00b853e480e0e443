/// How a deallocated object came to be deallocated, read back from the trace: the last
/// owner it lost, why that owner let it go (or went itself), and the temporary holds that
/// kept it for a while after. `sim.why`, the crash headline of a message to a deallocated
/// instance and the HTML report render it (KitSimReport); this is the typed data.
///
/// An owner is what the script's code decides: a strong property, an element of a strong
/// collection, an associated reference or a closure's capture, a `sim.hold`. The
/// autorelease pool and UIKit's own holds (a transition in flight, an animation, a
/// posting) are temporary: they keep an object for the rest of a turn or of a transition,
/// and blaming the last of them would blame UIKit for what the script's code did before.
public struct Death: Sendable, Equatable {
    /// A reference let go: a release of the trace, with what it was.
    public struct Release: Sendable, Equatable {
        /// The event's index in `Heap.events`.
        public let index: Int
        public let cause: TraceEvent.Cause
        /// The owner: the property's, element's or associated reference's holder (the
        /// deallocated owner for a teardown); nil for a hold, the pool or a bare release.
        public let owner: ObjectID?
        /// The property, path or associated key; the hold's name; empty for the pool.
        public let name: String
        /// The virtual time, in nanoseconds.
        public let time: Int64
        /// The script's line that caused it, or nil for the runtime's own events.
        public let location: SourceLocation?
        /// For a strong property set to another object: that object (nil when it was set
        /// to nil, or for any other release).
        public let replacement: ObjectID?
    }

    /// The deallocated object.
    public let object: ObjectID
    /// When it was deallocated, in nanoseconds of virtual time.
    public let time: Int64
    /// The line running when it was deallocated.
    public let location: SourceLocation?
    /// The last owner it lost (see the type's comment), or nil when nothing ever owned it.
    public let lastOwner: Release?
    /// The temporary holds that kept it after `lastOwner` went (after its allocation when
    /// nothing owned it), in the order they let go: the pool's drain, `transition in flight`.
    public let temporaryHolds: [Release]
    /// When the last owner let go because it was deallocated itself (a teardown): how the
    /// owner died. Kept in an array so that the type can contain itself.
    let ownerDeaths: [Death]

    /// How the last owner died, when it let go by being deallocated.
    public var ownerDeath: Death? { ownerDeaths.first }
}

extension Heap {
    /// How the objects owners went at most: a chain of owners each torn down with the
    /// next is followed this far, then its last owner is only named.
    static let deathChainLimit = 8

    /// How `id` died, or nil when it is alive, not an object of this heap, or its history
    /// was not recorded. Error and report path only: it reads the whole trace.
    public func death(of id: ObjectID) -> Death? {
        death(of: id, depth: 0)
    }

    private func death(of id: ObjectID, depth: Int) -> Death? {
        guard isValid(id), state(of: id) == .deallocated, recordsHistory else { return nil }
        let log = events
        var time: Int64 = 0
        var allocated = false
        // Every release, in order, and whether it ended a temporary hold.
        var releases: [(release: Death.Release, temporary: Bool)] = []
        for i in log.indices {
            let e = log[i]
            if e.kind == .clock {
                time = Int64(bitPattern: UInt64(e.object) | (UInt64(e.other) << 32))
                continue
            }
            guard e.object == id.raw else { continue }
            switch e.kind {
            case .alloc:
                allocated = true
            case .release:
                var release = self.release(at: i, e, time: time)
                if release.cause == .associated, let o = release.owner, deallocated(o, before: i) {
                    // A dealloc releases its associated references (a closure's captures)
                    // with their own cause; the owner went, it did not let go.
                    release = Death.Release(index: release.index, cause: .teardown, owner: o, name: release.name,
                                            time: release.time, location: release.location, replacement: nil)
                }
                releases.append((release, isTemporary(e)))
            case .dealloc:
                guard allocated else { return nil }
                // The last owner is the last release that was not temporary, passing over a
                // teardown by one of UIKit's private helpers that nothing owned (a transition
                // coordinator, held for a transition only): it holds what it refers to for
                // a while, as a temporary hold does.
                var pick: Int?
                var ownerDeaths: [Death] = []
                for k in releases.indices.reversed() where !releases[k].temporary {
                    let r = releases[k].release
                    if r.cause == .teardown, let o = r.owner, depth < Self.deathChainLimit, let d = death(of: o, depth: depth + 1) {
                        if d.lastOwner == nil, d.temporaryHolds.last?.cause == .hold, classOf(o).name.hasPrefix("_") { continue }
                        ownerDeaths = [d]
                    }
                    pick = k
                    break
                }
                let after = pick.map { releases[($0 + 1)...].map(\.release) } ?? releases.filter(\.temporary).map(\.release)
                return Death(object: id, time: time, location: sourceLocation(of: e), lastOwner: pick.map { releases[$0].release },
                             temporaryHolds: after, ownerDeaths: ownerDeaths)
            default:
                break
            }
        }
        return nil
    }

    /// Whether `id` deallocated before the event at `index`.
    private func deallocated(_ id: ObjectID, before index: Int) -> Bool {
        let log = events
        var i = index - 1
        while i >= 0 {
            let e = log[i]
            if e.kind == .dealloc, e.object == id.raw { return true }
            if e.kind == .alloc, e.object == id.raw { return false }
            i -= 1
        }
        return false
    }

    /// Whether a release is the end of a temporary hold: the autorelease pool's, or a
    /// hold of UIKit's (every hold but the script's `sim.hold`).
    private func isTemporary(_ e: TraceEvent) -> Bool {
        e.cause == .pool || (e.cause == .hold && e.detail != scriptHold.id)
    }

    private func sourceLocation(of e: TraceEvent) -> SourceLocation? {
        let l = locations[Int(e.location)]
        return l.file.isEmpty ? nil : l
    }

    private func release(at index: Int, _ e: TraceEvent, time: Int64) -> Death.Release {
        let hasOwner = e.cause == .property || e.cause == .element || e.cause == .associated || e.cause == .teardown
        let name = e.cause == .pool || e.cause == .none ? "" : self.name(e.detail)
        return Death.Release(index: index, cause: e.cause, owner: hasOwner && e.other != 0 ? ObjectID(e.other) : nil,
                             name: name, time: time, location: sourceLocation(of: e),
                             replacement: e.cause == .property ? replacement(near: index, e) : nil)
    }

    /// The object a strong property was set to when it released `e.object`: the retain by
    /// the same property of the same owner that the write recorded just before (a write
    /// retains the new value, then releases the old one; a setter's side effects, such as
    /// a transition's holds, may come between).
    private func replacement(near index: Int, _ e: TraceEvent) -> ObjectID? {
        let log = events
        var j = index - 1
        while j >= Swift.max(0, index - 32) {
            let r = log[j]
            if r.other == e.other, r.detail == e.detail, r.cause == .property, r.object != e.object {
                // The write's retain of the new value; a release is an earlier write's.
                return r.kind == .retain ? ObjectID(r.object) : nil
            }
            j -= 1
        }
        return nil
    }
}
