-- Pattern · explore · a network completion after its screen was dismissed, reading
-- `unowned self`.
--
-- The detail screen loads its article when its view loads, with the completion
--   URLSession.shared.dataTask(with: url) { [unowned self] data, _, _ in self.show(data) }
-- to avoid keeping the screen alive, and the user may close the screen (an animated
-- dismissal) before the response arrives. The report: "Avoid [unowned self] whenever
-- possible!" (http://www.chibicode.org/?p=28): "users are reporting the app is crashing when
-- login is taking too long and they leave the screen before it completes"; the same trap in
-- https://jpdebug.com/p/1075375 ("Attempted to read an unowned reference but the object was
-- already deallocated" after the back button). Swift traps at the read (rule 25).
-- Expected under `kitsim explore`: the default order (the response at 0.2 s, before the
-- tap) passes; the order where the user closes the screen first and its dismissal ends
-- before the response, 2 delays, crashes with Swift's "Attempted to read an unowned
-- reference but object … was already deallocated".
local app = require("lib.detail_fetch")

local home, detail = app.launch("unowned")
sim.tap(detail.closeButton, { within = { 0.3, 1.0 }, label = "tap Close" })
sim.run(3)

expect(home.presentedViewController).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
