#!/usr/bin/env python3
"""The OpenCV loop a user writes instead of Lightbox (supervision's crop_image is this slice):
every YOLO box of FOLDER's train split to a JPEG at quality 95, 4:4:4; decodes each photo once.

usage: opencv-dataset.py FOLDER OUT
"""
import os
import sys

import cv2


def main():
    folder, out = sys.argv[1], sys.argv[2]
    labels = os.path.join(folder, "labels", "train")
    params = [cv2.IMWRITE_JPEG_QUALITY, 95, cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444]
    for name in sorted(os.listdir(labels)):
        stem = name[:-4]
        image = cv2.imread(os.path.join(folder, "images", "train", stem + ".jpg"))
        height, width = image.shape[:2]
        for number, line in enumerate(open(os.path.join(labels, name)), 1):
            cls, cx, cy, w, h = line.split()
            cx, cy, w, h = float(cx) * width, float(cy) * height, float(w) * width, float(h) * height
            x1, y1 = max(0, round(cx - w / 2)), max(0, round(cy - h / 2))
            x2, y2 = min(width, round(cx + w / 2)), min(height, round(cy + h / 2))
            target = os.path.join(out, cls)
            os.makedirs(target, exist_ok=True)
            cv2.imwrite(os.path.join(target, f"{stem}_{number}.jpg"), image[y1:y2, x1:x2], params)


if __name__ == "__main__":
    main()
