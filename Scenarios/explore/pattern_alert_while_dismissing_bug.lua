-- Pattern · explore · an alert presented while another is being dismissed is dropped.
--
-- The editor (lib/alert_presenter.lua) shows "Saving…" until its save request answers, 0.5
-- to 2 s after Save; the app's session check fails 1 to 3 s after Save and shows "Session
-- expired" through a helper that dismisses whatever alert is up and presents the new one
-- right away. When the save has answered first, nothing is up and the alert shows. When the
-- session check comes first, the helper starts dismissing "Saving…" and presents at once:
-- until that dismissal has ended the editor is still presenting, so UIKit refuses and the
-- session alert is never seen. (Devices log "Attempt to present … while a presentation is in
-- progress!", as in Open Radar 17762871; KitSim words it "… which is already presenting …",
-- rule 15.)
-- The reports: Open Radar 19045528, "It is not possible to dismiss a controller and present
-- another within the same runloop … especially problematic with the transition to
-- UIViewController-based alert views" (http://www.openradar.me/19045528); the Safe iOS app's
-- fix for a screen presented while another was up, which dismisses the presented one and
-- presents in the completion (https://github.com/safe-global/safe-ios/pull/2151).
-- Expected under `kitsim explore`: the default order (the save at 0.5 s, the session check
-- at 1 s) passes; the order where the session check comes before the save's response, 1
-- delay, ends with no alert up.
local app = require("lib.alert_presenter")

local editor = app.launch(false)
sim.run(4)

expect(editor.presentedViewController).to.equal(app.expired)       -- the user sees "Session expired"
sim.verify()
expect(sim.leaks()).to.be.empty()
