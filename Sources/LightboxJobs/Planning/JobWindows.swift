import LightboxFormats

/// A run's jobs a window at a time, so a run holds one window of lines, never every line: a
/// manifest is planned as it is read (`ManifestWindows`); jobs planned whole (a command line's
/// rects, a view, a board) are one window.
package protocol JobWindows: AnyObject {
    /// The next window, or nil after the last; a problem that stops the reading (a file that
    /// cannot be read on) ends the windows with that problem as the last one's.
    func next() -> JobWindow?
}
