-- Pattern · an AsyncStream's continuation kept by its consumer — the fix (rules 91, 94:
-- docs/rules.md#rule-91, #rule-94)
--
-- The task takes self weakly for each message, and the stream's onTermination stops the
-- producer, as Swift apps write
--   continuation.onTermination = { [weak self] _ in self?.producing = false }
--   task = Task { [weak self, messages] in for await m in messages { self?.show(m) } }
--   deinit { continuation.finish() }
-- While the task waits nothing holds the screen: the pop deallocates it, its deinit
-- finishes the stream, onTermination runs with "finished", and the task ends.
-- Expected: the screen and its task deallocate; onTermination ran once; no leaks.
local navApp = require("lib.nav_app")
local shown, terminations = {}, {}

local Chat = UIViewController:subclass("Chat", { messages = "strong", continuation = "strong", task = "strong" })
function Chat:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.messages = AsyncStream(function(continuation) self.continuation = continuation end)
  self.continuation.onTermination = function(reason) terminations[#terminations + 1] = reason end
  local weakSelf, messages = sim.weak(self), self.messages
  self.task = Task(function()
    for m in messages do
      local s = weakSelf.value
      if s then s:show(m) end
    end
  end)
end
function Chat:show(m) shown[#shown + 1] = m end
function Chat:deinit() self.continuation:finish() end

local nav = navApp.launch()
local chat = sim.label(Chat(), "chat")
nav:pushViewController(chat, false)
sim.run(1)
local task = sim.label(chat.task, "task")
chat.continuation:yield("hello")
sim.run(1)
nav:popViewController(false)
sim.run(3)
expect(#shown).to.equal(1)
expect(chat).to.be.deallocated()
expect(task).to.be.deallocated()
expect(table.concat(terminations, ",")).to.equal("finished")
sim.verify()
expect(sim.leaks()).to.be.empty()
