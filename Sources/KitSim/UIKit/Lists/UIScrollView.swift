/// `UIScrollView`, as the model names it: its class and the properties the model reads and writes.
package enum UIScrollView: ModelClass {
    package static let handle = ClassHandle("UIScrollView")
    package static var declaration: SimulatorClassDeclaration { Lists.scrollViewDeclaration }
    package static let delegate = handle.property("delegate")
    package static let contentOffset = handle.property("contentOffset")
}

extension Lists {
    /// `UIScrollView` (SPEC rule 38): its delegate is weak from iOS 9 and `assign` before,
    /// so on iOS 7-8 it dangles when the delegate goes first (rule 78); setting
    /// `contentOffset` tells it `scrollViewDidScroll(scrollView)`.
    static let scrollViewDeclaration = ClassDeclaration(UIScrollView.handle, superclass: "UIView",
        summary: "A view that scrolls its content; its delegate is weak (assign before iOS 9).") {
        PropertyDeclaration(UIScrollView.delegate, .weak, .object("NSObject"), earlier: .assign(before: 9),
                            summary: "Not retained (rule 38); before iOS 9 not zeroed either: a callback to a delegate that went is a zombie's crash (rule 78).")
        PropertyDeclaration(UIScrollView.contentOffset, .assign, .point, setter: "setContentOffset",
                            summary: "Setting it tells the delegate `scrollViewDidScroll(scrollView)`.")
        PropertyDeclaration("contentSize", .assign, .rect, summary: "Its width and height (KitSim has no CGSize: x and y are unused).")
        Method.accessor("setContentOffset") { sim, inv in
            guard case .point(let p) = inv.argument(0) else {
                throw SimError.misuse(.badPropertyValue(property: "contentOffset", className: sim.heap.classOf(inv.receiver).name,
                                                          expected: "CGPoint", got: sim.heap.describeType(of: inv.argument(0))))
            }
            try sim.write(inv.receiver, sim[UIScrollView.contentOffset], .point(p))
            sim.lists.scrolled(inv.receiver)
            let didScroll = Selector("scrollViewDidScroll")
            if let d = try sim.lists.callee(inv.receiver, sim[UIScrollView.delegate], didScroll, objC: "scrollViewDidScroll:") {
                _ = try sim.heap.send(d, didScroll, args: Arguments(.object(inv.receiver)))
            }
            return .nil
        }
    }
}
