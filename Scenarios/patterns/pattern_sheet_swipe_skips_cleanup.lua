-- Pattern · a sheet dismissed by a swipe skips the cleanup of its Close button (rule 83: docs/rules.md#rule-83)
--
-- An editor is presented as a sheet (iOS 13's default, `.automatic`) and autosaves with a
-- repeating timer whose target is the editor; its Close button stops the timer, then dismisses:
--   @objc func close() { autosave.invalidate(); dismiss(animated: true) }
-- From iOS 13 the user can also dismiss a sheet by dragging it down, which never calls close():
-- the run loop keeps the timer and the timer its target, so the dismissed editor lives on and
-- keeps autosaving (`abandoned` 2 s later). The fix: clean up on every way out, in
-- `presentationControllerDidDismiss(_:)` of the presentation controller's delegate (or in
-- `viewDidDisappear`), or refuse the swipe with `isModalInPresentation = true`.
-- Expected: after Close the editor goes; after a swipe without the fix it is alive and reported
-- `abandoned`, kept by the run loop's timer; with the delegate's cleanup it goes; no leak at the end.
sim.configure{ ios = 15 }
local Editor = UIViewController:subclass("EditorViewController", { autosave = "weak" })
function Editor:viewDidLoad()
  self.autosave = Timer.scheduledTimer(1, self, "save", nil, true)
end
function Editor:save(timer) end
function Editor:close()                                  -- the Close button
  self.autosave:invalidate()
  self:dismiss(true, nil)
end
-- The fix: the presenter is the sheet's presentation controller delegate.
local Home = UIViewController:subclass("HomeViewController")
function Home:presentationControllerDidDismiss(pc)
  local editor = pc.presentedViewController
  if editor and editor.autosave then editor.autosave:invalidate() end
end

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local home = Home()
window.rootViewController = home
window:makeKeyAndVisible()
sim.run(1)

local function openEditor(delegate)
  local editor = Editor()
  if delegate then editor.presentationController.delegate = delegate end
  home:present(editor, true, nil)
  sim.run(1)
  return editor
end

-- Close: the cleanup runs.
local closed = sim.weak(openEditor())
closed.value:close()
sim.run(1)
expect(closed.value).to.equal(nil)

-- The swipe: no cleanup, the timer keeps the editor.
local swiped = openEditor()
expect(sim.swipeDown(swiped)).to.equal(true)
swiped = sim.weak(swiped)
sim.run(3)
expect(swiped.value).to_not.equal(nil)
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
print(leaks[1].message)
swiped.value.autosave:invalidate()                        -- stop it, on to the fix
sim.run(1)
expect(swiped.value).to.equal(nil)

-- The fix: the delegate cleans up after a swipe too.
local fixed = openEditor(home)
expect(sim.swipeDown(fixed)).to.equal(true)
fixed = sim.weak(fixed)
sim.run(3)
expect(fixed.value).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
