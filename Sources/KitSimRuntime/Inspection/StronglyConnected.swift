/// Tarjan's strongly connected components, iterative so a component of a million
/// nodes needs no deep stack. The graph is in compressed sparse row form over nodes
/// 0..<n: the successors of `v` are `targets[offsets[v]..<offsets[v+1]]`, each a node
/// below `n` (`CycleGraph` builds it so).
/// Returns each node's component, numbered in the order Tarjan completes them (reverse
/// topological order, sinks first), and the number of components. No array is built per
/// component (a heap of 500,000 two-object cycles has 500,000 of them), and the scratch
/// tables are raw buffers of `n` entries each: the stacks never hold more than `n`.
func stronglyConnectedComponents(nodeCount n: Int, offsets: [Int32], targets: [Int32]) -> (component: [Int32], count: Int) {
    precondition(offsets.count == n + 1 && Int(offsets[n]) == targets.count, "malformed graph")
    var count: Int32 = 0
    let component = [Int32](unsafeUninitializedCapacity: n) { component, initialized in
        component.initialize(repeating: -1)
        initialized = n
        let index = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let low = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let stack = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        // Call frames: the node and the position of its next successor to visit.
        let frameNode = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let frameEdge = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        defer {
            index.deallocate(); low.deallocate(); stack.deallocate()
            frameNode.deallocate(); frameEdge.deallocate()
        }
        index.initialize(repeating: -1)
        offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
                var next: Int32 = 0
                var top = 0          // entries on `stack`
                var depth = 0        // frames
                for start in 0..<n where index[start] < 0 {
                    frameNode[0] = Int32(start); frameEdge[0] = offsets[start]; depth = 1
                    index[start] = next; low[start] = next; next += 1
                    stack[top] = Int32(start); top += 1
                    while depth > 0 {
                        let v = Int(frameNode[depth - 1])
                        let e = Int(frameEdge[depth - 1])
                        if e < Int(offsets[v + 1]) {
                            frameEdge[depth - 1] = Int32(e + 1)
                            let w = Int(targets[e])
                            if index[w] < 0 {
                                index[w] = next; low[w] = next; next += 1
                                stack[top] = Int32(w); top += 1
                                frameNode[depth] = Int32(w); frameEdge[depth] = offsets[w]; depth += 1
                            } else if component[w] < 0 {
                                // On the stack: visited and not yet in a finished component.
                                low[v] = min(low[v], index[w])
                            }
                            continue
                        }
                        depth -= 1
                        if depth > 0 {
                            let parent = Int(frameNode[depth - 1])
                            low[parent] = min(low[parent], low[v])
                        }
                        if low[v] == index[v] {
                            while true {
                                top -= 1
                                let w = Int(stack[top])
                                component[w] = count
                                if w == v { break }
                            }
                            count += 1
                        }
                    }
                }
            }
        }
    }
    return (component, Int(count))
}

/// The cyclic strongly connected components of a cycle search, in the order of their
/// lowest members, each listed in increasing order, all in flat arrays: component `c`
/// is `members[start[c]..<start[c+1]]`, and `of[v]` is node `v`'s component or -1.
struct CycleComponents {
    var start: [Int32]
    var members: [Int32]
    var of: [Int32]

    var count: Int { start.count - 1 }
    func size(_ c: Int) -> Int { Int(start[c + 1] - start[c]) }
    /// The lowest member of component `c`.
    func first(_ c: Int) -> Int { Int(members[Int(start[c])]) }
    /// The highest member of component `c`.
    func last(_ c: Int) -> Int { Int(members[Int(start[c + 1]) - 1]) }
    /// The members of component `c`, in increasing order.
    func members(_ c: Int) -> ArraySlice<Int32> { members[Int(start[c])..<Int(start[c + 1])] }
}
