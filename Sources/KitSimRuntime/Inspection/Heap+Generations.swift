/// A moment of a heap's life that later allocations are counted from, as Instruments' Mark
/// Generation: the id the next object gets and the index of the next trace event. Object
/// ids are handed out in order and never reused, so the objects allocated since a mark are
/// exactly those whose id is at least `firstObject`.
public struct HeapMark: Sendable, Equatable {
    /// The id the first object allocated after the mark gets.
    public let firstObject: UInt32
    /// The index in `Heap.events` of the first event recorded after the mark.
    public let firstEvent: Int
}

/// A source line where objects of a generation were allocated, with how many of them.
public struct AllocationSite: Sendable, Equatable {
    /// The script's file:line, or nil when the object was made outside the script or its
    /// history was not recorded.
    public let location: SourceLocation?
    public let count: Int
}

/// The live objects of one class in a generation or a growth report.
public struct GenerationClass: Sendable, Equatable {
    public let className: String
    /// The objects, in id order. Ids only, so that a report keeps nothing alive.
    public let objects: [ObjectID]
    /// Where they were allocated: the line that made the most first, then by line.
    public let sites: [AllocationSite]

    /// How many objects of the class are listed.
    public var count: Int { objects.count }
}

/// The objects allocated since a mark that are still alive, by class (`sim.since`).
public struct Generation: Sendable, Equatable {
    /// The classes, the one with the most objects first, then by name.
    public let classes: [GenerationClass]

    /// The number of objects in every class.
    public var count: Int { classes.reduce(0) { $0 + $1.count } }
}

/// A class whose live count grew in every round of `sim.growth`.
public struct GrowingClass: Sendable, Equatable {
    public let className: String
    /// The live count before the first round.
    public let before: Int
    /// The live count after each round.
    public let counts: [Int]
    /// Its live objects allocated during the rounds, and where they were allocated.
    public let allocated: GenerationClass?

    /// The live count gained over all the rounds.
    public var growth: Int { (counts.last ?? before) - before }
}

/// The classes whose live count grew in every round of a repeated action, as BLeak's round
/// trips find them (`sim.growth`).
public struct Growth: Sendable, Equatable {
    /// How many rounds ran.
    public let rounds: Int
    /// The growing classes, the one that gained the most first, then by name.
    public let classes: [GrowingClass]
}

extension Heap {
    /// The current moment, for `generation(since:)` later.
    public func mark() -> HeapMark {
        HeapMark(firstObject: UInt32(classIndex.count), firstEvent: eventBuffer.count)
    }

    /// The objects allocated since `mark` that are alive now, grouped by class, each with
    /// the source lines that allocated them (read from the trace's allocation events,
    /// which carry the script's line as every event does).
    public func generation(since mark: HeapMark) -> Generation {
        let first = Int(mark.firstObject)
        guard first < classIndex.count else { return Generation(classes: []) }
        // The location of each object's allocation, by id - first; 0 is "no location".
        var allocatedAt = ContiguousArray<UInt32>(repeating: 0, count: classIndex.count - first)
        let log = events
        if recordsHistory, mark.firstEvent >= 0, mark.firstEvent < log.count {
            for i in mark.firstEvent..<log.count {
                let e = log[i]
                guard e.kind == .alloc, Int(e.object) >= first, Int(e.object) < classIndex.count else { continue }
                allocatedAt[Int(e.object) - first] = e.location
            }
        }
        // Objects by class id, in id order; a class's ids are gathered in an array indexed
        // by class id, so the order never depends on hashing.
        var byClass: [[UInt32]] = Array(repeating: [], count: classes.count)
        for raw in first..<classIndex.count where states[raw] == .alive {
            let c = Int(classIndex[raw])
            if c < byClass.count { byClass[c].append(UInt32(raw)) }
        }
        var out: [GenerationClass] = []
        for (c, ids) in byClass.enumerated() where !ids.isEmpty {
            out.append(GenerationClass(className: classes[c].name, objects: ids.map(ObjectID.init),
                                       sites: sites(of: ids, first: first, allocatedAt)))
        }
        out.sort { $0.count != $1.count ? $0.count > $1.count : $0.className < $1.className }
        return Generation(classes: out)
    }

    /// The allocation lines of `ids`, the line that made the most first, then by file and
    /// line; objects made outside the script last.
    private func sites(of ids: [UInt32], first: Int, _ allocatedAt: ContiguousArray<UInt32>) -> [AllocationSite] {
        var counts: [(location: UInt32, count: Int)] = []
        for id in ids {
            let loc = allocatedAt[Int(id) - first]
            if let k = counts.firstIndex(where: { $0.location == loc }) { counts[k].count += 1 } else { counts.append((loc, 1)) }
        }
        let sites = counts.map { c in
            let loc = locations[Int(c.location)]
            return AllocationSite(location: loc.file.isEmpty ? nil : loc, count: c.count)
        }
        return sites.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            guard let x = a.location else { return false }
            guard let y = b.location else { return true }
            return x.file != y.file ? x.file < y.file : x.line < y.line
        }
    }

    /// How many live objects each class has, indexed by class id.
    public func liveCountsByClass() -> [Int] {
        var counts = [Int](repeating: 0, count: classes.count)
        for raw in 1..<states.count where states[raw] == .alive {
            let c = Int(classIndex[raw])
            if c < counts.count { counts[c] += 1 }
        }
        return counts
    }

    /// The classes whose live count rose in every round: `before` is the count by class id
    /// before the first round, `after` the counts after each round, `mark` the moment the
    /// rounds began (for the allocation lines of what they left alive).
    public func growth(before: [Int], after: [[Int]], since mark: HeapMark) -> Growth {
        let allocated = generation(since: mark)
        var out: [GrowingClass] = []
        let classCount = after.map(\.count).max() ?? 0
        for c in 0..<classCount {
            var previous = c < before.count ? before[c] : 0
            var counts: [Int] = []
            for round in after {
                let n = c < round.count ? round[c] : 0
                guard n > previous else { break }
                counts.append(n)
                previous = n
            }
            guard counts.count == after.count, !after.isEmpty, c < classes.count else { continue }
            let name = classes[c].name
            out.append(GrowingClass(className: name, before: c < before.count ? before[c] : 0, counts: counts,
                                    allocated: allocated.classes.first { $0.className == name }))
        }
        out.sort { $0.growth != $1.growth ? $0.growth > $1.growth : $0.className < $1.className }
        return Growth(rounds: after.count, classes: out)
    }
}
