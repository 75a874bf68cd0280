#!/usr/bin/env python3
"""How wide the open faces Lightbox draws with are next to SF, which cannot be installed here.

SF's figure is the one Capsize publishes (@capsizecss/metrics, scripts/systemFonts.json,
`-apple-system` = .SFNS-Regular: xWidthAvg 853 of 2048 units per em): the advance widths of
Latin characters weighted by how often each occurs in English. This script computes the same
weighted average for the faces installed here, with character frequencies counted in an English
text, and first checks its weighting against Capsize's published figures for Arial and Times New
Roman through Liberation Sans and Serif, which share their advance widths.

Needs: pip install fonttools; apt-get install fonts-inter fonts-dejavu-core fonts-liberation.
Not used by the build or the tests.
"""

import collections
import sys

from fontTools.ttLib import TTFont

ENGLISH = "/usr/share/common-licenses/GPL-3"
SF_PUBLISHED = 853 / 2048
CALIBRATION = {
    "Arial": ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", 913 / 2048),
    "Arial Bold": ("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf", 983 / 2048),
    "Times New Roman": ("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", 832 / 2048),
}
FACES = {
    "Inter Display Regular": "/usr/share/fonts/opentype/inter/InterDisplay-Regular.otf",
    "Inter Display Medium": "/usr/share/fonts/opentype/inter/InterDisplay-Medium.otf",
    "Inter Display SemiBold": "/usr/share/fonts/opentype/inter/InterDisplay-SemiBold.otf",
    "Inter Regular": "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "Inter Medium": "/usr/share/fonts/opentype/inter/Inter-Medium.otf",
    "Inter SemiBold": "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
    "DejaVu Sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "DejaVu Sans Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}


def frequencies(path):
    """Counts each printable ASCII character of an English text."""
    with open(path, encoding="utf-8") as text:
        return collections.Counter(c for c in text.read() if " " <= c <= "~")


def average_advance(path, counts):
    """The frequency-weighted advance width of a face, in ems."""
    font = TTFont(path)
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    total = sum(counts.values())
    width = sum(metrics[cmap[ord(c)]][0] * n for c, n in counts.items() if ord(c) in cmap)
    return width / total / font["head"].unitsPerEm


def main():
    counts = frequencies(ENGLISH)
    print("calibration against Capsize's published figures")
    for name, (path, published) in CALIBRATION.items():
        ours = average_advance(path, counts)
        print(f"  {name:24s} ours {ours:.4f} em, Capsize {published:.4f} em ({ours / published - 1:+.1%})")
    print(f"SF (.SFNS-Regular, Capsize) {SF_PUBLISHED:.4f} em")
    for name, path in FACES.items():
        ours = average_advance(path, counts)
        print(f"  {name:24s} {ours:.4f} em, {ours / SF_PUBLISHED - 1:+.1%} against SF Regular")
    return 0


if __name__ == "__main__":
    sys.exit(main())
