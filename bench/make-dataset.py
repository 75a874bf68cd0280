#!/usr/bin/env python3
"""Makes a COCO-like YOLO dataset for bench/dataset.sh: COUNT photo-like 640x480 JPEGs (quality 90,
4:2:0, as COCO's are) under FOLDER/images/train, each with BOXES boxes in FOLDER/labels/train (sizes
drawn as COCO's are: most boxes small, a few large), and FOLDER/data.yaml naming 80 classes.

usage: make-dataset.py FOLDER COUNT BOXES   (needs Pillow)
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter


def photo(seed, width=640, height=480):
    """A smooth photo-like image: soft shapes over a gradient, a little grain."""
    rng = random.Random(seed)
    image = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(10, 160)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(6))
    grain = Image.effect_noise((width, height), 12).convert("RGB")
    return Image.blend(image, grain, 0.08)


def main():
    folder, count, boxes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    images = os.path.join(folder, "images", "train")
    labels = os.path.join(folder, "labels", "train")
    os.makedirs(images, exist_ok=True)
    os.makedirs(labels, exist_ok=True)
    rng = random.Random(7)
    for index in range(count):
        stem = f"{index:012d}"
        path = os.path.join(images, stem + ".jpg")
        if not os.path.exists(path):
            photo(index).save(path, quality=90)
        lines = []
        for _ in range(boxes):
            w = min(0.9, rng.lognormvariate(-2.2, 0.8))
            h = min(0.9, w * rng.uniform(0.5, 2.0))
            cx, cy = rng.uniform(w / 2, 1 - w / 2), rng.uniform(min(h / 2, 0.5), max(1 - h / 2, 0.5))
            lines.append(f"{rng.randrange(80)} {cx:.6f} {cy:.6f} {w:.6f} {h:.6f}")
        with open(os.path.join(labels, stem + ".txt"), "w") as out:
            out.write("\n".join(lines) + "\n")
    names = "\n".join(f"  {i}: class{i}" for i in range(80))
    with open(os.path.join(folder, "data.yaml"), "w") as out:
        out.write(f"path: .\ntrain: images/train\nval: images/train\nnames:\n{names}\n")


if __name__ == "__main__":
    main()
