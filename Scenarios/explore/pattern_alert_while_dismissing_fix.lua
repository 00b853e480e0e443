-- Pattern · explore · the helper presents the new alert in the dismissal's completion,
-- `presented.dismiss(animated: true) { vc.present(alert, animated: true) }`, once UIKit has
-- finished taking the old one down.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays: "Session
-- expired" is up at the end whichever request answers first; the goal shows the search
-- reached the order where it had to wait for "Saving…" to go.
local app = require("lib.alert_presenter")

local editor = app.launch(true)
sim.sometimes(function() return app.waitedForDismissal end, "the session alert waited for the saving alert to go")
sim.run(4)

expect(editor.presentedViewController).to.equal(app.expired)       -- the user sees "Session expired"
sim.verify()
expect(sim.leaks()).to.be.empty()
