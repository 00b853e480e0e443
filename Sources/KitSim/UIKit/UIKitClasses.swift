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
    var controlEnabled: Property { @inline(__always) get { controlProperties.controlEnabled } }
    var buttonTitle: Property { @inline(__always) get { buttonProperties.buttonTitle } }
    var recognizerView: Property { @inline(__always) get { gestureRecognizerProperties.recognizerView } }
    var recognizerEnabled: Property { @inline(__always) get { gestureRecognizerProperties.recognizerEnabled } }
    var recognizerDelegate: Property { @inline(__always) get { gestureRecognizerProperties.recognizerDelegate } }
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
    var scrollDelegate: Property { @inline(__always) get { scrollViewProperties.scrollDelegate } }
    var contentOffset: Property { @inline(__always) get { scrollViewProperties.contentOffset } }
    var tableDataSource: Property { @inline(__always) get { tableViewProperties.tableDataSource } }
    var tableStyle: Property { @inline(__always) get { tableViewProperties.tableStyle } }
    var rowHeight: Property { @inline(__always) get { tableViewProperties.rowHeight } }
    var reuseIdentifier: Property { @inline(__always) get { tableViewCellProperties.reuseIdentifier } }
    var collectionDataSource: Property { @inline(__always) get { collectionViewProperties.collectionDataSource } }
    var collectionLayout: Property { @inline(__always) get { collectionViewProperties.collectionLayout } }
    var collectionReuseIdentifier: Property { @inline(__always) get { collectionViewCellProperties.collectionReuseIdentifier } }
    var itemSize: Property { @inline(__always) get { flowLayoutProperties.itemSize } }
    var pageStyle: Property { @inline(__always) get { pageViewControllerProperties.pageStyle } }
    var pageOrientation: Property { @inline(__always) get { pageViewControllerProperties.pageOrientation } }
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
    var animatorDuration: Property { @inline(__always) get { propertyAnimatorProperties.animatorDuration } }
    var animatorAnimations: Property { @inline(__always) get { propertyAnimatorProperties.animatorAnimations } }
    var animatorCompletions: Property { @inline(__always) get { propertyAnimatorProperties.animatorCompletions } }
    var windowLevel: Property { @inline(__always) get { windowProperties.windowLevel } }
    var rootViewController: Property { @inline(__always) get { windowProperties.rootViewController } }
    public private(set) lazy var windowScene: SimClass = c("UIWindowScene")
    public private(set) lazy var sceneDelegate: SimClass = c("SceneDelegate")
    var windowSceneProperty: Property { @inline(__always) get { windowProperties.windowSceneProperty } }
    var sceneDelegateProperty: Property { @inline(__always) get { windowSceneProperties.sceneDelegateProperty } }
    var activationState: Property { @inline(__always) get { windowSceneProperties.activationState } }
    var appDelegateProperty: Property { @inline(__always) get { applicationProperties.appDelegateProperty } }
    var screenBoundsProperty: Property { @inline(__always) get { screenProperties.screenBoundsProperty } }
    var delegateWindow: Property { @inline(__always) get { appDelegateProperties.delegateWindow } }
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
    var tabControllers: Property { @inline(__always) get { tabBarControllerProperties.tabControllers } }
    var tabSelectedIndex: Property { @inline(__always) get { tabBarControllerProperties.tabSelectedIndex } }
    var tabDelegate: Property { @inline(__always) get { tabBarControllerProperties.tabDelegate } }
    var alertTitle: Property { @inline(__always) get { title } }
    var alertMessage: Property { @inline(__always) get { alertControllerProperties.alertMessage } }
    var alertStyle: Property { @inline(__always) get { alertControllerProperties.alertStyle } }
    var alertActions: Property { @inline(__always) get { alertControllerProperties.alertActions } }
    var alertWindowProperty: Property { @inline(__always) get { alertControllerProperties.alertWindowProperty } }
    var actionTitle: Property { @inline(__always) get { alertActionProperties.actionTitle } }
    var actionStyle: Property { @inline(__always) get { alertActionProperties.actionStyle } }
    var actionHandler: Property { @inline(__always) get { alertActionProperties.actionHandler } }
    var pcPresenting: Property { @inline(__always) get { presentationControllerProperties.pcPresenting } }
    var pcPresented: Property { @inline(__always) get { presentationControllerProperties.pcPresented } }
    var transitionPresentation: Property { @inline(__always) get { transitionViewProperties.transitionPresentation } }
    var transitionIgnoresTouches: Property { @inline(__always) get { transitionViewProperties.transitionIgnoresTouches } }

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
        transitions = TransitionClasses(heap)
    }

    // The properties, as `let`s of one object per class, made when the model first reads
    // one of them (which registers the class): a read then borrows the property, where a
    // `lazy var` would copy it out of its optional storage.
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

    final class ControlProperties {
        let controlEnabled: Property
        init(_ k: UIKitClasses) {
            let c = k.control
            controlEnabled = k.p(c, "isEnabled")
        }
    }
    private(set) lazy var controlProperties = ControlProperties(self)
    final class ButtonProperties {
        let buttonTitle: Property
        init(_ k: UIKitClasses) {
            let c = k.button
            buttonTitle = k.p(c, "currentTitle")
        }
    }
    private(set) lazy var buttonProperties = ButtonProperties(self)
    final class GestureRecognizerProperties {
        let recognizerView: Property
        let recognizerEnabled: Property
        let recognizerDelegate: Property
        init(_ k: UIKitClasses) {
            let c = k.gestureRecognizer
            recognizerView = k.p(c, "view")
            recognizerEnabled = k.p(c, "isEnabled")
            recognizerDelegate = k.p(c, "delegate")
        }
    }
    private(set) lazy var gestureRecognizerProperties = GestureRecognizerProperties(self)
    final class ScrollViewProperties {
        let scrollDelegate: Property
        let contentOffset: Property
        init(_ k: UIKitClasses) {
            let c = k.scrollView
            scrollDelegate = k.p(c, "delegate")
            contentOffset = k.p(c, "contentOffset")
        }
    }
    private(set) lazy var scrollViewProperties = ScrollViewProperties(self)
    final class TableViewProperties {
        let tableDataSource: Property
        let tableStyle: Property
        let rowHeight: Property
        init(_ k: UIKitClasses) {
            let c = k.tableView
            tableDataSource = k.p(c, "dataSource")
            tableStyle = k.p(c, "style")
            rowHeight = k.p(c, "rowHeight")
        }
    }
    private(set) lazy var tableViewProperties = TableViewProperties(self)
    final class TableViewCellProperties {
        let reuseIdentifier: Property
        init(_ k: UIKitClasses) {
            let c = k.tableViewCell
            reuseIdentifier = k.p(c, "reuseIdentifier")
        }
    }
    private(set) lazy var tableViewCellProperties = TableViewCellProperties(self)
    final class CollectionViewProperties {
        let collectionDataSource: Property
        let collectionLayout: Property
        init(_ k: UIKitClasses) {
            let c = k.collectionView
            collectionDataSource = k.p(c, "dataSource")
            collectionLayout = k.p(c, "collectionViewLayout")
        }
    }
    private(set) lazy var collectionViewProperties = CollectionViewProperties(self)
    final class CollectionViewCellProperties {
        let collectionReuseIdentifier: Property
        init(_ k: UIKitClasses) {
            let c = k.collectionViewCell
            collectionReuseIdentifier = k.p(c, "reuseIdentifier")
        }
    }
    private(set) lazy var collectionViewCellProperties = CollectionViewCellProperties(self)
    final class FlowLayoutProperties {
        let itemSize: Property
        init(_ k: UIKitClasses) {
            let c = k.flowLayout
            itemSize = k.p(c, "itemSize")
        }
    }
    private(set) lazy var flowLayoutProperties = FlowLayoutProperties(self)
    final class PageViewControllerProperties {
        let pageStyle: Property
        let pageOrientation: Property
        init(_ k: UIKitClasses) {
            let c = k.pageViewController
            pageStyle = k.p(c, "transitionStyle")
            pageOrientation = k.p(c, "navigationOrientation")
        }
    }
    private(set) lazy var pageViewControllerProperties = PageViewControllerProperties(self)
    final class PropertyAnimatorProperties {
        let animatorDuration: Property
        let animatorAnimations: Property
        let animatorCompletions: Property
        init(_ k: UIKitClasses) {
            let c = k.propertyAnimator
            animatorDuration = k.p(c, "duration")
            animatorAnimations = k.p(c, "animations")
            animatorCompletions = k.p(c, "completions")
        }
    }
    private(set) lazy var propertyAnimatorProperties = PropertyAnimatorProperties(self)
    final class WindowSceneProperties {
        let sceneDelegateProperty: Property
        let activationState: Property
        init(_ k: UIKitClasses) {
            let c = k.windowScene
            sceneDelegateProperty = k.p(c, "delegate")
            activationState = k.p(c, "activationState")
        }
    }
    private(set) lazy var windowSceneProperties = WindowSceneProperties(self)
    final class ApplicationProperties {
        let appDelegateProperty: Property
        init(_ k: UIKitClasses) {
            let c = k.application
            appDelegateProperty = k.p(c, "delegate")
        }
    }
    private(set) lazy var applicationProperties = ApplicationProperties(self)
    final class ScreenProperties {
        let screenBoundsProperty: Property
        init(_ k: UIKitClasses) {
            let c = k.screen
            screenBoundsProperty = k.p(c, "bounds")
        }
    }
    private(set) lazy var screenProperties = ScreenProperties(self)
    final class AppDelegateProperties {
        let delegateWindow: Property
        init(_ k: UIKitClasses) {
            let c = k.appDelegate
            delegateWindow = k.p(c, "window")
        }
    }
    private(set) lazy var appDelegateProperties = AppDelegateProperties(self)
    final class TabBarControllerProperties {
        let tabControllers: Property
        let tabSelectedIndex: Property
        let tabDelegate: Property
        init(_ k: UIKitClasses) {
            let c = k.tabBarController
            tabControllers = k.p(c, "viewControllers")
            tabSelectedIndex = k.p(c, "selectedIndex")
            tabDelegate = k.p(c, "delegate")
        }
    }
    private(set) lazy var tabBarControllerProperties = TabBarControllerProperties(self)
    final class AlertControllerProperties {
        let alertMessage: Property
        let alertStyle: Property
        let alertActions: Property
        let alertWindowProperty: Property
        init(_ k: UIKitClasses) {
            let c = k.alertController
            alertMessage = k.p(c, "message")
            alertStyle = k.p(c, "preferredStyle")
            alertActions = k.p(c, "actions")
            alertWindowProperty = k.p(c, "alertWindow")
        }
    }
    private(set) lazy var alertControllerProperties = AlertControllerProperties(self)
    final class AlertActionProperties {
        let actionTitle: Property
        let actionStyle: Property
        let actionHandler: Property
        init(_ k: UIKitClasses) {
            let c = k.alertAction
            actionTitle = k.p(c, "title")
            actionStyle = k.p(c, "style")
            actionHandler = k.p(c, "handler")
        }
    }
    private(set) lazy var alertActionProperties = AlertActionProperties(self)
    final class PresentationControllerProperties {
        let pcPresenting: Property
        let pcPresented: Property
        init(_ k: UIKitClasses) {
            let c = k.presentationController
            pcPresenting = k.p(c, "presentingViewController")
            pcPresented = k.p(c, "presentedViewController")
        }
    }
    private(set) lazy var presentationControllerProperties = PresentationControllerProperties(self)
    final class TransitionViewProperties {
        let transitionPresentation: Property
        let transitionIgnoresTouches: Property
        init(_ k: UIKitClasses) {
            let c = k.transitionView
            transitionPresentation = k.p(c, "presentationController")
            transitionIgnoresTouches = k.p(c, "ignoreDirectTouchEvents")
        }
    }
    private(set) lazy var transitionViewProperties = TransitionViewProperties(self)

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
