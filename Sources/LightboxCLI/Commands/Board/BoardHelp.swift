import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// The long help of `lightbox board`: layout, layout file, look and exit codes.
enum BoardHelp {
    /// The text after the options in `lightbox board --help`.
    static let discussion = """
        LAYOUT:
          Cards are laid out as W by 1.2W points (W from --card-width, default
          150) and drawn at their content's height, W + 22. Each card's home is
          a jittered grid cell; its tilt (up to 9 degrees either
          way, positive clockwise) comes from its index. A saved offset moves a
          card from home, kept so its widest tilted box stays on the board.
          Cards named in the stacking list are drawn last, in its order. The
          output is the board's size times --scale pixels (see OUTPUT SIZE);
          --device gives both (--size and --scale win over it).

        DRAGGING (--dragging ID:DX,DY):
          The card being dragged sits at its home plus its saved offset plus the
          translation (clamped), on top, lifted: upright, scaled 1.06, shadow 40%
          black, radius 16, 10 points down. With --reduce-motion it does not lift.

        LAYOUT FILE (--layout):
          {"board": {"width": 600, "height": 800}, "cardWidth": 150, "scale": 2,
           "background": "#806040",
           "photos": [{"id": "Oslo", "path": "oslo.jpg", "caption": "Oslo"}],
           "offsets": {"Oslo": {"width": 20, "height": -10}},
           "stacking": ["Oslo"],
           "dragging": {"id": "Oslo", "translation": [40, -30]}, "reduceMotion": false}
          Sizes may also be [w, h]. Paths are relative to the file; ids default
          to the path and captions to the file name. Options given beside
          --layout win over the file. --dry-run and --print-layout write the
          placed cards plus these keys, so the printed file gives the same image.

        BACKGROUND (--background):
          A colour (a CSS name, #rrggbb, r,g,b or rgb(r,g,b) with 0-255), TOP:BOTTOM
          for a vertical gradient, anything else for an image that covers the board.
          Default: the demo's gradient rgb(183.6,140.25,96.9):rgb(140.25,99.45,63.75).

        CAPTIONS:
          One line under the photo, centred, 12 points, shrunk to 70% and then
          cut with an ellipsis when too long. Pango shapes and orders the whole
          line in the direction its text gives, as iOS does: Arabic and Hebrew
          run right to left, the ellipsis on the left. Other scripts come from
          Noto (make deps installs it); a caption with a character no installed
          font has is drawn with a box there and warned of once.

        PHOTOS:
          Each photo is decoded straight to its card's square, centre-cropped,
          upright. One that cannot be read is reported and its card left out
          (exit 1, or 0 while at most --max-failures photos failed); with
          --placeholder an empty card is drawn instead (a warning, exit 0).

        \(DeviceOptions.helpText)

        \(OutputLimit.helpText)

        \(ExitCode.helpText)
        """
}
