/// The native shape: the same binary tree with Swift classes and ARC.
final class NativeNode {
    var left: NativeNode?
    var right: NativeNode?
    weak var parent: NativeNode?
}

/// The only owner of the native tree between build and release. A global class
/// instance, so the optimizer cannot prove the release unobservable and move or drop it.
final class NativeBox {
    var root: NativeNode?
    weak var probe: NativeNode?
}

nonisolated(unsafe) let nativeBox = NativeBox()

/// Builds a complete binary tree of `count` native nodes, breadth-first as the
/// simulated one. On return the box owns the root and each node is owned by its parent.
@inline(never)
func buildNativeTree(_ count: Int) {
    var nodes: [NativeNode] = []
    nodes.reserveCapacity(count)
    for _ in 0..<count { nodes.append(NativeNode()) }
    for i in 1..<count {
        let p = nodes[(i - 1) / 2]
        if i % 2 == 1 { p.left = nodes[i] } else { p.right = nodes[i] }
        nodes[i].parent = p
    }
    nativeBox.root = nodes[0]
    nativeBox.probe = nodes[count - 1]
}

/// Drops the last reference to the root: ARC releases the whole tree here.
@inline(never)
func releaseNativeTree() {
    nativeBox.root = nil
}
