import LightboxFormats

/// A run's jobs a window at a time, so a run holds one window of lines, never every line: a
/// manifest is planned as it is read (`ManifestWindows`), a dataset a chunk of whole images at a
/// time (`DatasetWindows`); jobs planned whole (a command line's rects, a view, a board) are one
/// window (`WholeRun`).
package protocol JobWindows: AnyObject {
    /// The next window, or nil after the last; a problem that stops the reading (a file that
    /// cannot be read on) ends the windows, as the last one's `stop`.
    func next() -> JobWindow?
}
