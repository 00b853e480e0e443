import Testing
@testable import KitSimRuntime
import KitSim

/// Each typed payload renders once, to the exact text UIKit, Swift or the runtime prints:
/// scenario traces and scripts that match on a reason depend on every byte.
@Suite struct ProblemMessagesTests {
    static let vc = ObjectRef("UIViewController", ObjectID(7))
    static let nav = ObjectRef("UINavigationController", ObjectID(3))
    static let none = ObjectRef(nil, nil)

    static let crashes: [(Crash, String)] = [
        (.unrecognizedSelector(className: "UIViewController", selector: "goToPage", id: ObjectID(7)),
         "NSInvalidArgumentException: -[UIViewController goToPage]: unrecognized selector sent to instance #7"),
        (.unrecognizedClassSelector(className: "UIView", selector: "animate"),
         "NSInvalidArgumentException: +[UIView animate]: unrecognized selector sent to class UIView"),
        (.unavailableClass(className: "UIViewPropertyAnimator", platform: "iOS", version: 9, introduced: 10),
         "NSInvalidArgumentException: UIViewPropertyAnimator is not available on iOS 9 (introduced in iOS 10)"),
        (.zombie(ObjectRef("Card", ObjectID(4)), selector: "title"), "-[Card title]: message sent to deallocated instance #4"),
        (.retainDuringDeinit(ObjectRef("Card", ObjectID(4))),
         "Fatal error: Object Card#4 deallocated with non-zero retain count: its deinit, or something called from it, created a strong reference to it"),
        (.unownedRead(target: ObjectID(4)), "Fatal error: Attempted to read an unowned reference but object #4 was already deallocated"),
    ]

    @Test(arguments: crashes) func eachCrashHasOneWording(_ crash: Crash, _ text: String) {
        let e = SimError.crash(crash, object: ObjectID(1))
        #expect(e.description == text)
        #expect(e.isCrash)
        #expect(e.problem == .crash(crash) && e.object == ObjectID(1))
    }

    static let exceptions: [(UIKitException, String)] = [
        (.presentNil(presenter: vc),
         "NSInvalidArgumentException: Application tried to present a nil modal view controller on target <UIViewController: #7>."),
        (.presentActive(vc), "NSInvalidArgumentException: Application tried to present modally an active controller <UIViewController: #7>."),
        (.pushActive(vc), "NSInvalidArgumentException: Application tried to push an active controller <UIViewController: #7>."),
        (.pushNavigationController, "NSInvalidArgumentException: Pushing a navigation controller is not supported"),
        (.pushTwice, "NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported"),
        (.popToMissing, "NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist."),
        (.addSelfAsSubview, "NSInvalidArgumentException: Can't add self as subview"),
        (.ownParent(child: vc), "NSInvalidArgumentException: child view controller:<UIViewController: #7> should not be its own parent"),
        (.ancestorOfParent(child: nav, parent: vc),
         "NSInvalidArgumentException: child view controller:<UINavigationController: #3> is an ancestor of its requested parent <UIViewController: #7>"),
        (.otherParent(child: vc, parent: nav, requested: ObjectRef("UITabBarController", ObjectID(9))),
         "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: #7> should have parent view controller:<UINavigationController: #3> but requested parent is:<UITabBarController: #9>"),
        (.keptParent(child: vc, actual: nav),
         "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: #7> should have parent view controller:(null) but actual parent is:<UINavigationController: #3>"),
        (.tabNotInList,
         "NSInvalidArgumentException: -[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected."),
        (.secondApplication, "NSInvalidArgumentException: There can only be one UIApplication instance; use UIApplication.shared"),
        (.noCommonOrientation(className: "Player"),
         "UIApplicationInvalidInterfaceOrientation: Supported orientations has no common orientation with the application, and [Player shouldAutorotate] is returning YES"),
        (.noCellFromDataSource(listClass: "UITableView", list: ObjectID(5), dataSource: vc),
         "NSInternalInconsistencyException: UITableView (<UITableView #5>) failed to obtain a cell from its dataSource (<UIViewController #7>)"),
        (.noCellFromDataSource(listClass: "UICollectionView", list: ObjectID(5), dataSource: none),
         "NSInternalInconsistencyException: UICollectionView (<UICollectionView #5>) failed to obtain a cell from its dataSource ((null))"),
        (.unregisteredCell(identifier: "Cell"),
         "NSInternalInconsistencyException: unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"),
        (.finishNotStopped, "NSInternalInconsistencyException: finishAnimationAtPosition: should only be called on a stopped animator!"),
        (.releaseActiveAnimator,
         "NSInternalInconsistencyException: It is an error to release a paused or stopped property animator. Property animators must either finish animating or be explicitly stopped and finished before they can be released."),
        (.duplicateScriptMessageHandler(name: "bridge"),
         "NSInvalidArgumentException: Attempt to add script message handler with name 'bridge' when one already exists."),
        (.observedWhileDeallocated(ObjectRef("Card", ObjectID(4))),
         "NSInternalInconsistencyException: An instance #4 of class Card was deallocated while key value observers were still registered with it."),
        (.undefinedKey(object: ObjectRef("Card", ObjectID(4)), key: "title"),
         "NSUnknownKeyException: [<Card #4> valueForUndefinedKey:]: this class is not key value coding-compliant for the key title."),
        (.invalidatedSession, "NSGenericException: Task created in a session that has been invalidated"),
    ]

    @Test(arguments: exceptions) func eachUIKitExceptionHasOneWording(_ exception: UIKitException, _ text: String) {
        let e = SimError.crash(exception, object: ObjectID(1))
        #expect(e.description == text)
        #expect(e.isCrash)
        #expect(e.problem == .model(exception) && e.object == ObjectID(1))
        #expect(e.problem != .model(ModelMisuse.badDurations) && e.problem != .crash(.unownedRead(target: ObjectID(1))))
    }

    static let misuses: [(Misuse, SimError.Kind, String)] = [
        (.noObject(ObjectID(99)), .invalidUse, "no object #99 exists"),
        (.noProperty(className: "Card", property: "titel"), .unknownName, "Card has no property 'titel'"),
        (.readOnly(property: "view", className: "Card"), .invalidUse, "property 'view' of Card is read-only"),
        (.notHeld(ObjectRef("Card", ObjectID(4)), reason: "script"), .invalidUse, "Card#4 is not held (script)"),
        (.notHeld(ObjectRef(nil, ObjectID(40)), reason: "script"), .invalidUse, "#40 is not held (script)"),
        (.notStrongArray(property: "cards"), .invalidUse, "cards is not a strong array"),
        (.wrongReceiver(className: "UIView", selector: "layoutSubviews", object: ObjectRef("Card", ObjectID(4))), .typeMismatch,
         "UIView.layoutSubviews called on Card#4, which is not a UIView"),
        (.foreignMetatable(ObjectRef("Card", ObjectID(4))), .typeMismatch, "attempt to index Card#4 through a metatable that is not its own"),
        (.noHost(selector: "tick"), .invalidUse, "no host is attached to run tick"),
        (.unmatchedPopPool, .invalidUse, "popPool without a matching pushPool"),
        (.badPropertyValue(property: "title", className: "Card", expected: "string", got: "number"), .typeMismatch,
         "bad value for property 'title' of Card (string expected, got number)"),
        (.collectionInWeakProperty(property: "items", ownership: "weak", isArray: true), .typeMismatch,
         "property 'items' is weak: it cannot hold an array of objects; declare it strong"),
        (.collectionInWeakProperty(property: "map", ownership: "assign", isArray: false), .typeMismatch,
         "property 'map' is assign: it cannot hold a dictionary of objects; declare it strong"),
        (.badMaxLength(0), .invalidUse, "maxLength must be an integer from 1 to 100, got 0"),
        (.heapInvariant(["a", "b"]), .invariant, "heap invariant violated:\n  a\n  b"),
        (.unboundMethod(className: "Card", method: "flip"), .invariant, "Card.flip ran unbound"),
        (.noOriginalImplementation(selector: "viewDidLoad"), .invalidUse, "viewDidLoad has no original implementation to call"),
        (.emptyClassName, .invalidUse, "class name must not be empty"),
        (.duplicateClass("Card"), .invalidUse, "a class named 'Card' already exists"),
        (.duplicateProperty(property: "title", className: "Card"), .invalidUse, "property 'title' of Card is declared twice"),
        (.weakObjectArray(property: "cards", className: "Deck"), .invalidUse,
         "property 'cards' of Deck: an array of objects must be strong or copy"),
        (.retainingEarlierOwnership(property: "delegate", className: "Deck"), .invalidUse,
         "property 'delegate' of Deck: an ownership that changes with the platform version must not retain in either version"),
        (.noMethodToSwizzle(className: "Card", selector: "flip"), .unknownName, "Card has no method 'flip' to swizzle"),
        (.noMethodToExchange(className: "Card", selector: "flip"), .unknownName, "Card has no method 'flip' to exchange"),
        (.unknownSuperclass(className: "Card", superclass: "Thing"), .unknownName, "class Card: unknown superclass 'Thing'"),
        (.badDefault(className: "Card", property: "title"), .invalidUse, "property Card.title: a default is a number, a boolean or a string"),
        (.unknownClassInType(className: "Deck", property: "top", type: "Crd"), .unknownName, "property Deck.top: unknown class in Crd"),
        (.unregisteredClass("Card"), .unknownName, "class Card is not registered"),
        (.laterClassWithoutInitializer("Card"), .invalidUse,
         "class Card is introduced in a later version but declares no initializer to refuse it"),
        (.unknownArgumentClass(className: "Deck", method: "add", argumentClass: "Crd"), .unknownName, "Deck.add: unknown class 'Crd'"),
        (.badReturn(method: "willDealloc", expected: "a boolean (MLeaksFinder's BOOL)", got: "nil"), .typeMismatch,
         "willDealloc must return a boolean (MLeaksFinder's BOOL), got nil"),
        (.indexOutOfRange(property: "selectedIndex", className: "UITabBarController", index: 3, count: 2), .invalidUse,
         "bad value for property 'selectedIndex' of UITabBarController (index 3 out of range 0..<2)"),
        (.endlessChain(link: "parent", start: ObjectRef("UIViewController", ObjectID(7)), repeated: ObjectRef("UINavigationController", ObjectID(3))),
         .invariant, "the parent chain from UIViewController#7 does not end: it returns to UINavigationController#3 (a cycle the model should have refused)"),
    ]

    @Test(arguments: misuses) func eachMisuseHasOneWording(_ misuse: Misuse, _ kind: SimError.Kind, _ text: String) {
        let e = SimError.misuse(misuse)
        #expect(e.description == text && e.message == text)
        #expect(e.kind == kind && !e.isCrash)
        #expect(e.problem == .misuse(misuse))
    }

    static let modelMisuses: [(ModelMisuse, SimError.Kind, String)] = [
        (.alertNotPresented(ObjectRef("UIAlertController", ObjectID(8))), .invalidUse,
         "<UIAlertController: #8> is not presented: there is nothing to tap"),
        (.alertInTransition(ObjectRef("UIAlertController", ObjectID(8))), .invalidUse,
         "<UIAlertController: #8> is still being presented or dismissed: a user cannot tap it before its transition ends; run the clock first (sim.run(1))"),
        (.sceneInitializer, .invalidUse,
         "UIWindowScene: UIKit makes and connects scenes; read UIApplication.shared.connectedScenes (sim.configure{ scenes = true } launches with a scene manifest)"),
        (.badIOSVersion(6), .invalidUse, "ios must be between 7 and 17 (got 6)"),
        (.scenesBeforeIOS13(ios: 12), .invalidUse, "scenes need iOS 13 or later (ios = 12, scenes = true): scene-based launch is iOS 13 API"),
        (.badDurations, .invalidUse, "durations must be finite and not negative"),
        (.rotationDuringRotation, .invalidUse,
         "sim.rotateDevice was called while UIKit is telling controllers about a rotation (viewWillTransition, willRotate); turn the device after it"),
    ]

    @Test(arguments: modelMisuses) func eachModelMisuseHasOneWording(_ misuse: ModelMisuse, _ kind: SimError.Kind, _ text: String) {
        let e = SimError.misuse(misuse)
        #expect(e.description == text && e.message == text)
        #expect(e.kind == kind && !e.isCrash)
        #expect(e.problem == .model(misuse))
    }

    static let card = ObjectRef("Card", ObjectID(4))
    static let scripts: [(Script, SimError.Kind, String)] = [
        (.notKitSimValue, .typeMismatch, "attempt to index a non-KitSim value"),
        (.badKey(receiver: "a class", keyType: "number"), .typeMismatch, "attempt to index a class with a number key"),
        (.badSelf(function: "push", expected: "UINavigationController", got: "nil"), .typeMismatch,
         "bad self to 'push' (UINavigationController expected, got nil); call methods with ':' as in obj:push(...)"),
        (.assignToMethod(key: "flip", object: card), .invalidUse,
         "cannot assign to method 'flip' of Card#4; define methods on the class (function Card:flip(...))"),
        (.objectInUndeclaredField(key: "ownr", object: card, valueType: "UIView", suggestion: "owner"), .invalidUse,
         "cannot store UIView in undeclared field 'ownr' of Card#4: did you mean 'owner'? otherwise objects need an ownership attribute; declare it, e.g. Card:subclass(\"…\", { ownr = \"strong\" }) or Card:extend{ ownr = \"weak\" }"),
        (.objectInUndeclaredField(key: "x", object: card, valueType: "UIView", suggestion: nil), .invalidUse,
         "cannot store UIView in undeclared field 'x' of Card#4: objects need an ownership attribute; declare it, e.g. Card:subclass(\"…\", { x = \"strong\" }) or Card:extend{ x = \"weak\" }"),
        (.tableInUndeclaredField(key: "xs", object: card, found: "UIView#9", path: "xs[1]"), .invalidUse,
         "cannot store a table holding UIView#9 (at xs[1]) in undeclared field 'xs' of Card#4: objects need an ownership attribute; declare it, e.g. Card:subclass(\"…\", { xs = \"strong\" }) or Card:extend{ xs = \"strong\" }"),
        (.metatableInProperty(property: "info", owner: card, found: "UIView#9", path: "info.v"), .invalidUse,
         "cannot store a table with a metatable holding UIView#9 (at info.v) in property 'info' of Card#4: a Lua object owns nothing; keep the objects in declared properties"),
        (.badTable(property: "info", owner: card, .tooManyValues(100)), .typeMismatch,
         "bad value for property 'info' of Card#4 (more than 100 values, counting a shared table each time it is reached)"),
        (.badTable(property: "info", owner: card, .containsItself(path: "info.a")), .typeMismatch,
         "bad value for property 'info' of Card#4 (the table at info.a contains itself)"),
        (.badTable(property: "info", owner: card, .tooDeep(64)), .typeMismatch, "bad value for property 'info' of Card#4 (tables nested more than 64 deep)"),
        (.badTable(property: "info", owner: card, .nonUTF8Key(path: "info")), .typeMismatch,
         "bad value for property 'info' of Card#4 (a key at info is a string that is not UTF-8; keys must be numbers, UTF-8 strings or booleans)"),
        (.badTable(property: "info", owner: card, .badKeyType(path: "info", type: "a table")), .typeMismatch,
         "bad value for property 'info' of Card#4 (a key at info is a table; keys must be numbers, strings or booleans)"),
        (.noClassMember(className: "Card", member: "nwe", hint: "; did you mean 'new'?"), .unknownName,
         "class Card has no method or class member 'nwe'; did you mean 'new'?"),
        (.classMemberNotFunction(className: "Card", member: "x", valueType: "number"), .invalidUse,
         "cannot set 'x' of class Card to a number: only methods (functions) can be defined on a class"),
        (.propertyOnClass(className: "Card", member: "title"), .invalidUse, "'title' is a property of Card; override its accessor method instead"),
        (.foreignImplementation(selector: "flip"), .invalidUse, "flip is implemented by something other than a Lua function"),
        (.otherSandbox(selector: "flip"), .invalidUse, "flip is implemented by another sandbox"),
        (.unreadableFile(path: "x.lua"), .unknownName, "cannot read x.lua"),
        (.noLuaState, .limit, "cannot create a Lua state (out of memory)"),
        (.interrupted, .limit, "interrupted"),
        (.stackOverflow, .invalidUse, "stack overflow"),
        (.syntax(error: "[string \"x\"]:1: unexpected symbol near '?'"), .invalidUse, "[string \"x\"]:1: unexpected symbol near '?'"),
        (.preludeFailed(chunk: "console", error: "boom"), .invalidUse, "console prelude: boom"),
        (.preludeFailed(chunk: nil, error: "boom"), .invalidUse, "prelude: boom"),
    ]

    @Test(arguments: scripts) func eachScriptProblemHasOneWording(_ script: Script, _ kind: SimError.Kind, _ text: String) {
        let e = SimError.script(script)
        #expect(e.description == text && e.kind == kind)
        #expect(e.problem == .script(script))
    }

    @Test func objectRefsPrintAsTheirContexts() {
        #expect(Self.vc.angled == "<UIViewController: #7>" && Self.vc.spaced == "<UIViewController #7>")
        #expect(Self.vc.tagged == "UIViewController#7")
        #expect(Self.none.angled == "(null)" && Self.none.spaced == "(null)")
        #expect(ObjectRef(nil, ObjectID(5)).angled == "(null)" && ObjectRef(nil, ObjectID(5)).tagged == "#5")
    }
}
