#!/usr/bin/env python3
"""The loop a user writes instead of Lightbox: every YOLO box of FOLDER's train split to a JPEG at
quality 95, 4:4:4 (Lightbox's default for a JPEG crop), with Pillow; decodes each photo once.

usage: pillow-dataset.py FOLDER OUT
"""
import os
import sys

from PIL import Image, ImageOps


def main():
    folder, out = sys.argv[1], sys.argv[2]
    labels = os.path.join(folder, "labels", "train")
    for name in sorted(os.listdir(labels)):
        stem = name[:-4]
        image = ImageOps.exif_transpose(Image.open(os.path.join(folder, "images", "train", stem + ".jpg")))
        width, height = image.size
        for number, line in enumerate(open(os.path.join(labels, name)), 1):
            cls, cx, cy, w, h = line.split()
            cx, cy, w, h = float(cx) * width, float(cy) * height, float(w) * width, float(h) * height
            box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
            target = os.path.join(out, cls)
            os.makedirs(target, exist_ok=True)
            image.crop(box).save(os.path.join(target, f"{stem}_{number}.jpg"), quality=95, subsampling=0)


if __name__ == "__main__":
    main()
