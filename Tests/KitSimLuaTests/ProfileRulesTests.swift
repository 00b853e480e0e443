import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC rule 51: API newer than the profile is refused as UIKit would, from one
/// `introduced:` in each declaration.
@Suite struct ProfileRulesTests {
    struct Case: Sendable, CustomStringConvertible {
        let introduced: Int
        let code: String
        let error: String
        var description: String { code }
    }

    static let cases: [Case] = [
        Case(introduced: 10, code: "Timer.scheduledTimer_withTimeInterval(1, false, function() end)",
             error: "NSInvalidArgumentException: +[Timer scheduledTimer_withTimeInterval]: unrecognized selector sent to class Timer"),
        Case(introduced: 10, code: "local l = CADisplayLink(NSObject(), 'tick') l.preferredFramesPerSecond = 30",
             error: "NSInvalidArgumentException: -[CADisplayLink setPreferredFramesPerSecond]: unrecognized selector sent to instance #"),
        Case(introduced: 10, code: "local l = CADisplayLink(NSObject(), 'tick') local f = l.preferredFramesPerSecond",
             error: "NSInvalidArgumentException: -[CADisplayLink preferredFramesPerSecond]: unrecognized selector sent to instance #"),
        Case(introduced: 8, code: "WKWebView(CGRect(0, 0, 10, 10))",
             error: "NSInvalidArgumentException: WKWebView is not available on iOS 7 (introduced in iOS 8)"),
        Case(introduced: 10, code: "UIViewPropertyAnimator(1, 'linear', function() end)",
             error: "NSInvalidArgumentException: UIViewPropertyAnimator is not available on iOS 9 (introduced in iOS 10)"),
        Case(introduced: 14, code: "WKUserContentController():removeAllScriptMessageHandlers()",
             error: "NSInvalidArgumentException: -[WKUserContentController removeAllScriptMessageHandlers]: unrecognized selector sent to instance #"),
    ]

    func outcome(_ code: String, ios: Int) throws -> Outcome {
        var c = Simulator.Configuration()
        c.ios = ios
        return try LuaSandbox(configuration: c).run(chunk: code, name: "=t")
    }

    @Test(arguments: cases)
    func rule51_newerAPIIsRefusedOnAnOlderProfile(_ c: Case) throws {
        let old = try outcome("local ok, e = pcall(function() \(c.code) end) assert(not ok) error(tostring(e), 0)", ios: c.introduced - 1)
        #expect(old.message?.hasPrefix("t:1: " + c.error) == true, "\(old.message ?? "")")
        let new = try outcome(c.code + "\nsim.verify()", ios: c.introduced)
        #expect(new.status == .passed, "\(new.message ?? "")")
    }

    @Test func rule51_everyClassIsAGlobalOnEveryProfileAndTheReferenceSaysWhenItCame() throws {
        let old = try outcome("assert(WKWebView and UIViewPropertyAnimator and Timer.scheduledTimer_withTimeInterval ~= nil)", ios: 7)
        #expect(old.status == .passed, "\(old.message ?? "")")
        let reference = APIReference(try LuaSandbox(), version: "test").markdown
        #expect(reference.contains("(iOS 8+) A web view"))
        #expect(reference.contains("(iOS 14+) Releases every handler"))
    }

    @Test func rule51_aNewerClassMustDeclareTheInitializerThatRefusesIt() throws {
        let bad = ClassDeclaration("Later", introduced: 12, summary: "No initializer.") {}
        #expect(throws: SimError.self) { try Simulator(classes: [bad]) }
    }
}
