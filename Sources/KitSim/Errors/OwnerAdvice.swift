import KitSimRuntime

extension Simulator {
    /// Where an app keeps an object of `id`'s class, for the advice on an object that
    /// nothing owned (`Heap.ownerAdvice`): the owner an iOS engineer would give it. The
    /// most specific class first: a window is a view too.
    func ownerAdvice(for id: ObjectID) -> String? {
        if heap.isKind(id, of: self[UIWindow.self]) {
            // UIKit keeps no window it did not make: the app's delegate owns it, or with a
            // scene manifest the scene delegate (its `window` property).
            let main = sceneMode == .manifest ? "the scene delegate's window" : "UIApplication.shared.delegate.window"
            return main + ", or a property of the object that shows it"
        }
        if heap.isKind(id, of: self[UIViewController.self]) {
            return "a window's rootViewController, a navigation stack, a presentation or a parent's children"
        }
        if heap.isKind(id, of: self[UIView.self]) { return "a superview, with addSubview" }
        return nil
    }
}
