import Testing
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime
import KitSimReport

/// Names as an iOS engineer types them: a member written as its Objective-C selector or
/// its Swift signature gets the name KitSim declares in the message (`NameResolver`, from
/// the declarations); a member a script's class lacks gets how to declare it; and a
/// script's subclass may give a property its first value (`{ ticks = 0 }`).
@Suite struct NameHintRulesTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let message: String
        init(_ name: String, _ code: String, _ message: String) {
            self.name = name
            self.code = code
            self.message = message
        }
        var testDescription: String { name }
    }

    static func run(_ code: String) throws -> (LuaSandbox, Outcome) {
        let sandbox = try LuaSandbox()
        return (sandbox, sandbox.run(chunk: code, name: "@t.lua"))
    }

    /// The first line of the failure's message.
    static func headline(_ code: String) throws -> String {
        let (_, o) = try run(code)
        return String((o.message ?? "").prefix { $0 != "\n" })
    }

    /// Real Objective-C selectors and Swift signatures of the declared classes, written as
    /// a script would (pieces joined with `_`, or the whole name as a string key): each
    /// resolves to the member KitSim declares, by Swift's import rules.
    static let selectors: [Row] = [
        Row("UIViewController:presentViewController_animated_completion (Objective-C)",
            "local vc = UIViewController()\nvc:presentViewController_animated_completion(UIViewController(), true, nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController presentViewController_animated_completion]: unrecognized selector sent to instance #4; did you mean 'present'?"),
        Row("UIViewController:presentViewController (Objective-C)",
            "local vc = UIViewController()\nvc:presentViewController(UIViewController())",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController presentViewController]: unrecognized selector sent to instance #4; did you mean 'present'?"),
        Row("UIViewController:present_animated_completion (Swift)",
            "local vc = UIViewController()\nvc:present_animated_completion(UIViewController(), true, nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController present_animated_completion]: unrecognized selector sent to instance #4; did you mean 'present'?"),
        Row("UIViewController:dismissViewControllerAnimated_completion (Objective-C)",
            "local vc = UIViewController()\nvc:dismissViewControllerAnimated_completion(true, nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController dismissViewControllerAnimated_completion]: unrecognized selector sent to instance #4; did you mean 'dismiss'?"),
        Row("UIViewController:dismissViewControllerAnimated (Objective-C)",
            "local vc = UIViewController()\nvc:dismissViewControllerAnimated(true)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController dismissViewControllerAnimated]: unrecognized selector sent to instance #4; did you mean 'dismiss'?"),
        Row("UIViewController:dismiss_animated_completion (Swift)",
            "local vc = UIViewController()\nvc:dismiss_animated_completion(true, nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController dismiss_animated_completion]: unrecognized selector sent to instance #4; did you mean 'dismiss'?"),
        Row("UIViewController:addChildViewController (Objective-C)",
            "local vc = UIViewController()\nvc:addChildViewController(UIViewController())",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController addChildViewController]: unrecognized selector sent to instance #4; did you mean 'addChild'?"),
        Row("UIViewController:removeFromParentViewController (Objective-C)",
            "local vc = UIViewController()\nvc:removeFromParentViewController()",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController removeFromParentViewController]: unrecognized selector sent to instance #4; did you mean 'removeFromParent'?"),
        Row("UIViewController:willMoveToParentViewController (Objective-C)",
            "local vc = UIViewController()\nvc:willMoveToParentViewController(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController willMoveToParentViewController]: unrecognized selector sent to instance #4; did you mean 'willMove'?"),
        Row("UIViewController:didMoveToParentViewController (Objective-C)",
            "local vc = UIViewController()\nvc:didMoveToParentViewController(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController didMoveToParentViewController]: unrecognized selector sent to instance #4; did you mean 'didMove'?"),
        Row("UIViewController:willMove_toParent (Swift)",
            "local vc = UIViewController()\nvc:willMove_toParent(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController willMove_toParent]: unrecognized selector sent to instance #4; did you mean 'willMove'?"),
        Row("UIViewController:viewWillTransitionToSize_withTransitionCoordinator (Objective-C)",
            "local vc = UIViewController()\nvc:viewWillTransitionToSize_withTransitionCoordinator(CGSize(1, 2), nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController viewWillTransitionToSize_withTransitionCoordinator]: unrecognized selector sent to instance #4; did you mean 'viewWillTransition'?"),
        Row("UIViewController:willRotateToInterfaceOrientation_duration (Objective-C)",
            "local vc = UIViewController()\nvc:willRotateToInterfaceOrientation_duration(\"portrait\", 0)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController willRotateToInterfaceOrientation_duration]: unrecognized selector sent to instance #4; did you mean 'willRotate'?"),
        Row("UIViewController:didRotateFromInterfaceOrientation (Objective-C)",
            "local vc = UIViewController()\nvc:didRotateFromInterfaceOrientation(\"portrait\")",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController didRotateFromInterfaceOrientation]: unrecognized selector sent to instance #4; did you mean 'didRotate'?"),
        Row("UIViewController:setTitle (Objective-C)",
            "local vc = UIViewController()\nvc:setTitle(\"Inbox\")",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController setTitle]: unrecognized selector sent to instance #4; did you mean the property 'title' (obj.title = value)?"),
        Row("UIViewController:setModalPresentationStyle (Objective-C)",
            "local vc = UIViewController()\nvc:setModalPresentationStyle(\"fullScreen\")",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController setModalPresentationStyle]: unrecognized selector sent to instance #4; did you mean the property 'modalPresentationStyle' (obj.modalPresentationStyle = value)?"),
        Row("UIViewController:isKindOfClass (Objective-C)",
            "local vc = UIViewController()\nvc:isKindOfClass(UIView)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController isKindOfClass]: unrecognized selector sent to instance #4; did you mean 'isKind'?"),
        Row("UIViewController:respondsToSelector (Objective-C)",
            "local vc = UIViewController()\nvc:respondsToSelector(\"view\")",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController respondsToSelector]: unrecognized selector sent to instance #4; did you mean 'responds'?"),
        Row("UIViewController:isKind_of (Swift)",
            "local vc = UIViewController()\nvc:isKind_of(UIView)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController isKind_of]: unrecognized selector sent to instance #4; did you mean 'isKind'?"),
        Row("UINavigationController:popViewControllerAnimated (Objective-C)",
            "local nav = UINavigationController()\nnav:popViewControllerAnimated(true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController popViewControllerAnimated]: unrecognized selector sent to instance #4; did you mean 'popViewController'?"),
        Row("UINavigationController:popViewController_animated (Swift)",
            "local nav = UINavigationController()\nnav:popViewController_animated(true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController popViewController_animated]: unrecognized selector sent to instance #4; did you mean 'popViewController'?"),
        Row("UINavigationController:popToRootViewControllerAnimated (Objective-C)",
            "local nav = UINavigationController()\nnav:popToRootViewControllerAnimated(true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController popToRootViewControllerAnimated]: unrecognized selector sent to instance #4; did you mean 'popToRootViewController'?"),
        Row("UINavigationController:popToViewController_animated (Objective-C)",
            "local nav = UINavigationController()\nnav:popToViewController_animated(UIViewController(), true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController popToViewController_animated]: unrecognized selector sent to instance #4; did you mean 'popToViewController'?"),
        Row("UINavigationController:pushViewController_animated (Objective-C)",
            "local nav = UINavigationController()\nnav:pushViewController_animated(UIViewController(), true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController pushViewController_animated]: unrecognized selector sent to instance #4; did you mean 'pushViewController'?"),
        Row("UINavigationController:setViewControllers_animated (Objective-C)",
            "local nav = UINavigationController()\nnav:setViewControllers_animated({}, false)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController setViewControllers_animated]: unrecognized selector sent to instance #4; did you mean 'setViewControllers'?"),
        Row("UINavigationController:setDelegate (Objective-C)",
            "local nav = UINavigationController()\nnav:setDelegate(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController setDelegate]: unrecognized selector sent to instance #4; did you mean the property 'delegate' (obj.delegate = value)?"),
        Row("UINavigationController:popViewControllerAnimated: (Objective-C)",
            "local nav = UINavigationController()\nnav[\"popViewControllerAnimated:\"](nav, true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController popViewControllerAnimated:]: unrecognized selector sent to instance #4; did you mean 'popViewController'?"),
        Row("UINavigationController:pushViewController(_:animated:) (Swift)",
            "local nav = UINavigationController()\nnav[\"pushViewController(_:animated:)\"](nav, UIViewController(), true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController pushViewController(_:animated:)]: unrecognized selector sent to instance #4; did you mean 'pushViewController'?"),
        Row("UINavigationController.initWithRootViewController (Objective-C)",
            "local nav = UINavigationController.initWithRootViewController(UIViewController())",
            "t.lua:1: class UINavigationController has no method or class member 'initWithRootViewController'; did you mean 'UINavigationController(rootViewController)'?"),
        Row("UINavigationController.popViewControllerAnimated (Objective-C)",
            "local nav = UINavigationController()\nUINavigationController.popViewControllerAnimated(nav, true)",
            "t.lua:2: class UINavigationController has no method or class member 'popViewControllerAnimated'; did you mean 'popViewController'?"),
        Row("UINavigationController:swizzle(\"pushViewController:animated:\") (Objective-C)",
            "UINavigationController:swizzle(\"pushViewController:animated:\", function(self, original, vc, animated) end)",
            "t.lua:1: bad argument #2 to 'swizzle' (UINavigationController has no method 'pushViewController:animated:'); did you mean 'pushViewController'?"),
        Row("UITabBarController:setViewControllers_animated (Objective-C)",
            "local tab = UITabBarController()\ntab:setViewControllers_animated({}, false)",
            "t.lua:2: NSInvalidArgumentException: -[UITabBarController setViewControllers_animated]: unrecognized selector sent to instance #4; did you mean 'setViewControllers'?"),
        Row("UITabBarController:setDelegate (Objective-C)",
            "local tab = UITabBarController()\ntab:setDelegate(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UITabBarController setDelegate]: unrecognized selector sent to instance #4; did you mean the property 'delegate' (obj.delegate = value)?"),
        Row("UIView:insertSubview_atIndex (Objective-C)",
            "local view = UIView()\nview:insertSubview_atIndex(UIView(), 0)",
            "t.lua:2: NSInvalidArgumentException: -[UIView insertSubview_atIndex]: unrecognized selector sent to instance #4; did you mean 'insertSubview'?"),
        Row("UIView:insertSubview_at (Swift)",
            "local view = UIView()\nview:insertSubview_at(UIView(), 0)",
            "t.lua:2: NSInvalidArgumentException: -[UIView insertSubview_at]: unrecognized selector sent to instance #4; did you mean 'insertSubview'?"),
        Row("UIView:isDescendantOfView (Objective-C)",
            "local view = UIView()\nview:isDescendantOfView(UIView())",
            "t.lua:2: NSInvalidArgumentException: -[UIView isDescendantOfView]: unrecognized selector sent to instance #4; did you mean 'isDescendant'?"),
        Row("UIView:hitTest_withEvent (Objective-C)",
            "local view = UIView()\nview:hitTest_withEvent(CGPoint(0, 0), nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIView hitTest_withEvent]: unrecognized selector sent to instance #4; did you mean 'hitTest'?"),
        Row("UIView:pointInside_withEvent (Objective-C)",
            "local view = UIView()\nview:pointInside_withEvent(CGPoint(0, 0), nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIView pointInside_withEvent]: unrecognized selector sent to instance #4; did you mean 'point'?"),
        Row("UIView:snapshotViewAfterScreenUpdates (Objective-C)",
            "local view = UIView()\nview:snapshotViewAfterScreenUpdates(false)",
            "t.lua:2: NSInvalidArgumentException: -[UIView snapshotViewAfterScreenUpdates]: unrecognized selector sent to instance #4; did you mean 'snapshotView'?"),
        Row("UIView:setBackgroundColor (Objective-C)",
            "local view = UIView()\nview:setBackgroundColor(\"red\")",
            "t.lua:2: NSInvalidArgumentException: -[UIView setBackgroundColor]: unrecognized selector sent to instance #4; did you mean the property 'backgroundColor' (obj.backgroundColor = value)?"),
        Row("UIView:setUserInteractionEnabled (Objective-C)",
            "local view = UIView()\nview:setUserInteractionEnabled(false)",
            "t.lua:2: NSInvalidArgumentException: -[UIView setUserInteractionEnabled]: unrecognized selector sent to instance #4; did you mean the property 'isUserInteractionEnabled' (obj.isUserInteractionEnabled = value)?"),
        Row("UIView:setFrame (Objective-C)",
            "local view = UIView()\nview:setFrame(CGRect(0, 0, 10, 10))",
            "t.lua:2: NSInvalidArgumentException: -[UIView setFrame]: unrecognized selector sent to instance #4; did you mean the property 'frame' (obj.frame = value)?"),
        Row("UIView.animateWithDuration_animations_completion (Objective-C)",
            "UIView.animateWithDuration_animations_completion(0.3, function() end, nil)",
            "t.lua:1: class UIView has no method or class member 'animateWithDuration_animations_completion'; did you mean 'animate'?"),
        Row("UIView.animateWithDuration_delay_options_animations_completion (Objective-C)",
            "UIView.animateWithDuration_delay_options_animations_completion(0.3, 0, nil, function() end, nil)",
            "t.lua:1: class UIView has no method or class member 'animateWithDuration_delay_options_animations_completion'; did you mean 'animate_delay'?"),
        Row("UIView.animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion (Objective-C)",
            "UIView.animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion(0.3, 0, 1, 0, nil, function() end, nil)",
            "t.lua:1: class UIView has no method or class member 'animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion'; did you mean 'animate_usingSpringWithDamping'?"),
        Row("UIView.animate_withDuration_animations_completion (Swift)",
            "UIView.animate_withDuration_animations_completion(0.3, function() end, nil)",
            "t.lua:1: class UIView has no method or class member 'animate_withDuration_animations_completion'; did you mean 'animate'?"),
        Row("UIView.initWithFrame (Objective-C)",
            "local view = UIView.initWithFrame(CGRect(0, 0, 10, 10))",
            "t.lua:1: class UIView has no method or class member 'initWithFrame'; did you mean 'UIView(frame)'?"),
        Row("UIWindow:becomeKeyWindow (Objective-C)",
            "local win = UIWindow()\nwin:becomeKeyWindow()",
            "t.lua:2: NSInvalidArgumentException: -[UIWindow becomeKeyWindow]: unrecognized selector sent to instance #4; did you mean 'becomeKey'?"),
        Row("UIWindow:resignKeyWindow (Objective-C)",
            "local win = UIWindow()\nwin:resignKeyWindow()",
            "t.lua:2: NSInvalidArgumentException: -[UIWindow resignKeyWindow]: unrecognized selector sent to instance #4; did you mean 'resignKey'?"),
        Row("UIWindow:makeKeyWindow (Objective-C)",
            "local win = UIWindow()\nwin:makeKeyWindow()",
            "t.lua:2: NSInvalidArgumentException: -[UIWindow makeKeyWindow]: unrecognized selector sent to instance #4; did you mean 'makeKey'?"),
        Row("UIWindow.alloc (Objective-C)",
            "local win = UIWindow.alloc():initWithFrame(CGRect(0, 0, 10, 10))",
            "t.lua:1: class UIWindow has no method or class member 'alloc'; did you mean 'UIWindow(frameOrScene)'?"),
        Row("UIWindow.initWithWindowScene (Objective-C)",
            "local win = UIWindow.initWithWindowScene(nil)",
            "t.lua:1: class UIWindow has no method or class member 'initWithWindowScene'; did you mean 'UIWindow(frameOrScene)'?"),
        Row("UIApplication.sharedApplication (Objective-C)",
            "local app = UIApplication.sharedApplication",
            "t.lua:1: class UIApplication has no method or class member 'sharedApplication'; did you mean 'shared'?"),
        Row("UIApplication:setDelegate (Objective-C)",
            "local app = UIApplication.shared\napp:setDelegate(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UIApplication setDelegate]: unrecognized selector sent to instance #1; did you mean the property 'delegate' (obj.delegate = value)?"),
        Row("UIScreen.mainScreen (Objective-C)",
            "local screen = UIScreen.mainScreen",
            "t.lua:1: class UIScreen has no method or class member 'mainScreen'; did you mean 'main'?"),
        Row("UIDevice.currentDevice (Objective-C)",
            "local device = UIDevice.currentDevice",
            "t.lua:1: class UIDevice has no method or class member 'currentDevice'; did you mean 'current'?"),
        Row("NotificationCenter.defaultCenter (Objective-C)",
            "local nc = NotificationCenter.defaultCenter",
            "t.lua:1: class NotificationCenter has no method or class member 'defaultCenter'; did you mean 'default'?"),
        Row("NotificationCenter:addObserverForName_object_queue_usingBlock (Objective-C)",
            "local nc = NotificationCenter.default\nnc:addObserverForName_object_queue_usingBlock(\"Ping\", nil, nil, function() end)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter addObserverForName_object_queue_usingBlock]: unrecognized selector sent to instance #4; did you mean 'addObserver_forName'?"),
        Row("NotificationCenter:addObserverForName (Objective-C)",
            "local nc = NotificationCenter.default\nnc:addObserverForName(\"Ping\", nil, nil, function() end)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter addObserverForName]: unrecognized selector sent to instance #4; did you mean 'addObserver_forName'?"),
        Row("NotificationCenter:addObserver_forName_object_queue_using (Swift)",
            "local nc = NotificationCenter.default\nnc:addObserver_forName_object_queue_using(\"Ping\", nil, nil, function() end)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter addObserver_forName_object_queue_using]: unrecognized selector sent to instance #4; did you mean 'addObserver_forName'?"),
        Row("NotificationCenter:addObserver(forName:object:queue:using:) (Swift)",
            "local nc = NotificationCenter.default\nnc[\"addObserver(forName:object:queue:using:)\"](nc, \"Ping\", nil, nil, function() end)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter addObserver(forName:object:queue:using:)]: unrecognized selector sent to instance #4; did you mean 'addObserver_forName'?"),
        Row("NotificationCenter:addObserver_selector_name_object (Objective-C)",
            "local nc = NotificationCenter.default\nnc:addObserver_selector_name_object(UIViewController(), \"ping\", \"Ping\", nil)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter addObserver_selector_name_object]: unrecognized selector sent to instance #4; did you mean 'addObserver'?"),
        Row("NotificationCenter:removeObserver_name_object (Objective-C)",
            "local nc = NotificationCenter.default\nnc:removeObserver_name_object(UIViewController(), \"Ping\", nil)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter removeObserver_name_object]: unrecognized selector sent to instance #4; did you mean 'removeObserver'?"),
        Row("NotificationCenter:postNotificationName_object_userInfo (Objective-C)",
            "local nc = NotificationCenter.default\nnc:postNotificationName_object_userInfo(\"Ping\", nil, nil)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter postNotificationName_object_userInfo]: unrecognized selector sent to instance #4; did you mean 'post'?"),
        Row("NotificationCenter:postNotificationName_object (Objective-C)",
            "local nc = NotificationCenter.default\nnc:postNotificationName_object(\"Ping\", nil)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter postNotificationName_object]: unrecognized selector sent to instance #4; did you mean 'post'?"),
        Row("NotificationCenter:post_name_object_userInfo (Swift)",
            "local nc = NotificationCenter.default\nnc:post_name_object_userInfo(\"Ping\", nil, nil)",
            "t.lua:2: NSInvalidArgumentException: -[NotificationCenter post_name_object_userInfo]: unrecognized selector sent to instance #4; did you mean 'post'?"),
        Row("Timer.scheduledTimerWithTimeInterval_target_selector_userInfo_repeats (Objective-C)",
            "Timer.scheduledTimerWithTimeInterval_target_selector_userInfo_repeats(1, UIViewController(), \"tick\", nil, true)",
            "t.lua:1: class Timer has no method or class member 'scheduledTimerWithTimeInterval_target_selector_userInfo_repeats'; did you mean 'scheduledTimer'?"),
        Row("Timer.scheduledTimerWithTimeInterval_repeats_block (Objective-C)",
            "Timer.scheduledTimerWithTimeInterval_repeats_block(1, true, function() end)",
            "t.lua:1: class Timer has no method or class member 'scheduledTimerWithTimeInterval_repeats_block'; did you mean 'scheduledTimer_withTimeInterval'?"),
        Row("Timer.scheduledTimer_timeInterval_target_selector_userInfo_repeats (Swift)",
            "Timer.scheduledTimer_timeInterval_target_selector_userInfo_repeats(1, UIViewController(), \"tick\", nil, true)",
            "t.lua:1: class Timer has no method or class member 'scheduledTimer_timeInterval_target_selector_userInfo_repeats'; did you mean 'scheduledTimer'?"),
        Row("Timer.scheduledTimer_withTimeInterval_repeats_block (Swift)",
            "Timer.scheduledTimer_withTimeInterval_repeats_block(1, true, function() end)",
            "t.lua:1: class Timer has no method or class member 'scheduledTimer_withTimeInterval_repeats_block'; did you mean 'scheduledTimer_withTimeInterval'?"),
        Row("RunLoop.mainRunLoop (Objective-C)",
            "local loop = RunLoop.mainRunLoop",
            "t.lua:1: class RunLoop has no method or class member 'mainRunLoop'; did you mean 'main'?"),
        Row("CADisplayLink.displayLinkWithTarget_selector (Objective-C)",
            "local link = CADisplayLink.displayLinkWithTarget_selector(UIViewController(), \"tick\")",
            "t.lua:1: class CADisplayLink has no method or class member 'displayLinkWithTarget_selector'; did you mean 'CADisplayLink(target, selector)'?"),
        Row("CADisplayLink:addToRunLoop_forMode (Objective-C)",
            "local link = CADisplayLink(UIViewController(), \"tick\")\nlink:addToRunLoop_forMode(RunLoop.main, \"common\")",
            "t.lua:2: NSInvalidArgumentException: -[CADisplayLink addToRunLoop_forMode]: unrecognized selector sent to instance #5; did you mean 'add'?"),
        Row("CADisplayLink:removeFromRunLoop_forMode (Objective-C)",
            "local link = CADisplayLink(UIViewController(), \"tick\")\nlink:removeFromRunLoop_forMode(RunLoop.main, \"common\")",
            "t.lua:2: NSInvalidArgumentException: -[CADisplayLink removeFromRunLoop_forMode]: unrecognized selector sent to instance #5; did you mean 'remove'?"),
        Row("DispatchQueue:async_execute (Swift)",
            "local queue = DispatchQueue.main\nqueue:async_execute(function() end)",
            "t.lua:2: NSInvalidArgumentException: -[DispatchQueue async_execute]: unrecognized selector sent to instance #4; did you mean 'async'?"),
        Row("DispatchQueue:asyncAfter_deadline_execute (Swift)",
            "local queue = DispatchQueue.main\nqueue:asyncAfter_deadline_execute(DispatchTime.now() + 1, function() end)",
            "t.lua:2: NSInvalidArgumentException: -[DispatchQueue asyncAfter_deadline_execute]: unrecognized selector sent to instance #4; did you mean 'asyncAfter'?"),
        Row("OperationQueue.mainQueue (Objective-C)",
            "local ops = OperationQueue.mainQueue",
            "t.lua:1: class OperationQueue has no method or class member 'mainQueue'; did you mean 'main'?"),
        Row("OperationQueue:addOperationWithBlock (Objective-C)",
            "local ops = OperationQueue.main\nops:addOperationWithBlock(function() end)",
            "t.lua:2: NSInvalidArgumentException: -[OperationQueue addOperationWithBlock]: unrecognized selector sent to instance #4; did you mean 'addOperation'?"),
        Row("UITableView:dequeueReusableCellWithIdentifier_forIndexPath (Objective-C)",
            "local tv = UITableView()\ntv:dequeueReusableCellWithIdentifier_forIndexPath(\"Cell\", IndexPath(0))",
            "t.lua:2: NSInvalidArgumentException: -[UITableView dequeueReusableCellWithIdentifier_forIndexPath]: unrecognized selector sent to instance #4; did you mean 'dequeueReusableCell'?"),
        Row("UITableView:dequeueReusableCellWithIdentifier (Objective-C)",
            "local tv = UITableView()\ntv:dequeueReusableCellWithIdentifier(\"Cell\")",
            "t.lua:2: NSInvalidArgumentException: -[UITableView dequeueReusableCellWithIdentifier]: unrecognized selector sent to instance #4; did you mean 'dequeueReusableCell'?"),
        Row("UITableView:dequeueReusableCell_withIdentifier_for (Swift)",
            "local tv = UITableView()\ntv:dequeueReusableCell_withIdentifier_for(\"Cell\", IndexPath(0))",
            "t.lua:2: NSInvalidArgumentException: -[UITableView dequeueReusableCell_withIdentifier_for]: unrecognized selector sent to instance #4; did you mean 'dequeueReusableCell'?"),
        Row("UITableView:registerClass_forCellReuseIdentifier (Objective-C)",
            "local tv = UITableView()\ntv:registerClass_forCellReuseIdentifier(UITableViewCell, \"Cell\")",
            "t.lua:2: NSInvalidArgumentException: -[UITableView registerClass_forCellReuseIdentifier]: unrecognized selector sent to instance #4; did you mean 'register'?"),
        Row("UITableView:cellForRowAtIndexPath (Objective-C)",
            "local tv = UITableView()\ntv:cellForRowAtIndexPath(IndexPath(0))",
            "t.lua:2: NSInvalidArgumentException: -[UITableView cellForRowAtIndexPath]: unrecognized selector sent to instance #4; did you mean 'cellForRow'?"),
        Row("UITableView:numberOfRowsInSection (Objective-C)",
            "local tv = UITableView()\ntv:numberOfRowsInSection(0)",
            "t.lua:2: NSInvalidArgumentException: -[UITableView numberOfRowsInSection]: unrecognized selector sent to instance #4; did you mean 'numberOfRows'?"),
        Row("UITableView:setDataSource (Objective-C)",
            "local tv = UITableView()\ntv:setDataSource(nil)",
            "t.lua:2: NSInvalidArgumentException: -[UITableView setDataSource]: unrecognized selector sent to instance #4; did you mean the property 'dataSource' (obj.dataSource = value)?"),
        Row("UICollectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath (Objective-C)",
            "local cv = UICollectionView(nil, UICollectionViewFlowLayout())\ncv:dequeueReusableCellWithReuseIdentifier_forIndexPath(\"Cell\", IndexPath(0))",
            "t.lua:2: NSInvalidArgumentException: -[UICollectionView dequeueReusableCellWithReuseIdentifier_forIndexPath]: unrecognized selector sent to instance #5; did you mean 'dequeueReusableCell'?"),
        Row("UICollectionView:registerClass_forCellWithReuseIdentifier (Objective-C)",
            "local cv = UICollectionView(nil, UICollectionViewFlowLayout())\ncv:registerClass_forCellWithReuseIdentifier(UICollectionViewCell, \"Cell\")",
            "t.lua:2: NSInvalidArgumentException: -[UICollectionView registerClass_forCellWithReuseIdentifier]: unrecognized selector sent to instance #5; did you mean 'register'?"),
        Row("UICollectionView:cellForItemAtIndexPath (Objective-C)",
            "local cv = UICollectionView(nil, UICollectionViewFlowLayout())\ncv:cellForItemAtIndexPath(IndexPath(0))",
            "t.lua:2: NSInvalidArgumentException: -[UICollectionView cellForItemAtIndexPath]: unrecognized selector sent to instance #5; did you mean 'cellForItem'?"),
        Row("UICollectionView:numberOfItemsInSection (Objective-C)",
            "local cv = UICollectionView(nil, UICollectionViewFlowLayout())\ncv:numberOfItemsInSection(0)",
            "t.lua:2: NSInvalidArgumentException: -[UICollectionView numberOfItemsInSection]: unrecognized selector sent to instance #5; did you mean 'numberOfItems'?"),
        Row("UIAlertController.alertControllerWithTitle_message_preferredStyle (Objective-C)",
            "local alert = UIAlertController.alertControllerWithTitle_message_preferredStyle(\"Title\", \"Message\", \"alert\")",
            "t.lua:1: class UIAlertController has no method or class member 'alertControllerWithTitle_message_preferredStyle'; did you mean 'UIAlertController(title, message, preferredStyle)'?"),
        Row("UIAlertAction.actionWithTitle_style_handler (Objective-C)",
            "local action = UIAlertAction.actionWithTitle_style_handler(\"OK\", \"default\", nil)",
            "t.lua:1: class UIAlertAction has no method or class member 'actionWithTitle_style_handler'; did you mean 'UIAlertAction(title, style, handler)'?"),
        Row("UIAlertController:addAction_ (Objective-C)",
            "local alert = UIAlertController(\"Title\", \"Message\")\nalert:addAction_(UIAlertAction(\"OK\"))",
            "t.lua:2: NSInvalidArgumentException: -[UIAlertController addAction_]: unrecognized selector sent to instance #4; did you mean 'addAction'?"),
        Row("WKUserContentController:addScriptMessageHandler_name (Objective-C)",
            "local ucc = WKWebViewConfiguration().userContentController\nucc:addScriptMessageHandler_name(UIViewController(), \"native\")",
            "t.lua:2: NSInvalidArgumentException: -[WKUserContentController addScriptMessageHandler_name]: unrecognized selector sent to instance #5; did you mean 'add'?"),
        Row("WKUserContentController:removeScriptMessageHandlerForName (Objective-C)",
            "local ucc = WKWebViewConfiguration().userContentController\nucc:removeScriptMessageHandlerForName(\"native\")",
            "t.lua:2: NSInvalidArgumentException: -[WKUserContentController removeScriptMessageHandlerForName]: unrecognized selector sent to instance #5; did you mean 'removeScriptMessageHandler'?"),
        Row("WKUserContentController:removeScriptMessageHandler_forName (Swift)",
            "local ucc = WKWebViewConfiguration().userContentController\nucc:removeScriptMessageHandler_forName(\"native\")",
            "t.lua:2: NSInvalidArgumentException: -[WKUserContentController removeScriptMessageHandler_forName]: unrecognized selector sent to instance #5; did you mean 'removeScriptMessageHandler'?"),
        Row("WKWebView.initWithFrame_configuration (Objective-C)",
            "local web = WKWebView.initWithFrame_configuration(CGRect(0, 0, 10, 10), nil)",
            "t.lua:1: class WKWebView has no method or class member 'initWithFrame_configuration'; did you mean 'WKWebView(frame, configuration)'?"),
        Row("WKWebView:setNavigationDelegate (Objective-C)",
            "local web = WKWebView()\nweb:setNavigationDelegate(nil)",
            "t.lua:2: NSInvalidArgumentException: -[WKWebView setNavigationDelegate]: unrecognized selector sent to instance #4; did you mean the property 'navigationDelegate' (obj.navigationDelegate = value)?"),
        Row("URLSession.sharedSession (Objective-C)",
            "local session = URLSession.sharedSession",
            "t.lua:1: class URLSession has no method or class member 'sharedSession'; did you mean 'shared'?"),
        Row("URLSession.sessionWithConfiguration_delegate_delegateQueue (Objective-C)",
            "local session = URLSession.sessionWithConfiguration_delegate_delegateQueue(URLSessionConfiguration.default, nil, nil)",
            "t.lua:1: class URLSession has no method or class member 'sessionWithConfiguration_delegate_delegateQueue'; did you mean 'URLSession(configuration, delegate, delegateQueue)'?"),
        Row("URLSession:dataTaskWithURL_completionHandler (Objective-C)",
            "local session = URLSession.shared\nsession:dataTaskWithURL_completionHandler(\"https://example.com\", nil)",
            "t.lua:2: NSInvalidArgumentException: -[URLSession dataTaskWithURL_completionHandler]: unrecognized selector sent to instance #4; did you mean 'dataTask'?"),
        Row("URLSession:dataTask_with_completionHandler (Swift)",
            "local session = URLSession.shared\nsession:dataTask_with_completionHandler(\"https://example.com\", nil)",
            "t.lua:2: NSInvalidArgumentException: -[URLSession dataTask_with_completionHandler]: unrecognized selector sent to instance #4; did you mean 'dataTask'?"),
        Row("URLSessionConfiguration.defaultSessionConfiguration (Objective-C)",
            "local configuration = URLSessionConfiguration.defaultSessionConfiguration",
            "t.lua:1: class URLSessionConfiguration has no method or class member 'defaultSessionConfiguration'; did you mean 'default'?"),
        Row("CALayer:addAnimation_forKey (Objective-C)",
            "local layer = CALayer()\nlayer:addAnimation_forKey(CABasicAnimation(\"opacity\"), \"fade\")",
            "t.lua:2: NSInvalidArgumentException: -[CALayer addAnimation_forKey]: unrecognized selector sent to instance #4; did you mean 'add'?"),
        Row("CALayer:removeAnimationForKey (Objective-C)",
            "local layer = CALayer()\nlayer:removeAnimationForKey(\"fade\")",
            "t.lua:2: NSInvalidArgumentException: -[CALayer removeAnimationForKey]: unrecognized selector sent to instance #4; did you mean 'removeAnimation'?"),
        Row("CALayer:animationForKey (Objective-C)",
            "local layer = CALayer()\nlayer:animationForKey(\"fade\")",
            "t.lua:2: NSInvalidArgumentException: -[CALayer animationForKey]: unrecognized selector sent to instance #4; did you mean 'animation'?"),
        Row("CALayer:add_forKey (Swift)",
            "local layer = CALayer()\nlayer:add_forKey(CABasicAnimation(\"opacity\"), \"fade\")",
            "t.lua:2: NSInvalidArgumentException: -[CALayer add_forKey]: unrecognized selector sent to instance #4; did you mean 'add'?"),
        Row("CALayer:setDelegate (Objective-C)",
            "local layer = CALayer()\nlayer:setDelegate(nil)",
            "t.lua:2: NSInvalidArgumentException: -[CALayer setDelegate]: unrecognized selector sent to instance #4; did you mean the property 'delegate' (obj.delegate = value)?"),
        Row("UIViewPropertyAnimator:startAnimationAfterDelay (Objective-C)",
            "local anim = UIViewPropertyAnimator(1, \"linear\")\nanim:startAnimationAfterDelay(0)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewPropertyAnimator startAnimationAfterDelay]: unrecognized selector sent to instance #4; did you mean 'startAnimation'?"),
        Row("UIViewPropertyAnimator:finishAnimationAtPosition (Objective-C)",
            "local anim = UIViewPropertyAnimator(1, \"linear\")\nanim:finishAnimationAtPosition(\"end\")",
            "t.lua:2: NSInvalidArgumentException: -[UIViewPropertyAnimator finishAnimationAtPosition]: unrecognized selector sent to instance #4; did you mean 'finishAnimation'?"),
        Row("UIViewPropertyAnimator:addAnimations_delayFactor (Objective-C)",
            "local anim = UIViewPropertyAnimator(1, \"linear\")\nanim:addAnimations_delayFactor(function() end, 0)",
            "t.lua:2: NSInvalidArgumentException: -[UIViewPropertyAnimator addAnimations_delayFactor]: unrecognized selector sent to instance #4; did you mean 'addAnimations'?"),
        Row("UIViewPropertyAnimator.initWithDuration_curve_animations (Objective-C)",
            "local anim = UIViewPropertyAnimator.initWithDuration_curve_animations(1, \"linear\", nil)",
            "t.lua:1: class UIViewPropertyAnimator has no method or class member 'initWithDuration_curve_animations'; did you mean 'UIViewPropertyAnimator(duration, curve, animations)'?"),
        Row("UIButton:addTarget_action_forControlEvents (Objective-C)",
            "local button = UIButton()\nbutton:addTarget_action_forControlEvents(UIViewController(), \"tap\", \"touchUpInside\")",
            "t.lua:2: NSInvalidArgumentException: -[UIButton addTarget_action_forControlEvents]: unrecognized selector sent to instance #4; did you mean 'addTarget'?"),
        Row("UIButton:sendActionsForControlEvents (Objective-C)",
            "local button = UIButton()\nbutton:sendActionsForControlEvents(\"touchUpInside\")",
            "t.lua:2: NSInvalidArgumentException: -[UIButton sendActionsForControlEvents]: unrecognized selector sent to instance #4; did you mean 'sendActions'?"),
        Row("UIButton:setTitle_forState (Objective-C)",
            "local button = UIButton()\nbutton:setTitle_forState(\"OK\", \"normal\")",
            "t.lua:2: NSInvalidArgumentException: -[UIButton setTitle_forState]: unrecognized selector sent to instance #4; did you mean 'setTitle'?"),
        Row("UIButton:setEnabled (Objective-C)",
            "local button = UIButton()\nbutton:setEnabled(false)",
            "t.lua:2: NSInvalidArgumentException: -[UIButton setEnabled]: unrecognized selector sent to instance #4; did you mean the property 'isEnabled' (obj.isEnabled = value)?"),
        Row("UIActionSheet:addButtonWithTitle (Objective-C)",
            "local sheet = UIActionSheet(\"Title\")\nsheet:addButtonWithTitle(\"OK\")",
            "t.lua:2: NSInvalidArgumentException: -[UIActionSheet addButtonWithTitle]: unrecognized selector sent to instance #4; did you mean 'addButton'?"),
        Row("UIActionSheet:showInView (Objective-C)",
            "local sheet = UIActionSheet(\"Title\")\nsheet:showInView(UIView())",
            "t.lua:2: NSInvalidArgumentException: -[UIActionSheet showInView]: unrecognized selector sent to instance #4; did you mean 'show'?"),
        Row("UIActionSheet:buttonTitleAtIndex (Objective-C)",
            "local sheet = UIActionSheet(\"Title\")\nsheet:buttonTitleAtIndex(0)",
            "t.lua:2: NSInvalidArgumentException: -[UIActionSheet buttonTitleAtIndex]: unrecognized selector sent to instance #4; did you mean 'buttonTitle'?"),
        Row("UIActionSheet:dismissWithClickedButtonIndex_animated (Objective-C)",
            "local sheet = UIActionSheet(\"Title\")\nsheet:dismissWithClickedButtonIndex_animated(0, true)",
            "t.lua:2: NSInvalidArgumentException: -[UIActionSheet dismissWithClickedButtonIndex_animated]: unrecognized selector sent to instance #4; did you mean 'dismiss'?"),
        Row("UITapGestureRecognizer.initWithTarget_action (Objective-C)",
            "local tap = UITapGestureRecognizer.initWithTarget_action(UIViewController(), \"tap\")",
            "t.lua:1: class UITapGestureRecognizer has no method or class member 'initWithTarget_action'; did you mean 'UITapGestureRecognizer(target, action)'?"),
    ]

    @Test(arguments: selectors) func aSelectorOrSwiftSignatureNamesTheDeclaredMember(_ row: Row) throws {
        #expect(try Self.headline(row.code) == row.message)
    }

    @Test func theTableCoversSixtyNamesAndEveryClassAsked() {
        #expect(Self.selectors.count >= 60)
        let classes = ["UIViewController", "UINavigationController", "UITabBarController", "UIView", "UIWindow",
                       "UIApplication", "NotificationCenter", "Timer", "DispatchQueue", "UITableView", "UICollectionView",
                       "UIAlertController", "WKUserContentController", "URLSession", "CALayer", "UIViewPropertyAnimator"]
        for c in classes {
            #expect(Self.selectors.contains { $0.name.hasPrefix(c + ":") || $0.name.hasPrefix(c + ".") }, "\(c)")
        }
    }

    /// The hint is the script's message only: the exception's reason, the outcome's crash
    /// and the trace keep UIKit's exact words; `pcall` sees the hint as a field.
    @Test func theSelectorHintStaysOutOfTheExceptionText() throws {
        let (sandbox, o) = try Self.run("""
            local n = UINavigationController()
            local ok, e = pcall(function() n:popViewControllerAnimated(true) end)
            assert(e.reason == "-[UINavigationController popViewControllerAnimated]: unrecognized selector sent to instance #4", e.reason)
            assert(e.hint == "; did you mean 'popViewController'?", e.hint)
            n:popViewControllerAnimated(true)
            """)
        #expect(o.crash?.reason == "-[UINavigationController popViewControllerAnimated]: unrecognized selector sent to instance #4")
        #expect(String((o.message ?? "").prefix { $0 != "\n" }).hasSuffix("; did you mean 'popViewController'?"))
        #expect(sandbox.heap.traceText().contains("did you mean") == false)
    }

    /// Names no rule ties to a declared member keep the message without a hint (or with
    /// the nearest spelling, as before): the rules do not guess.
    @Test(arguments: [
        Row("a selector KitSim does not model", "local v = UIView()\nv:viewWithTag(1)",
            "t.lua:2: NSInvalidArgumentException: -[UIView viewWithTag]: unrecognized selector sent to instance #4"),
        Row("a base name that is another method's prefix", "local w = WKWebView()\nw:loadHTMLString_baseURL('', nil)",
            "t.lua:2: NSInvalidArgumentException: -[WKWebView loadHTMLString_baseURL]: unrecognized selector sent to instance #4"),
        Row("a setter of no property", "local n = UINavigationController()\nn:setNavigationBarHidden_animated(true, true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController setNavigationBarHidden_animated]: unrecognized selector sent to instance #4"),
        Row("a factory whose labels are not the initializer's", "local b = UIButton.buttonWithType('custom')",
            "t.lua:1: class UIButton has no method or class member 'buttonWithType'"),
        Row("a misspelling still gets the nearest name", "local n = UINavigationController()\nn:pushViewControler(UIViewController(), true)",
            "t.lua:2: NSInvalidArgumentException: -[UINavigationController pushViewControler]: unrecognized selector sent to instance #4; did you mean 'pushViewController'?"),
        Row("a selector of a method a script defined", "Feed = UIViewController:subclass('Feed')\nfunction Feed:reload(animated) end\nFeed():reloadAnimated(true)",
            "t.lua:3: NSInvalidArgumentException: -[Feed reloadAnimated]: unrecognized selector sent to instance #4; did you mean 'reload'?"),
    ])
    func namesNoRuleReachesGetNoSelectorHint(_ row: Row) throws {
        #expect(try Self.headline(row.code) == row.message)
    }

    /// The rules on declarations made for the test: the labels choose among namesakes, a
    /// tie names each in declaration order, and camel-case words split at acronyms.
    @Test func theRulesOnDeclarationsOfTheirOwn() {
        let sheet = ClassInterface(name: "Sheet", superclassName: nil, summary: "", isGlobal: true, properties: [],
                                   methods: [MethodSignature("show", swift: "show(in:)", [Parameter("view", .object("UIView"))]),
                                             MethodSignature("show_from", swift: "show(from:)", [Parameter("item", .object("UIView"))]),
                                             MethodSignature("show_in_animated", swift: "show(in:animated:)", [Parameter("view", .object("UIView"))])],
                                   statics: [], holds: [], enums: [])
        let resolver = NameResolver(className: "Sheet", chain: [sheet], classMember: false)
        #expect(resolver.resolve("showInView") == .members(["show"]))
        #expect(resolver.resolve("showFromBarButtonItem") == .members(["show_from"]))
        #expect(resolver.resolve("showInView_animated") == .members(["show_in_animated"]))
        #expect(resolver.resolve("showWithFlourish") == .members(["show", "show_from"]))
        #expect(resolver.resolve("hide") == nil)
        #expect(NameResolver.words("URLSessionDataTask") == ["url", "session", "data", "task"])
        #expect(NameResolver.words("dataTaskWithURL") == ["data", "task", "with", "url"])
        #expect(NameResolver.Answer.members(["a", "b"]).advice == "did you mean 'a' or 'b'?")
    }

    // MARK: - A member a script's class lacks

    /// Reading a member a script's subclass never declared still raises UIKit's
    /// `unrecognized selector` (an object is no plain table: a read of nil would hide the
    /// mistake until a later use); the message says how to declare it.
    @Test(arguments: [
        Row("a property read before it was declared", "Screen = UIViewController:subclass('Screen')\nlocal s = Screen()\ns.ticks = s.ticks + 1",
            "t.lua:3: NSInvalidArgumentException: -[Screen ticks]: unrecognized selector sent to instance #4; Screen has no property or method 'ticks'; declare it: UIViewController:subclass(\"Screen\", { ticks = 0 }), or define function Screen:ticks() … end"),
        Row("a subclass of a script's class", "Base = UIViewController:subclass('Base')\nScreen = Base:subclass('Screen')\nlocal n = Screen().count",
            "t.lua:3: NSInvalidArgumentException: -[Screen count]: unrecognized selector sent to instance #4; Screen has no property or method 'count'; declare it: Base:subclass(\"Screen\", { count = 0 }), or define function Screen:count() … end"),
        Row("a key that is no Lua name", "Screen = UIViewController:subclass('Screen')\nlocal n = Screen()['item count']",
            "t.lua:2: NSInvalidArgumentException: -[Screen item count]: unrecognized selector sent to instance #4; Screen has no property or method 'item count'; declare it: UIViewController:subclass(\"Screen\", { [\"item count\"] = 0 })"),
        Row("a misspelling of a declared one", "Screen = UIViewController:subclass('Screen', { ticks = 0 })\nlocal n = Screen().tick",
            "t.lua:2: NSInvalidArgumentException: -[Screen tick]: unrecognized selector sent to instance #4; did you mean 'ticks'?"),
        Row("a setter of a declared one", "Screen = UIViewController:subclass('Screen', { ticks = 0 })\nScreen():setTicks(1)",
            "t.lua:2: NSInvalidArgumentException: -[Screen setTicks]: unrecognized selector sent to instance #4; did you mean the property 'ticks' (obj.ticks = value)?"),
        Row("a model class has its members fixed", "local v = UIViewController()\nlocal n = v.ticks",
            "t.lua:2: NSInvalidArgumentException: -[UIViewController ticks]: unrecognized selector sent to instance #4"),
    ])
    func aMissingMemberOfAScriptsClassSaysHowToDeclareIt(_ row: Row) throws {
        #expect(try Self.headline(row.code) == row.message)
    }

    // MARK: - Defaults in a subclass's declaration

    struct Default: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let output: [String]
        var testDescription: String { name }
    }

    /// A number, a boolean or a string other than an ownership attribute declares a
    /// property new instances read as that value, as Swift's `var ticks = 0`.
    @Test(arguments: [
        Default(name: "a number counts up", code: """
            local S = UIViewController:subclass("S", { ticks = 0 })
            local s = S()
            s.ticks = s.ticks + 1
            s.ticks = s.ticks + 1
            print(s.ticks, math.type(s.ticks))
            """, output: ["2\tinteger"]),
        Default(name: "each instance starts from it", code: """
            local S = UIViewController:subclass("S", { ticks = 0 })
            local a, b = S(), S()
            a.ticks = 5
            print(a.ticks, b.ticks, S().ticks)
            """, output: ["5\t0\t0"]),
        Default(name: "a float, false and a string", code: """
            local S = UIView:subclass("S", { ratio = 1.5, enabled = false, title = "Inbox", state = "idle" })
            local s = S()
            print(s.ratio, s.enabled, s.title, s.state)
            """, output: ["1.5\tfalse\tInbox\tidle"]),
        Default(name: "a subclass inherits it", code: """
            local S = UIViewController:subclass("S", { ticks = 3 })
            local T = S:subclass("T")
            print(T().ticks)
            """, output: ["3"]),
        Default(name: "beside ownership attributes", code: """
            local S = UIViewController:subclass("S", { count = 0, delegate = "weak" })
            local s = sim.hold(S())
            do local d = UIViewController(); s.delegate = d end
            sim.drain()
            print(s.count, s.delegate)
            """, output: ["0\tnil"]),
        Default(name: "an object in it is owned strongly", code: """
            local S = UIViewController:subclass("S", { mode = "idle" })
            local s = sim.label(sim.hold(S()), "s")
            s.mode = UIView()
            sim.drain()
            print(sim.alive(s.mode), sim.retainCount(s.mode))
            """, output: ["true\t1"]),
    ])
    func aDeclarationMayGiveAFirstValue(_ c: Default) throws {
        let (sandbox, o) = try Self.run(c.code)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(sandbox.output == c.output)
    }

    /// A string that reads like an ownership attribute is refused rather than taken as a
    /// default (which would make the property strong without a word); other values that
    /// are neither are refused as before.
    @Test(arguments: [
        Row("a misspelled attribute", "UIViewController:subclass('A', { delegate = 'wek' })",
            "t.lua:1: bad argument #3 to 'subclass' (unknown ownership attribute 'wek' for property 'delegate'; did you mean 'weak'? a string default that reads like an ownership attribute must be set in init)"),
        Row("an attribute in capitals", "UIViewController:subclass('A', { delegate = 'Weak' })",
            "t.lua:1: bad argument #3 to 'subclass' (unknown ownership attribute 'Weak' for property 'delegate'; did you mean 'weak'? a string default that reads like an ownership attribute must be set in init)"),
        Row("Objective-C's attributes", "UIViewController:subclass('A', { delegate = 'nonatomic, weak' })",
            "t.lua:1: bad argument #3 to 'subclass' (unknown ownership attribute 'nonatomic, weak' for property 'delegate'; did you mean 'weak'? a string default that reads like an ownership attribute must be set in init)"),
        Row("Objective-C's retain", "UIViewController:subclass('A', { items = 'retain' })",
            "t.lua:1: bad argument #3 to 'subclass' (unknown ownership attribute 'retain' for property 'items'; did you mean 'strong'? a string default that reads like an ownership attribute must be set in init)"),
        Row("a word one edit from an attribute", "UIViewController:subclass('A', { mode = 'leak' })",
            "t.lua:1: bad argument #3 to 'subclass' (unknown ownership attribute 'leak' for property 'mode'; did you mean 'weak'? a string default that reads like an ownership attribute must be set in init)"),
        Row("a table", "UIViewController:subclass('A', { items = {} })",
            "t.lua:1: bad argument #3 to 'subclass' (ownership attribute or default value (number, string or boolean) expected for property 'items', got table)"),
        Row("a function", "UIViewController:subclass('A', { onTap = print })",
            "t.lua:1: bad argument #3 to 'subclass' (ownership attribute or default value (number, string or boolean) expected for property 'onTap', got function)"),
    ])
    func aStringThatReadsLikeAnAttributeIsRefused(_ row: Row) throws {
        #expect(try Self.headline(row.code) == row.message)
    }

    /// The way the refusal points to: a string default that reads like an attribute is
    /// given in `init`.
    @Test func aStringDefaultLikeAnAttributeIsSetInInit() throws {
        let (sandbox, o) = try Self.run("""
            local Log = UIViewController:subclass("Log", { mode = "strong" })
            function Log:init() self.mode = "weak" end
            print(Log().mode)
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(sandbox.output == ["weak"])
    }
}
