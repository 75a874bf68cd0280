#!/usr/bin/env python3
"""Makes benchmark inputs: COUNT noisy photo-like JPEGs of WIDTHxHEIGHT (entropy-bound, like real photos),
or with KIND "smooth" a smooth photo-like set (soft shapes and a little grain, like most camera photos).

usage: make-images.py FOLDER COUNT WIDTH HEIGHT [smooth]
"""
import os
import sys

import pyvips


def main():
    folder, count, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    smooth = len(sys.argv) > 5 and sys.argv[5] == "smooth"
    os.makedirs(folder, exist_ok=True)
    xy = pyvips.Image.xyz(width, height)
    gradient = (xy[0] * (255 / width)).bandjoin([xy[1] * (255 / height), (xy[0] + xy[1]) * (127 / (width + height))])
    for index in range(count):
        path = os.path.join(folder, f"img{index:05d}.jpg")
        if os.path.exists(path):
            continue
        if smooth:
            shapes = [pyvips.Image.gaussnoise(width // 64 + 1, height // 64 + 1, sigma=60, seed=index + band)
                      .resize(64, kernel="linear").crop(0, 0, width, height) for band in range(3)]
            grain = pyvips.Image.gaussnoise(width, height, sigma=3, mean=0, seed=index)
            image = ((gradient * 0.5 + shapes[0].bandjoin(shapes[1:]) * 0.6 + grain)).cast("uchar").copy(interpretation="srgb")
        else:
            noise = pyvips.Image.gaussnoise(width, height, sigma=40, seed=index).bandjoin(
                [pyvips.Image.gaussnoise(width, height, sigma=40, seed=index + 7919)] * 2)
            image = ((gradient + noise) * 0.9).cast("uchar").copy(interpretation="srgb")
        image.jpegsave(path, Q=88)


if __name__ == "__main__":
    main()
