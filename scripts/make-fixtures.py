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
quadrants.avif, quadrants.jxl, quadrants.pdf
                64x48, red top left, green top right, blue bottom left, white bottom right: inputs
                that only libvips' modules read (AVIF, JPEG XL, PDF at 72 dpi, one point a pixel).
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


def quadrants():
    """The four-colour image as AVIF and JPEG XL (libvips' savers) and as a hand-written one-page PDF."""
    colours = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
    tiles = [pyvips.Image.black(32, 24).new_from_image(c).cast("uchar").copy(interpretation="srgb") for c in colours]
    image = pyvips.Image.arrayjoin(tiles, across=2)
    image.heifsave(os.path.join(OUT, "quadrants.avif"), compression="av1", Q=90, strip=True)
    image.jxlsave(os.path.join(OUT, "quadrants.jxl"), lossless=True, strip=True)
    fills = [(0, 24, "1 0 0"), (32, 24, "0 1 0"), (0, 0, "0 0 1"), (32, 0, "1 1 1")]
    content = "".join(f"{rgb} rg {x} {y} 32 24 re f\n" for x, y, rgb in fills).encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 48] /Contents 4 0 R /Resources << >> >>",
               b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream"]
    pdf = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(pdf)
    pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    pdf += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(os.path.join(OUT, "quadrants.pdf"), "wb") as f:
        f.write(pdf)


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
    quadrants()


if __name__ == "__main__":
    main()
