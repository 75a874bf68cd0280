#!/usr/bin/env python3
"""Makes iPhone-like HEIC grids of several shapes from the real phone photo's own tiles.

usage: make-heics.py FOLDER COUNT

Fixtures/heif/IMG_2927.HEIC is a real iPhone photo: 48 HEVC tiles of 512x512. Each file made
here is a grid of those very tiles (taken in turn, reused where the grid needs more than 48)
under a grid item of another shape, with the photo's ICC profile, written by the fixtures' box
writer (scripts/make-heif-fixtures.py). The pictures are mosaics, but every tile costs what a
phone's tile costs to decode, which is what the board benchmark measures. COUNT files are made,
the shapes in turn: 4:3 (8 x 6 tiles, 4032x3024), 3:4 (6 x 8, 3024x4032), 16:9 (8 x 5,
4032x2268), 1:1 (6 x 6, 3024x3024) and a panorama (16 x 4, 8064x2048).
"""
import importlib.util
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SPEC = importlib.util.spec_from_file_location("fixtures", os.path.join(ROOT, "scripts", "make-heif-fixtures.py"))
fixtures = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(fixtures)

SHAPES = [("4x3", 8, 6, 4032, 3024), ("3x4", 6, 8, 3024, 4032), ("16x9", 8, 5, 4032, 2268),
          ("1x1", 6, 6, 3024, 3024), ("pano", 16, 4, 8064, 2048)]


def make(path, columns, rows, width, height, phone):
    grid = phone["primary"]
    tiles = next(t for kind, s, t in phone["references"] if kind == "dimg" and s == grid)
    grid_props = [phone["properties"][i - 1] for _, i in phone["associations"][grid] if i]
    profile = next(p for p in grid_props if p[0] == "colr")
    descriptor = bytes([0, 1, rows - 1, columns - 1]) + struct.pack(">II", width, height)
    items = [(1, "grid", 0, [(0, fixtures.ispe(width, height)), (0, profile[1])], descriptor)]
    for index, tile in enumerate(tiles):
        props = [phone["properties"][i - 1] for _, i in phone["associations"][tile] if i]
        items.append((index + 2, "hvc1", 1, [(1 if p[0] == "hvcC" else 0, p[1]) for p in props], phone["data"](tile)))
    order = [2 + n % len(tiles) for n in range(columns * rows)]
    fixtures.write_heif(path, "heic", items, [("dimg", 1, order)])


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(folder, exist_ok=True)
    phone = fixtures.read_file(fixtures.PHONE)
    for n in range(count):
        name, columns, rows, width, height = SHAPES[n % len(SHAPES)]
        path = os.path.join(folder, f"{name}-{n:02d}.heic")
        if not os.path.exists(path):
            make(path, columns, rows, width, height, phone)


if __name__ == "__main__":
    main()
