#!/usr/bin/env python3
"""The peer for the resize benchmark: a sequential pyvips loop that crops, then thumbnail_images.

usage: pyvips-resize.py IN_FOLDER OUT_FOLDER X Y W H SIZE
"""
import os
import sys

import pyvips


def main():
    source, target = sys.argv[1], sys.argv[2]
    x, y, w, h = (float(v) for v in sys.argv[3:7])
    size = int(sys.argv[7])
    for name in sorted(os.listdir(source)):
        if not name.endswith(".jpg"):
            continue
        image = pyvips.Image.new_from_file(os.path.join(source, name), access="sequential")
        left, top = round(x * image.width), round(y * image.height)
        right, bottom = round((x + w) * image.width), round((y + h) * image.height)
        crop = image.crop(left, top, right - left, bottom - top)
        crop.thumbnail_image(size, height=size, crop="centre").write_to_file(os.path.join(target, name))


if __name__ == "__main__":
    main()
