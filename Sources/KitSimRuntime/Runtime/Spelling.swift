/// The nearest of a set of names to a misspelled one, for "did you mean …" hints.
/// Only error paths call it: it costs a distance per candidate.
public enum Spelling {
    /// The candidate nearest to `name` by edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours, case ignored), when it is close enough to be
    /// a likely misspelling: at most 1 edit for names up to 3 letters, 2 up to 6, 3 beyond.
    /// Ties go to the smaller distance with case counted, then to the first in sorted
    /// order, so the hint is deterministic. Nil when `name` itself is a candidate or none
    /// is close. `maxEdits` lowers the limit for a caller that must not mistake a word for a
    /// misspelling.
    public static func nearest(to name: String, among candidates: some Sequence<String>, maxEdits: Int? = nil) -> String? {
        let length = name.count <= 3 ? 1 : name.count <= 6 ? 2 : 3
        let limit = maxEdits.map { min($0, length) } ?? length
        let lowered = Array(name.lowercased().utf8), exact = Array(name.utf8)
        var best: (distance: Int, exact: Int, name: String)?
        for c in Set(candidates) where c != name && !c.isEmpty {
            let d = distance(lowered, Array(c.lowercased().utf8), limit: limit)
            guard d <= limit else { continue }
            let e = distance(exact, Array(c.utf8), limit: limit + name.count)
            if let b = best, (b.distance, b.exact, b.name) <= (d, e, c) { continue }
            best = (d, e, c)
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`, or `limit + 1` as soon
    /// as it must exceed `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, before[j - 2] + 1) }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
