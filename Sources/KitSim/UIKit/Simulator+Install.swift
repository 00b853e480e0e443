extension Simulator {
    /// The model's classes, superclasses first: the one place that lists them. Each is
    /// declared once, in its own file, as a `ModelClass` (its name, the properties the
    /// model reads, its declaration); a simulator registers each when it is first needed
    /// (`Heap.defer`).
    static let modelClasses: [any ModelClass.Type] = [
        NSObject.self,
        UIResponder.self,
        UIView.self,
        UIViewController.self,
        UIWindow.self,
        UIControl.self,
        UIButton.self,
        UIGestureRecognizer.self,
        UITapGestureRecognizer.self,
        UIPanGestureRecognizer.self,
        UILongPressGestureRecognizer.self,
        UIScrollView.self,
        UITableView.self,
        UITableViewCell.self,
        UICollectionViewFlowLayout.self,
        UICollectionView.self,
        UICollectionViewCell.self,
        UINavigationBar.self,
        UITransitionView.self,
        _UIAlertControllerShimPresenterWindow.self,
        _UIModalItemHostingWindow.self,
        UITextEffectsWindow.self,
        UIRemoteKeyboardWindow.self,
        UITextField.self,
        UIApplication.self,
        UIScreen.self,
        AppDelegate.self,
        UIWindowScene.self,
        SceneDelegate.self,
        UINavigationController.self,
        UITabBarController.self,
        UIAlertController.self,
        UIAlertAction.self,
        UIActionSheet.self,
        UIAlertView.self,
        _UIAlertShimPresentingViewController.self,
        UIPresentationController.self,
        _UIViewControllerTransitionCoordinator.self,
        _UIViewControllerOneToOneTransitionContext.self,
        UIScreenEdgePanGestureRecognizer.self,
        UIPageViewController.self,
        _UIScreenFixedCoordinateSpace.self,
        UIDevice.self,
        RunLoop.self,
        Timer.self,
        CADisplayLink.self,
        DispatchQueue.self,
        OperationQueue.self,
        __NSObserver.self,
        NotificationCenter.self,
        NSKeyValueObservation.self,
        URLSessionConfiguration.self,
        URLSession.self,
        URLSessionDataTask.self,
        WKWebViewConfiguration.self,
        WKUserContentController.self,
        WKScriptMessage.self,
        WKWebView.self,
        CALayer.self,
        CAAnimation.self,
        CABasicAnimation.self,
        UIViewPropertyAnimator.self,
        Publisher.self,
        Subject.self,
        PassthroughSubject.self,
        CurrentValueSubject.self,
        Just.self,
        TimerPublisher.self,
        Subscription.self,
        Sink.self,
        Assign.self,
        AnyCancellable.self,
    ]

    /// The model's classes as the heap defers them: names and globals up front, each
    /// declaration built when its class is first needed.
    public static let deferredClasses: [DeferredClass<Simulator>] = modelClasses.map { c in
        DeferredClass(c.handle.name, global: c.handle.isGlobal) { c.declaration }
    }

    /// Every declaration of `deferredClasses`, built (the API reference, LuaLS, the fuzzer).
    public static var declarations: [SimulatorClassDeclaration] { deferredClasses.map { $0.declaration() } }
}
