/// The selectors the UIKit model sends: constants, so a send does not intern its
/// name (a lock and a string hash) on every call.
extension Selector {
    static let becomeKey = Selector("becomeKey")
    static let didMove = Selector("didMove")
    static let didShowViewController = Selector("didShowViewController")
    static let hitTest = Selector("hitTest")
    static let loadView = Selector("loadView")
    static let makeKeyAndVisible = Selector("makeKeyAndVisible")
    static let navigationController_didShow = Selector("navigationController_didShow")
    static let navigationController_willShow = Selector("navigationController_willShow")
    static let removeFromParent = Selector("removeFromParent")
    static let resignKey = Selector("resignKey")
    static let tabBarController_didSelect = Selector("tabBarController_didSelect")
    static let tabBarController_shouldSelect = Selector("tabBarController_shouldSelect")
    static let viewDidAppear = Selector("viewDidAppear")
    static let viewDidDisappear = Selector("viewDidDisappear")
    static let viewDidLoad = Selector("viewDidLoad")
    static let viewWillAppear = Selector("viewWillAppear")
    static let viewWillDisappear = Selector("viewWillDisappear")
    static let willDealloc = Selector("willDealloc")
    static let willMove = Selector("willMove")
}
