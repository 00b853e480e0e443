extension Simulator {
    /// The model's classes, superclasses first: every class is declared in its own file,
    /// and this list is the one place that names them all.
    public static let declarations: [ClassDeclaration] = [
        objectDeclaration, responderDeclaration, viewDeclaration, viewControllerDeclaration, windowDeclaration,
        controlDeclaration, buttonDeclaration, gestureRecognizerDeclaration, tapRecognizerDeclaration,
        panRecognizerDeclaration, longPressRecognizerDeclaration, scrollViewDeclaration, tableViewDeclaration,
        tableViewCellDeclaration, flowLayoutDeclaration, collectionViewDeclaration, collectionViewCellDeclaration,
        navigationBarDeclaration, transitionViewDeclaration, alertWindowDeclaration, textEffectsWindowDeclaration,
        remoteKeyboardWindowDeclaration, textFieldDeclaration, applicationDeclaration,
        screenDeclaration, appDelegateDeclaration, windowSceneDeclaration, sceneDelegateDeclaration, navigationControllerDeclaration,
        tabBarControllerDeclaration, alertControllerDeclaration, alertActionDeclaration, presentationControllerDeclaration,
        transitionCoordinatorDeclaration, transitionContextDeclaration, edgePanRecognizerDeclaration, pageViewControllerDeclaration,
        fixedCoordinateSpaceDeclaration, deviceDeclaration,
        runLoopDeclaration, timerDeclaration, displayLinkDeclaration, dispatchQueueDeclaration,
        operationQueueDeclaration, observerTokenDeclaration, notificationCenterDeclaration, keyValueObservationDeclaration,
        urlSessionConfigurationDeclaration, urlSessionDeclaration, urlSessionDataTaskDeclaration,
        webViewConfigurationDeclaration, userContentControllerDeclaration, scriptMessageDeclaration, webViewDeclaration,
        layerDeclaration, animationDeclaration, basicAnimationDeclaration, propertyAnimatorDeclaration,
    ]
}
