/// Tarjan's strongly connected components, iterative so a component of a million
/// nodes needs no deep stack. The graph is in compressed sparse row form over nodes
/// 0..<n: the successors of `v` are `targets[offsets[v]..<offsets[v+1]]`.
/// Components come out in reverse topological order (sinks first), each in the order
/// Tarjan pops it.
func stronglyConnectedComponents(nodeCount n: Int, offsets: [Int], targets: [Int]) -> [[Int]] {
    var index = [Int](repeating: -1, count: n)
    var low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var stack: [Int] = []
    var components: [[Int]] = []
    var next = 0
    // Call frames: (node, position of the next successor to visit).
    var frames: [(node: Int, edge: Int)] = []
    for start in 0..<n where index[start] < 0 {
        frames.append((start, offsets[start]))
        index[start] = next; low[start] = next; next += 1
        stack.append(start); onStack[start] = true
        while !frames.isEmpty {
            let (v, e) = frames[frames.count - 1]
            if e < offsets[v + 1] {
                frames[frames.count - 1].edge = e + 1
                let w = targets[e]
                if index[w] < 0 {
                    index[w] = next; low[w] = next; next += 1
                    stack.append(w); onStack[w] = true
                    frames.append((w, offsets[w]))
                } else if onStack[w] {
                    low[v] = min(low[v], index[w])
                }
                continue
            }
            frames.removeLast()
            if let parent = frames.last?.node { low[parent] = min(low[parent], low[v]) }
            if low[v] == index[v] {
                var component: [Int] = []
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    component.append(w)
                    if w == v { break }
                }
                components.append(component)
            }
        }
    }
    return components
}
