/// The registered UIKit classes and the properties the model itself reads and writes,
/// looked up once per simulator (SPEC §3, §4). Properties are kept here by value so the
/// model reads and writes slots without a name lookup. A class, so that the model's `let k = uikit` is one reference, not a copy
/// of every property.
public final class UIKitClasses {
    public let responder, application, screen, appDelegate: SimClass
    public let view, window, navigationBar, transitionView, alertWindow: SimClass
    public let viewController, navigationController, tabBarController: SimClass
    public let alertController, alertAction, presentationController: SimClass
    public let control, button, gestureRecognizer, tapRecognizer: SimClass
    public let scrollView, tableView, tableViewCell, collectionView, collectionViewCell, flowLayout, pageViewController: SimClass
    public let propertyAnimator: SimClass
    public let textEffectsWindow, remoteKeyboardWindow, textField: SimClass
    /// The transition coordinator and custom transitions' classes (Controllers/TransitionClasses.swift).
    public let transitions: TransitionClasses
    public let windowScene, sceneDelegate: SimClass
    // UIScrollView, UITableView, UICollectionView, UIPageViewController
    let scrollDelegate, contentOffset, tableDataSource, tableStyle, rowHeight, reuseIdentifier: Property
    let collectionDataSource, collectionLayout, collectionReuseIdentifier, itemSize, pageStyle, pageOrientation: Property

    // UIView
    let frame, backgroundColor, alpha, isHidden, isUserInteractionEnabled, tag: Property
    let restorationIdentifier, accessibilityIdentifier, superview, subviews, gestureRecognizers, transform, layer: Property
    // UIControl, UIButton, UIGestureRecognizer
    let controlEnabled, buttonTitle, recognizerView, recognizerEnabled, recognizerDelegate: Property
    // UIViewPropertyAnimator
    let animatorDuration, animatorAnimations, animatorCompletions: Property
    // UIWindow
    let windowLevel, rootViewController: Property
    // UIWindowScene, SceneDelegate (SPEC rules 69-72)
    let windowSceneProperty, sceneDelegateProperty, activationState: Property
    // UIApplication, UIScreen
    let appDelegateProperty, screenBoundsProperty, delegateWindow: Property
    // UIViewController
    let vcView, title, parent, children, presented, presenting, modalPresentationStyle, transitioningDelegate: Property
    // UINavigationController, UITabBarController
    let navControllers, navBar, navDelegate: Property
    let tabControllers, tabSelectedIndex, tabDelegate: Property
    // UIAlertController, UIAlertAction, presentation
    let alertTitle, alertMessage, alertStyle, alertActions, alertWindowProperty: Property
    let actionTitle, actionStyle, actionHandler: Property
    let pcPresenting, pcPresented, transitionPresentation, transitionIgnoresTouches: Property

    /// Looks up the registered classes and properties once (`Simulator.declarations`
    /// declares them), so the model reads and writes slots with no lookup per call.
    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }

        responder = c("UIResponder"); view = c("UIView"); viewController = c("UIViewController"); window = c("UIWindow")
        navigationBar = c("UINavigationBar"); transitionView = c("UITransitionView")
        alertWindow = c("_UIAlertControllerShimPresenterWindow"); application = c("UIApplication"); screen = c("UIScreen")
        appDelegate = c("AppDelegate"); navigationController = c("UINavigationController")
        tabBarController = c("UITabBarController"); alertController = c("UIAlertController"); alertAction = c("UIAlertAction")
        presentationController = c("UIPresentationController")
        control = c("UIControl"); button = c("UIButton"); gestureRecognizer = c("UIGestureRecognizer")
        tapRecognizer = c("UITapGestureRecognizer")
        gestureRecognizers = p(view, "gestureRecognizers"); controlEnabled = p(control, "isEnabled")
        buttonTitle = p(button, "currentTitle"); recognizerView = p(gestureRecognizer, "view")
        recognizerEnabled = p(gestureRecognizer, "isEnabled"); recognizerDelegate = p(gestureRecognizer, "delegate")
        textEffectsWindow = c("UITextEffectsWindow"); remoteKeyboardWindow = c("UIRemoteKeyboardWindow")
        textField = c("UITextField")
        scrollView = c("UIScrollView"); tableView = c("UITableView"); tableViewCell = c("UITableViewCell")
        collectionView = c("UICollectionView"); collectionViewCell = c("UICollectionViewCell")
        flowLayout = c("UICollectionViewFlowLayout"); pageViewController = c("UIPageViewController")
        scrollDelegate = p(scrollView, "delegate"); contentOffset = p(scrollView, "contentOffset")
        tableDataSource = p(tableView, "dataSource"); tableStyle = p(tableView, "style"); rowHeight = p(tableView, "rowHeight")
        reuseIdentifier = p(tableViewCell, "reuseIdentifier"); collectionDataSource = p(collectionView, "dataSource")
        collectionLayout = p(collectionView, "collectionViewLayout")
        collectionReuseIdentifier = p(collectionViewCell, "reuseIdentifier"); itemSize = p(flowLayout, "itemSize")
        pageStyle = p(pageViewController, "transitionStyle"); pageOrientation = p(pageViewController, "navigationOrientation")

        frame = p(view, "frame"); backgroundColor = p(view, "backgroundColor"); alpha = p(view, "alpha")
        isHidden = p(view, "isHidden"); isUserInteractionEnabled = p(view, "isUserInteractionEnabled")
        tag = p(view, "tag"); restorationIdentifier = p(view, "restorationIdentifier")
        accessibilityIdentifier = p(view, "accessibilityIdentifier")
        superview = p(view, "superview"); subviews = p(view, "subviews")
        transform = p(view, "transform"); layer = p(view, "layer")
        propertyAnimator = c("UIViewPropertyAnimator")
        animatorDuration = p(propertyAnimator, "duration"); animatorAnimations = p(propertyAnimator, "animations")
        animatorCompletions = p(propertyAnimator, "completions")
        windowLevel = p(window, "windowLevel"); rootViewController = p(window, "rootViewController")
        windowScene = c("UIWindowScene"); sceneDelegate = c("SceneDelegate")
        windowSceneProperty = p(window, "windowScene"); sceneDelegateProperty = p(windowScene, "delegate")
        activationState = p(windowScene, "activationState")
        appDelegateProperty = p(application, "delegate"); screenBoundsProperty = p(screen, "bounds")
        delegateWindow = p(appDelegate, "window")
        vcView = p(viewController, "view"); title = p(viewController, "title"); parent = p(viewController, "parent")
        children = p(viewController, "children"); presented = p(viewController, "presentedViewController")
        presenting = p(viewController, "presentingViewController")
        modalPresentationStyle = p(viewController, "modalPresentationStyle")
        transitioningDelegate = p(viewController, "transitioningDelegate")
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
        transitionIgnoresTouches = p(transitionView, "ignoreDirectTouchEvents")
        transitions = TransitionClasses(heap)
    }
}
