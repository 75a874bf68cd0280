#!/usr/bin/env python3
"""Makes the small images in Fixtures/ (run by scripts/make-fixtures.sh; the results are committed).

pattern.png     640x480 RGB whose pixels encode their coordinates:
                R = x % 256, G = y % 256, B = (x // 256) * 16 + y // 256.
photo.jpg       a real photo (Fixtures/exif-orientation/Landscape_1.jpg, MIT), 600x400
                upright, stored turned left with EXIF orientation 6.
alpha.png       320x240 RGBA: a gradient with a transparent left half.
deep16.png      320x240 16-bit RGB gradient.
cmyk.jpg        the photo as a CMYK JPEG.
icc.jpg         the photo with an embedded sRGB ICC profile and EXIF ImageDescription and Artist.
thumbnailed.heic  the photo, 600x400, as HEIC with a 160-pixel embedded thumbnail (needs heif-enc,
                from Debian's libheif-examples; skipped without it).
"""
import os
import shutil
import subprocess
import sys
import tempfile

import pyvips

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "Fixtures")
PHOTO = os.path.join(OUT, "exif-orientation", "Landscape_1.jpg")


def pattern():
    xy = pyvips.Image.xyz(640, 480)
    x, y = xy[0], xy[1]
    red = x.remainder_const(256)
    green = y.remainder_const(256)
    blue = (x / 256).floor() * 16 + (y / 256).floor()
    image = red.bandjoin([green, blue]).cast("uchar").copy(interpretation="srgb")
    image.pngsave(os.path.join(OUT, "pattern.png"), compression=9, strip=True, filter="all")


def upright_photo():
    return pyvips.Image.thumbnail(PHOTO, 600, height=400, crop="centre")


def photo(upright):
    stored = upright.rot270().copy()
    stored.set_type(pyvips.GValue.gint_type, "orientation", 6)
    stored.jpegsave(os.path.join(OUT, "photo.jpg"), Q=82, optimize_coding=True)


def alpha():
    xy = pyvips.Image.xyz(320, 240)
    x, y = xy[0], xy[1]
    rgb = (x * 0.8).bandjoin([y, (x + y) / 2]).cast("uchar")
    opacity = (x > 159).ifthenelse(255, 0).cast("uchar")
    image = rgb.bandjoin(opacity).copy(interpretation="srgb")
    image.pngsave(os.path.join(OUT, "alpha.png"), compression=9, strip=True, filter="all")


def deep16():
    xy = pyvips.Image.xyz(320, 240)
    x, y = xy[0], xy[1]
    image = (x * 200).bandjoin([y * 270, x * 100 + y * 100]).cast("ushort").copy(interpretation="rgb16")
    image.pngsave(os.path.join(OUT, "deep16.png"), compression=9, strip=True, filter="all", bitdepth=16)


def cmyk(upright):
    small = upright.resize(0.5)
    small.icc_transform("cmyk").jpegsave(os.path.join(OUT, "cmyk.jpg"), Q=80, strip=True)


def icc(upright):
    small = upright.resize(0.5).icc_export(output_profile="srgb")
    small.set_type(pyvips.GValue.gstr_type, "exif-ifd0-ImageDescription", "Lightbox fixture")
    small.set_type(pyvips.GValue.gstr_type, "exif-ifd0-Artist", "Lightbox")
    small.jpegsave(os.path.join(OUT, "icc.jpg"), Q=80)


def heic(upright):
    encoder = shutil.which("heif-enc")
    if encoder is None:
        print("heif-enc missing (apt-get install libheif-examples): thumbnailed.heic not remade")
        return
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "photo.png")
        upright.pngsave(source, strip=True)
        subprocess.run([encoder, "-q", "40", "-t", "160", "-o", os.path.join(OUT, "thumbnailed.heic"), source],
                       check=True, stdout=subprocess.DEVNULL)


def main():
    if not os.path.exists(PHOTO):
        sys.exit(f"missing {PHOTO}: the orientation set is part of the repo")
    os.makedirs(OUT, exist_ok=True)
    upright = upright_photo()
    pattern()
    photo(upright)
    alpha()
    deep16()
    cmyk(upright)
    icc(upright)
    heic(upright)


if __name__ == "__main__":
    main()
