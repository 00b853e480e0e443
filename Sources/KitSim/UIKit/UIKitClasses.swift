/// UIKit's classes as runtime classes, with the properties scripts see (SPEC §3, §4).
/// Properties are kept here by value so the model reads and writes slots without a
/// name lookup. A class, so that the model's `let k = uikit` is one reference, not a copy
/// of every property.
public final class UIKitClasses {
    public let responder, application, screen, appDelegate: SimClass
    public let view, window, navigationBar, transitionView, alertWindow: SimClass
    public let viewController, navigationController, tabBarController: SimClass
    public let alertController, alertAction, presentationController: SimClass

    // UIView
    let frame, backgroundColor, alpha, isHidden, isUserInteractionEnabled, tag: Property
    let restorationIdentifier, accessibilityIdentifier, superview, subviews: Property
    // UIWindow
    let windowLevel, rootViewController: Property
    // UIApplication, UIScreen
    let appDelegateProperty, screenBoundsProperty, delegateWindow: Property
    // UIViewController
    let vcView, title, parent, children, presented, presenting, modalPresentationStyle: Property
    // UINavigationController, UITabBarController
    let navControllers, navBar, navDelegate: Property
    let tabControllers, tabSelectedIndex, tabDelegate: Property
    // UIAlertController, UIAlertAction, presentation
    let alertTitle, alertMessage, alertStyle, alertActions, alertWindowProperty: Property
    let actionTitle, actionStyle, actionHandler: Property
    let pcPresenting, pcPresented, transitionPresentation: Property

    init(_ heap: Heap) {
        func cls(_ name: String, _ sup: SimClass?, _ props: [Property]) -> SimClass {
            heap.registerClass(name, superclass: sup, properties: props)
        }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }  // declared just above

        responder = cls("UIResponder", heap.rootClass, [])
        view = cls("UIView", responder, [
            Property("frame", .assign, type: .rect),
            Property("bounds", .assign, type: .rect, getter: "bounds", setter: "setBounds"),
            Property("backgroundColor", .assign, type: .any),
            Property("alpha", .assign, type: .number),
            Property("isHidden", .assign, type: .bool, setter: "setHidden"),
            Property("isUserInteractionEnabled", .assign, type: .bool),
            Property("tag", .assign, type: .number),
            Property("restorationIdentifier", .copy, type: .string),
            Property("accessibilityIdentifier", .copy, type: .string),
            Property("superview", .weak, type: .object(nil), readOnly: true),
            Property("subviews", .strong, type: .objectArray(nil), readOnly: true),
            Property("window", .weak, type: .object(nil), readOnly: true, getter: "window"),
        ])
        viewController = cls("UIViewController", responder, [
            Property("view", .strong, type: .object(view), getter: "view", setter: "setView"),
            Property("title", .copy, type: .string),
            Property("parent", .weak, type: .object(nil), readOnly: true),
            Property("children", .strong, type: .objectArray(nil), readOnly: true, getter: "children"),
            Property("presentedViewController", .strong, type: .object(nil), readOnly: true),
            Property("presentingViewController", .weak, type: .object(nil), readOnly: true),
            Property("modalPresentationStyle", .assign, type: .string),
            Property("isViewLoaded", .assign, type: .bool, readOnly: true, getter: "isViewLoaded"),
            Property("viewIfLoaded", .weak, type: .object(nil), readOnly: true, getter: "viewIfLoaded"),
            Property("navigationController", .weak, type: .object(nil), readOnly: true, getter: "navigationController"),
            Property("tabBarController", .weak, type: .object(nil), readOnly: true, getter: "tabBarController"),
        ])
        window = cls("UIWindow", view, [
            Property("windowLevel", .assign, type: .number, setter: "setWindowLevel"),
            Property("rootViewController", .strong, type: .object(viewController), setter: "setRootViewController"),
            Property("isKeyWindow", .assign, type: .bool, readOnly: true, getter: "isKeyWindow"),
        ])
        navigationBar = cls("UINavigationBar", view, [])
        transitionView = cls("UITransitionView", view, [
            Property("presentationController", .strong, type: .object(nil), readOnly: true),
        ])
        alertWindow = cls("_UIAlertControllerShimPresenterWindow", window, [])
        application = cls("UIApplication", responder, [
            Property("delegate", .strong, type: .object(nil)),
            Property("windows", .strong, type: .objectArray(window), readOnly: true, getter: "windows"),
            Property("keyWindow", .weak, type: .object(window), readOnly: true, getter: "keyWindow"),
        ])
        screen = cls("UIScreen", heap.rootClass, [Property("bounds", .assign, type: .rect, readOnly: true)])
        appDelegate = cls("AppDelegate", responder, [Property("window", .strong, type: .object(nil))])
        navigationController = cls("UINavigationController", viewController, [
            Property("viewControllers", .strong, type: .objectArray(viewController), setter: "setViewControllers"),
            Property("navigationBar", .strong, type: .object(navigationBar), readOnly: true),
            Property("delegate", .weak, type: .object(nil)),
            Property("topViewController", .weak, type: .object(nil), readOnly: true, getter: "topViewController"),
            Property("visibleViewController", .weak, type: .object(nil), readOnly: true, getter: "visibleViewController"),
        ])
        tabBarController = cls("UITabBarController", viewController, [
            Property("viewControllers", .strong, type: .objectArray(viewController), setter: "setViewControllers",
                     optional: true),
            Property("selectedIndex", .assign, type: .number, setter: "setSelectedIndex"),
            Property("delegate", .weak, type: .object(nil)),
            Property("selectedViewController", .weak, type: .object(viewController), getter: "selectedViewController",
                     setter: "setSelectedViewController"),
        ])
        alertController = cls("UIAlertController", viewController, [
            Property("message", .copy, type: .string),
            Property("preferredStyle", .assign, type: .string, readOnly: true),
            Property("actions", .strong, type: .objectArray(nil), readOnly: true),
            Property("alertWindow", .strong, type: .object(nil), readOnly: true),
        ])
        alertAction = cls("UIAlertAction", heap.rootClass, [
            Property("title", .copy, type: .string, readOnly: true),
            Property("style", .assign, type: .string, readOnly: true),
            Property("handler", .strong, type: .any, readOnly: true),
        ])
        presentationController = cls("UIPresentationController", heap.rootClass, [
            Property("presentingViewController", .strong, type: .object(viewController), readOnly: true),
            Property("presentedViewController", .strong, type: .object(viewController), readOnly: true),
        ])

        frame = p(view, "frame"); backgroundColor = p(view, "backgroundColor"); alpha = p(view, "alpha")
        isHidden = p(view, "isHidden"); isUserInteractionEnabled = p(view, "isUserInteractionEnabled")
        tag = p(view, "tag"); restorationIdentifier = p(view, "restorationIdentifier")
        accessibilityIdentifier = p(view, "accessibilityIdentifier")
        superview = p(view, "superview"); subviews = p(view, "subviews")
        windowLevel = p(window, "windowLevel"); rootViewController = p(window, "rootViewController")
        appDelegateProperty = p(application, "delegate"); screenBoundsProperty = p(screen, "bounds")
        delegateWindow = p(appDelegate, "window")
        vcView = p(viewController, "view"); title = p(viewController, "title"); parent = p(viewController, "parent")
        children = p(viewController, "children"); presented = p(viewController, "presentedViewController")
        presenting = p(viewController, "presentingViewController")
        modalPresentationStyle = p(viewController, "modalPresentationStyle")
        navControllers = p(navigationController, "viewControllers"); navBar = p(navigationController, "navigationBar")
        navDelegate = p(navigationController, "delegate")
        tabControllers = p(tabBarController, "viewControllers"); tabSelectedIndex = p(tabBarController, "selectedIndex")
        tabDelegate = p(tabBarController, "delegate")
        alertTitle = title; alertMessage = p(alertController, "message"); alertStyle = p(alertController, "preferredStyle")
        alertActions = p(alertController, "actions"); alertWindowProperty = p(alertController, "alertWindow")
        actionTitle = p(alertAction, "title"); actionStyle = p(alertAction, "style"); actionHandler = p(alertAction, "handler")
        pcPresenting = p(presentationController, "presentingViewController")
        pcPresented = p(presentationController, "presentedViewController")
        transitionPresentation = p(transitionView, "presentationController")
    }
}
