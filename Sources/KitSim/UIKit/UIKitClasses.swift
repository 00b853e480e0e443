/// The registered UIKit classes and the properties the model itself reads and writes,
/// each looked up once per simulator, on its first use (SPEC §3, §4): looking a class up
/// registers it (`Heap.defer`), so a run registers only the classes it needs. Properties
/// are kept here by value so the model reads and writes slots without a name lookup. A
/// class, so that the model's `let k = uikit` is one reference, not a copy of every property.
public final class UIKitClasses {
    let heap: Heap
    /// The transition coordinator and custom transitions' classes (Controllers/TransitionClasses.swift).
    public let transitions: TransitionClasses
    public private(set) lazy var responder: SimClass = c("UIResponder")
    public private(set) lazy var view: SimClass = c("UIView")
    public private(set) lazy var viewController: SimClass = c("UIViewController")
    public private(set) lazy var window: SimClass = c("UIWindow")
    public private(set) lazy var navigationBar: SimClass = c("UINavigationBar")
    public private(set) lazy var transitionView: SimClass = c("UITransitionView")
    public private(set) lazy var alertWindow: SimClass = c("_UIAlertControllerShimPresenterWindow")
    public private(set) lazy var application: SimClass = c("UIApplication")
    public private(set) lazy var screen: SimClass = c("UIScreen")
    public private(set) lazy var appDelegate: SimClass = c("AppDelegate")
    public private(set) lazy var navigationController: SimClass = c("UINavigationController")
    public private(set) lazy var tabBarController: SimClass = c("UITabBarController")
    public private(set) lazy var alertController: SimClass = c("UIAlertController")
    public private(set) lazy var alertAction: SimClass = c("UIAlertAction")
    public private(set) lazy var presentationController: SimClass = c("UIPresentationController")
    public private(set) lazy var control: SimClass = c("UIControl")
    public private(set) lazy var button: SimClass = c("UIButton")
    public private(set) lazy var gestureRecognizer: SimClass = c("UIGestureRecognizer")
    public private(set) lazy var tapRecognizer: SimClass = c("UITapGestureRecognizer")
    var gestureRecognizers: Property { @inline(__always) get { viewProperties.gestureRecognizers } }
    lazy var controlEnabled: Property = p(control, "isEnabled")
    lazy var buttonTitle: Property = p(button, "currentTitle")
    lazy var recognizerView: Property = p(gestureRecognizer, "view")
    lazy var recognizerEnabled: Property = p(gestureRecognizer, "isEnabled")
    lazy var recognizerDelegate: Property = p(gestureRecognizer, "delegate")
    public private(set) lazy var textEffectsWindow: SimClass = c("UITextEffectsWindow")
    public private(set) lazy var remoteKeyboardWindow: SimClass = c("UIRemoteKeyboardWindow")
    public private(set) lazy var textField: SimClass = c("UITextField")
    public private(set) lazy var scrollView: SimClass = c("UIScrollView")
    public private(set) lazy var tableView: SimClass = c("UITableView")
    public private(set) lazy var tableViewCell: SimClass = c("UITableViewCell")
    public private(set) lazy var collectionView: SimClass = c("UICollectionView")
    public private(set) lazy var collectionViewCell: SimClass = c("UICollectionViewCell")
    public private(set) lazy var flowLayout: SimClass = c("UICollectionViewFlowLayout")
    public private(set) lazy var pageViewController: SimClass = c("UIPageViewController")
    lazy var scrollDelegate: Property = p(scrollView, "delegate")
    lazy var contentOffset: Property = p(scrollView, "contentOffset")
    lazy var tableDataSource: Property = p(tableView, "dataSource")
    lazy var tableStyle: Property = p(tableView, "style")
    lazy var rowHeight: Property = p(tableView, "rowHeight")
    lazy var reuseIdentifier: Property = p(tableViewCell, "reuseIdentifier")
    lazy var collectionDataSource: Property = p(collectionView, "dataSource")
    lazy var collectionLayout: Property = p(collectionView, "collectionViewLayout")
    lazy var collectionReuseIdentifier: Property = p(collectionViewCell, "reuseIdentifier")
    lazy var itemSize: Property = p(flowLayout, "itemSize")
    lazy var pageStyle: Property = p(pageViewController, "transitionStyle")
    lazy var pageOrientation: Property = p(pageViewController, "navigationOrientation")
    var frame: Property { @inline(__always) get { viewProperties.frame } }
    var backgroundColor: Property { @inline(__always) get { viewProperties.backgroundColor } }
    var alpha: Property { @inline(__always) get { viewProperties.alpha } }
    var isHidden: Property { @inline(__always) get { viewProperties.isHidden } }
    var isUserInteractionEnabled: Property { @inline(__always) get { viewProperties.isUserInteractionEnabled } }
    var tag: Property { @inline(__always) get { viewProperties.tag } }
    var restorationIdentifier: Property { @inline(__always) get { viewProperties.restorationIdentifier } }
    var accessibilityIdentifier: Property { @inline(__always) get { viewProperties.accessibilityIdentifier } }
    var superview: Property { @inline(__always) get { viewProperties.superview } }
    var subviews: Property { @inline(__always) get { viewProperties.subviews } }
    var transform: Property { @inline(__always) get { viewProperties.transform } }
    var layer: Property { @inline(__always) get { viewProperties.layer } }
    public private(set) lazy var propertyAnimator: SimClass = c("UIViewPropertyAnimator")
    lazy var animatorDuration: Property = p(propertyAnimator, "duration")
    lazy var animatorAnimations: Property = p(propertyAnimator, "animations")
    lazy var animatorCompletions: Property = p(propertyAnimator, "completions")
    var windowLevel: Property { @inline(__always) get { windowProperties.windowLevel } }
    var rootViewController: Property { @inline(__always) get { windowProperties.rootViewController } }
    public private(set) lazy var windowScene: SimClass = c("UIWindowScene")
    public private(set) lazy var sceneDelegate: SimClass = c("SceneDelegate")
    var windowSceneProperty: Property { @inline(__always) get { windowProperties.windowSceneProperty } }
    lazy var sceneDelegateProperty: Property = p(windowScene, "delegate")
    lazy var activationState: Property = p(windowScene, "activationState")
    lazy var appDelegateProperty: Property = p(application, "delegate")
    lazy var screenBoundsProperty: Property = p(screen, "bounds")
    lazy var delegateWindow: Property = p(appDelegate, "window")
    var vcView: Property { @inline(__always) get { viewControllerProperties.vcView } }
    var title: Property { @inline(__always) get { viewControllerProperties.title } }
    var parent: Property { @inline(__always) get { viewControllerProperties.parent } }
    var children: Property { @inline(__always) get { viewControllerProperties.children } }
    var presented: Property { @inline(__always) get { viewControllerProperties.presented } }
    var presenting: Property { @inline(__always) get { viewControllerProperties.presenting } }
    var modalPresentationStyle: Property { @inline(__always) get { viewControllerProperties.modalPresentationStyle } }
    var transitioningDelegate: Property { @inline(__always) get { viewControllerProperties.transitioningDelegate } }
    var navControllers: Property { @inline(__always) get { navigationControllerProperties.navControllers } }
    var navBar: Property { @inline(__always) get { navigationControllerProperties.navBar } }
    var navDelegate: Property { @inline(__always) get { navigationControllerProperties.navDelegate } }
    lazy var tabControllers: Property = p(tabBarController, "viewControllers")
    lazy var tabSelectedIndex: Property = p(tabBarController, "selectedIndex")
    lazy var tabDelegate: Property = p(tabBarController, "delegate")
    lazy var alertTitle: Property = title
    lazy var alertMessage: Property = p(alertController, "message")
    lazy var alertStyle: Property = p(alertController, "preferredStyle")
    lazy var alertActions: Property = p(alertController, "actions")
    lazy var alertWindowProperty: Property = p(alertController, "alertWindow")
    lazy var actionTitle: Property = p(alertAction, "title")
    lazy var actionStyle: Property = p(alertAction, "style")
    lazy var actionHandler: Property = p(alertAction, "handler")
    lazy var pcPresenting: Property = p(presentationController, "presentingViewController")
    lazy var pcPresented: Property = p(presentationController, "presentedViewController")
    lazy var transitionPresentation: Property = p(transitionView, "presentationController")
    lazy var transitionIgnoresTouches: Property = p(transitionView, "ignoreDirectTouchEvents")

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
        transitions = TransitionClasses(heap)
    }

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    // The properties of the classes the model reads most, as `let`s of one object per class,
    // made when the model first reads one of them (which registers the class): a read then
    // borrows the property, where a `lazy var` would copy it out of its optional storage.
    final class ViewProperties {
        let gestureRecognizers: Property
        let frame: Property
        let backgroundColor: Property
        let alpha: Property
        let isHidden: Property
        let isUserInteractionEnabled: Property
        let tag: Property
        let restorationIdentifier: Property
        let accessibilityIdentifier: Property
        let superview: Property
        let subviews: Property
        let transform: Property
        let layer: Property
        init(_ k: UIKitClasses) {
            let c = k.view
            gestureRecognizers = k.p(c, "gestureRecognizers")
            frame = k.p(c, "frame")
            backgroundColor = k.p(c, "backgroundColor")
            alpha = k.p(c, "alpha")
            isHidden = k.p(c, "isHidden")
            isUserInteractionEnabled = k.p(c, "isUserInteractionEnabled")
            tag = k.p(c, "tag")
            restorationIdentifier = k.p(c, "restorationIdentifier")
            accessibilityIdentifier = k.p(c, "accessibilityIdentifier")
            superview = k.p(c, "superview")
            subviews = k.p(c, "subviews")
            transform = k.p(c, "transform")
            layer = k.p(c, "layer")
        }
    }
    private(set) lazy var viewProperties = ViewProperties(self)
    final class ViewControllerProperties {
        let vcView: Property
        let title: Property
        let parent: Property
        let children: Property
        let presented: Property
        let presenting: Property
        let modalPresentationStyle: Property
        let transitioningDelegate: Property
        init(_ k: UIKitClasses) {
            let c = k.viewController
            vcView = k.p(c, "view")
            title = k.p(c, "title")
            parent = k.p(c, "parent")
            children = k.p(c, "children")
            presented = k.p(c, "presentedViewController")
            presenting = k.p(c, "presentingViewController")
            modalPresentationStyle = k.p(c, "modalPresentationStyle")
            transitioningDelegate = k.p(c, "transitioningDelegate")
        }
    }
    private(set) lazy var viewControllerProperties = ViewControllerProperties(self)
    final class NavigationControllerProperties {
        let navControllers: Property
        let navBar: Property
        let navDelegate: Property
        init(_ k: UIKitClasses) {
            let c = k.navigationController
            navControllers = k.p(c, "viewControllers")
            navBar = k.p(c, "navigationBar")
            navDelegate = k.p(c, "delegate")
        }
    }
    private(set) lazy var navigationControllerProperties = NavigationControllerProperties(self)
    final class WindowProperties {
        let windowLevel: Property
        let rootViewController: Property
        let windowSceneProperty: Property
        init(_ k: UIKitClasses) {
            let c = k.window
            windowLevel = k.p(c, "windowLevel")
            rootViewController = k.p(c, "rootViewController")
            windowSceneProperty = k.p(c, "windowScene")
        }
    }
    private(set) lazy var windowProperties = WindowProperties(self)

    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
