/// What a picture of the screen shows, as the model sees it: one panel per visible
/// window, the frontmost first, each with its title, its frame and the outlines of its
/// visible views. The model fills it in (names, frames, colours); KitSimReport lays it
/// out and draws it (`ScreenSVG`), so the drawing needs no knowledge of the model.
public struct ScreenPicture: Sendable, Equatable {
    /// One outlined view.
    public struct View: Sendable, Equatable {
        /// Its frame in screen coordinates.
        public var frame: Rect
        /// Its label: class, id, label, the controller it is the view of.
        public var label: String
        /// Its background as a CSS colour, or `none`.
        public var fill: String
        /// Whether views in front of it cover it (drawn dashed grey).
        public var isCovered: Bool

        public init(frame: Rect, label: String, fill: String, isCovered: Bool) {
            self.frame = frame
            self.label = label
            self.fill = fill
            self.isCovered = isCovered
        }
    }

    /// One window's panel.
    public struct Panel: Sendable, Equatable {
        /// The title's two lines: the window, then its root.
        public var title: String
        public var subtitle: String
        /// The window's frame in screen coordinates.
        public var frame: Rect
        /// The window's name without its label, for the note on hidden views.
        public var window: String
        /// Its visible views, back to front.
        public var views: [View]
        /// How many hidden views it has (left out of the picture).
        public var hiddenViews: Int

        public init(title: String, subtitle: String, frame: Rect, window: String, views: [View], hiddenViews: Int) {
            self.title = title
            self.subtitle = subtitle
            self.frame = frame
            self.window = window
            self.views = views
            self.hiddenViews = hiddenViews
        }
    }

    /// The screen's bounds.
    public var screen: Rect
    /// The visible windows' panels, the frontmost first; empty when no window is visible.
    public var panels: [Panel]
    /// Whether no window shows content (a black screen).
    public var isBlack: Bool

    public init(screen: Rect, panels: [Panel], isBlack: Bool) {
        self.screen = screen
        self.panels = panels
        self.isBlack = isBlack
    }
}
