#!/usr/bin/env bash
# Installs what Lightbox needs on Debian: libvips-dev, libyaml-dev, libjpeg62-turbo-dev (the
# JPEG region decoder and lossless cuts), libexif-dev (a lossless cut's EXIF), libxml2-dev
# (libxml2's own words for a malformed VOC file), libwebp-dev (libwebpmux, to drop the EXIF
# block libvips makes up in WebP files), libpng-dev and zlib1g-dev (the PNG encoder's chunks and
# strips), libisal-dev (ISA-L's igzip, the PNG encoder's fast deflate) and the fonts for text (Inter for captions and the
# viewer's header, DejaVu Sans as the fallback, Noto Color Emoji for emoji in colour, Noto Sans CJK for Chinese, Japanese
# and Korean, and Noto's core fonts for the other scripts iOS draws: Thai, the Indic scripts, Ethiopic and more) to build
# and run, and exiftool, which the tests use as an outside witness of the metadata outputs carry.
set -euo pipefail
need=()
pkg-config --exists vips 2>/dev/null || need+=(libvips-dev)
pkg-config --exists yaml-0.1 2>/dev/null || need+=(libyaml-dev)
pkg-config --exists libjpeg 2>/dev/null || need+=(libjpeg62-turbo-dev)
pkg-config --exists libxml-2.0 2>/dev/null || need+=(libxml2-dev)
pkg-config --exists libwebpmux 2>/dev/null || need+=(libwebp-dev)
pkg-config --exists libexif 2>/dev/null || need+=(libexif-dev)
pkg-config --exists libpng 2>/dev/null || need+=(libpng-dev)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev)
pkg-config --exists libisal 2>/dev/null || need+=(libisal-dev)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
command -v exiftool >/dev/null 2>&1 || need+=(libimage-exiftool-perl)
dpkg -s fonts-inter >/dev/null 2>&1 || need+=(fonts-inter)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need+=(fonts-noto-color-emoji)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
dpkg -s fonts-noto-core >/dev/null 2>&1 || need+=(fonts-noto-core)
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing ${need[*]}..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
