extension Lists {
    /// `UIScrollView` (SPEC rule 38): its delegate is weak; setting `contentOffset` tells
    /// it `scrollViewDidScroll(scrollView)`.
    static let scrollViewDeclaration = ClassDeclaration("UIScrollView", superclass: "UIView",
        summary: "A view that scrolls its content; its delegate is weak.") {
        PropertyDeclaration("delegate", .weak, .object("NSObject"), summary: "Not retained (rule 38).")
        PropertyDeclaration("contentOffset", .assign, .point, setter: "setContentOffset",
                            summary: "Setting it tells the delegate `scrollViewDidScroll(scrollView)`.")
        PropertyDeclaration("contentSize", .assign, .rect, summary: "Its width and height (KitSim has no CGSize: x and y are unused).")
        Method.accessor("setContentOffset") { sim, inv in
            guard case .point(let p) = inv.argument(0) else {
                throw SimError.misuse(.badPropertyValue(property: "contentOffset", className: sim.heap.classOf(inv.receiver).name,
                                                          expected: "CGPoint", got: sim.heap.describeType(of: inv.argument(0))))
            }
            try sim.write(inv.receiver, sim.uikit.contentOffset, .point(p))
            sim.lists.scrolled(inv.receiver)
            let didScroll = Selector("scrollViewDidScroll")
            if let d = try sim.object(inv.receiver, sim.uikit.scrollDelegate), sim.heap.isAlive(d), sim.heap.responds(d, to: didScroll) {
                _ = try sim.heap.send(d, didScroll, args: Arguments(.object(inv.receiver)))
            }
            return .nil
        }
    }
}
