-- SPEC 3.5: presenting a controller that is itself presenting (here back up its own
-- presentation chain) raises UIKit's exception and changes nothing: accepted, it would
-- make the chain a cycle, and the dismissal's walk of it endless.
local C = {}
local N = UINavigationController(C[1])
local W = UIWindow() UIApplication.shared.delegate.window = W
W.rootViewController = N W:makeKeyAndVisible() sim.hold(W)
C[1] = UIViewController() sim.hold(C[1])
N:present(C[1], 1, function() W.isHidden = false end)
W.rootViewController = nil
sim.run(0.35)
expect(N.presentedViewController).to.equal(C[1])
local ok, err = pcall(C[1].present, C[1], N, false, nil)
expect(ok).to.equal(false)
expect(err.name).to.equal("NSInvalidArgumentException")
expect(err.reason).to.equal("Application tried to present modally an active controller <UINavigationController: #4>.")
expect(err.object).to.equal(N)
-- Nothing changed: C[1] presents nothing and the dismissal ends.
expect(C[1].presentedViewController).to.equal(nil)
N:dismiss(1, nil)
sim.run(0.35)
-- Nobody owns N once it is dismissed and no longer the root.
expect(N).to.be.deallocated()
expect(C[1].presentingViewController).to.equal(nil)
sim.release(C[1])
sim.release(W)
sim.verify()
sim.drain()
expect(sim.leaks()).to.be.empty()
