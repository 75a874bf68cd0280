#!/usr/bin/env python3
"""The peer for the crop benchmark: a straightforward sequential pyvips loop.

usage: pyvips-crop.py IN_FOLDER OUT_FOLDER X Y W H
"""
import os
import sys

import pyvips


def main():
    source, target = sys.argv[1], sys.argv[2]
    x, y, w, h = (float(v) for v in sys.argv[3:7])
    for name in sorted(os.listdir(source)):
        if not name.endswith(".jpg"):
            continue
        image = pyvips.Image.new_from_file(os.path.join(source, name), access="sequential")
        left, top = round(x * image.width), round(y * image.height)
        right, bottom = round((x + w) * image.width), round((y + h) * image.height)
        image.crop(left, top, right - left, bottom - top).write_to_file(os.path.join(target, name))


if __name__ == "__main__":
    main()
