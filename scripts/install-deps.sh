#!/usr/bin/env bash
# Installs what Lightbox needs to build and run on Debian: libvips-dev, libyaml-dev and a font for text.
set -euo pipefail
need=()
pkg-config --exists vips 2>/dev/null || need+=(libvips-dev)
pkg-config --exists yaml-0.1 2>/dev/null || need+=(libyaml-dev)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing ${need[*]}..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
