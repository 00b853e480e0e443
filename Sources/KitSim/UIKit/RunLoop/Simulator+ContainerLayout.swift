extension ControllerLifecycle {
    /// SPEC rule 17: a container loads its visible child's view in the layout pass, after
    /// its own view is in a window — not when its own view loads. So when
    /// `tabBarController(_:didSelect:)` runs the new child's view is not loaded yet
    /// (seed 001), and a view the child's `viewDidLoad` adds to the window lands above
    /// the container's view (seed 002).
    func layoutContainers() throws {
        for window in sim.visibleWindows {
            guard let root = try object(window, UIWindow.rootViewController) else { continue }
            try layOut(root, depth: 0)
        }
    }

    private func layOut(_ vc: ObjectID, depth: Int) throws {
        guard depth < 256 else { return }
        if let child = try navigation.visibleChild(of: vc), let containerView = try object(vc, UIViewController.view),
           try views.windowOf(containerView) != nil {
            let childView = try loadedView(of: child)
            // SPEC rule 59: a view a custom animator was to place is its business.
            if let childView, try object(childView, UIView.superview) != containerView,
               navigation.navTransitions.placedByAnimator[vc.raw] != child {
                try write(childView, heap[UIView.frame], .rect(try views.boundsOf(containerView)))
                try views.addSubview(childView, to: containerView, at: 0)
            }
            let state = appearanceState(of: vc)
            if (state == .appearing || state == .appeared) && appearanceState(of: child) == .disappeared {
                try beginAppearance(child, appearing: true, animated: false)
                if state == .appeared { try endAppearance(child, animated: false) }
            }
            try layOut(child, depth: depth + 1)
        }
        if let p = try object(vc, UIViewController.presentedViewController) { try layOut(p, depth: depth + 1) }
    }
}

extension Navigation {
    /// The child a container shows: a navigation controller's top (when no animated
    /// transition is moving it), a tab bar controller's selected child.
    func visibleChild(of vc: ObjectID) throws -> ObjectID? {
        if heap.isKind(vc, of: UINavigationController.handle) {
            return navTransitions[vc] == nil ? try objects(vc, UINavigationController.viewControllers).last : nil
        }
        if heap.isKind(vc, of: UITabBarController.handle) { return try selectedChild(of: vc) }
        return nil
    }
}
