-- Pattern · an AsyncStream's continuation kept by the screen that consumes the stream
-- (rules 91, 94: docs/rules.md#rule-91, #rule-94)
--
-- A chat screen makes a stream of messages, keeps its continuation to feed it, and reads
-- the stream in a task, finishing the stream in deinit, as Swift apps write
--   messages = AsyncStream { self.continuation = $0 }
--   task = Task { for await m in messages { self.show(m) } }
--   deinit { continuation.finish() }
-- The task's closure keeps self, the task waits for the next message for ever, and the
-- continuation (kept by self) keeps the stream's buffer: nothing finishes the stream, as
-- deinit never comes. With no onTermination nobody hears of it either (Apple's AsyncStream).
-- Expected: `abandoned`; why: [task suspended at …:22] Task → closure captures 'self'.
local navApp = require("lib.nav_app")
local shown = {}

local Chat = UIViewController:subclass("Chat", { messages = "strong", continuation = "strong", task = "strong" })
function Chat:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.messages = AsyncStream(function(continuation) self.continuation = continuation end)
  self.task = Task(function()
    for m in self.messages do self:show(m) end
  end)
end
function Chat:show(m) shown[#shown + 1] = m end
function Chat:deinit() self.continuation:finish() end

local nav = navApp.launch()
local chat = sim.label(Chat(), "chat")
nav:pushViewController(chat, false)
sim.run(1)
chat.continuation:yield("hello")
sim.run(1)
nav:popViewController(false)
sim.run(3)
chat.continuation:yield("after the pop")
sim.run(1)
expect(#shown).to.equal(2)                          -- the popped screen still shows messages
expect(chat).to.be.alive()
local why = sim.why(chat)
expect(why:find("%[task suspended at [^%]]+:%d+%] Task#") ~= nil).to.be.truthy()
expect(why:find("captures 'self' (strong) → Chat#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(chat).to.leak()                              -- the leak this pattern shows, so kitsim test expects it
sim.verify()
