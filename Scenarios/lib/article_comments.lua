-- A news app's article screen (explore pattern: a tap during an interactive swipe). It sits
-- on a navigation controller above the list, and its Comments button pushes the comments:
--   @objc func showComments() {
--       navigationController?.pushViewController(CommentsViewController(), animated: true)
--   }
-- UIKit ignores touches during an animated push or pop (rule 61), but not while a finger
-- drives the edge swipe back: a second finger's tap reaches the button, and its push starts
-- while the interactive pop is in flight (rule 19). `guarded` is the fix: the action does
-- nothing while the navigation controller is in a transition,
--   guard navigationController?.transitionCoordinator == nil else { return }
local M = {}

M.ArticleViewController = UIViewController:subclass("ArticleViewController", {
  commentsButton = "weak",
  guarded = "assign",
})
M.CommentsViewController = UIViewController:subclass("CommentsViewController")

function M.ArticleViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local button = UIButton(CGRect(20, 700, 160, 44))
  button:setTitle("Comments")
  button:addTarget(self, "showComments", "touchUpInside")
  self.view:addSubview(button)
  self.commentsButton = button
end

function M.ArticleViewController:showComments(sender)
  if self.guarded and self.navigationController.transitionCoordinator ~= nil then
    M.ignoredDuringTransition = true
    return
  end
  self.navigationController:pushViewController(sim.label(M.CommentsViewController(), "comments"), true)
end

-- The app: the list with the article pushed on it (the user opened it). Returns the
-- navigation controller and the article screen.
function M.launch(guarded)
  local nav = require("lib.nav_app").launch()
  local article = sim.label(M.ArticleViewController(), "article")
  article.guarded = guarded
  nav:pushViewController(article, false)
  sim.run(0)
  return nav, article
end

return M
