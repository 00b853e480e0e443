extension Simulator {
    /// SPEC rule 17: a container loads its visible child's view in the layout pass, after
    /// its own view is in a window — not when its own view loads. So when
    /// `tabBarController(_:didSelect:)` runs the new child's view is not loaded yet
    /// (seed 001), and a view the child's `viewDidLoad` adds to the window lands above
    /// the container's view (seed 002).
    func layoutContainers() throws {
        for window in visibleWindows {
            guard let root = try object(window, uikit.rootViewController) else { continue }
            try layOut(root, depth: 0)
        }
    }

    private func layOut(_ vc: ObjectID, depth: Int) throws {
        guard depth < 256 else { return }
        let k = uikit
        if let child = try visibleChild(of: vc), let containerView = try object(vc, k.vcView),
           try windowOf(containerView) != nil {
            let childView = try lifecycle.loadedView(of: child)
            // SPEC rule 59: a view a custom animator was to place is its business.
            if let childView, try object(childView, k.superview) != containerView, navigation.navTransitions.placedByAnimator[vc.raw] != child {
                try write(childView, k.frame, .rect(try boundsOf(containerView)))
                try addSubview(childView, to: containerView, at: 0)
            }
            let state = lifecycle.appearanceState(of: vc)
            if (state == .appearing || state == .appeared) && lifecycle.appearanceState(of: child) == .disappeared {
                try lifecycle.beginAppearance(child, appearing: true, animated: false)
                if state == .appeared { try lifecycle.endAppearance(child, animated: false) }
            }
            try layOut(child, depth: depth + 1)
        }
        if let p = try object(vc, k.presented) { try layOut(p, depth: depth + 1) }
    }

    /// The child a container shows: a navigation controller's top (when no animated
    /// transition is moving it), a tab bar controller's selected child.
    func visibleChild(of vc: ObjectID) throws -> ObjectID? {
        if heap.isKind(vc, of: uikit.navigationController) {
            return navigation.navTransitions[vc] == nil ? try objects(vc, uikit.navControllers).last : nil
        }
        if heap.isKind(vc, of: uikit.tabBarController) { return try navigation.selectedChild(of: vc) }
        return nil
    }
}
