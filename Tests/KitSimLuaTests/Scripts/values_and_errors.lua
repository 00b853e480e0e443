-- Values: CGRect/CGPoint tables, arrays of handles, exceptions as values.
local r = CGRect(1, 2, 3, 4)
expect(r.width).to.equal(3)
local v = UIView(r)
expect(v.frame == r).to.be.truthy()
expect(v.bounds.x).to.equal(0)
v.frame = { x = 0, y = 0, width = 10, height = 10 }   -- plain tables work as rects
expect(v.frame.width).to.equal(10)
expect(tostring(CGPoint(1, 2))).to.equal("CGPoint(1, 2)")

-- UIKit exceptions are values with name, reason, object and a tostring.
local ok, err = pcall(function() v:addSubview(v) end)
expect(ok).to.equal(false)
expect(err.name).to.equal("NSInvalidArgumentException")
expect(err.reason).to.equal("Can't add self as subview")
expect(err.object).to.equal(v)
expect(tostring(err)).to.equal("NSInvalidArgumentException: Can't add self as subview")

-- Unrecognized selectors in UIKit's words.
ok, err = pcall(function() UIViewController():goToPage() end)
expect(err.reason:match("^%-%[UIViewController goToPage%]: unrecognized selector sent to instance #%d+$") ~= nil).to.be.truthy()

-- expect(...) failures are catchable values with a message.
ok, err = pcall(function() expect(1).to.equal(2) end)
expect(ok).to.equal(false)
expect(err.message:match("values_and_errors.lua:%d+: expected 1 to equal 2$") ~= nil).to.be.truthy()
expect(function() v:addSubview(v) end).to.fail_with("NSInvalidArgumentException")
expect(function() end).to_not.fail_with("NSInvalidArgumentException")
sim.verify()
