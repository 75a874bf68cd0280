#!/usr/bin/env bash
# `make image`: an OCI image localhost/lightbox:VERSION and localhost/lightbox:latest with podman,
# without pulling a base image: mmdebstrap makes a Debian bookworm root file system from Debian's
# packages (the runtime libraries: libvips42, libyaml, libisal2, the fonts) with the release binary in it
# (its Swift runtime is linked in statically), and `podman import` makes it an image whose entry
# point is lightbox, working in /data. The Containerfile beside this script does the same from
# debian:bookworm-slim, for a machine that can pull it.
#
#   deploy/image/build.sh BINARY        (DEBIAN_MIRROR overrides http://deb.debian.org)
set -euo pipefail
binary=${1:?usage: build.sh BINARY}
cd "$(dirname "$0")/../.."
for tool in mmdebstrap podman strip; do
    command -v "$tool" >/dev/null || { echo "make image: needs $tool (Debian: mmdebstrap, podman, binutils)" >&2; exit 69; }
done
version=$("$binary" --version | awk '{print $2}')
mirror=${DEBIAN_MIRROR:-http://deb.debian.org}
work=.build/image
rm -rf "$work"
mkdir -p "$work"
# Symbols and debug info are half the binary's size; a crash in the image is reported by signal, as on the host.
strip -o "$work/lightbox" "$binary"

# The runtime packages (the Containerfile installs the same; libisal2 is the PNG encoder's deflate; Noto Color Emoji
# draws the emoji of captions and labels in colour, Noto Sans CJK and Noto's core fonts the scripts iOS draws that
# Inter and DejaVu lack; fontconfig builds the font cache, so text is drawn without scanning the fonts on every run,
# or writing, in a read-only container); `essential` is the smallest variant, without apt.
packages=libvips42,libyaml-0-2,libisal2,fontconfig,fonts-inter,fonts-dejavu-core,fonts-noto-color-emoji,fonts-noto-cjk,fonts-noto-core
# Lightbox never sets italic (captions and labels are escaped) and draws other scripts only at medium weight (Noto's
# regular), so Inter's and Noto's italics, Noto's bold and the serif CJK fonts (95 MB) stay out, which keeps the
# image under 350 MB with the emoji font's 11 MB, Noto Sans CJK's 19 MB and Noto's core 28 MB in.
# The font cache: fontconfig trusts a cache that recorded its font folder's mtime, and mmdebstrap clamps every
# mtime to SOURCE_DATE_EPOCH (its start when unset), so the folders are set to that time and the cache made
# last (fc-cache records SOURCE_DATE_EPOCH; mmdebstrap's reproducible clean-up is skipped to keep it). Then no
# run rescans the fonts or writes a cache of its own (read-only: "Fontconfig error: No writable cache directories").
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(date +%s)}
# The image's user, the Containerfile's too: lightbox, 65532:65532 (distroless' "nonroot" ids), no home, no
# login; it owns /data, where a container without a volume may write.
add_user='echo "lightbox:x:65532:65532:Lightbox:/nonexistent:/usr/sbin/nologin" >>"$1/etc/passwd"
echo "lightbox:x:65532:" >>"$1/etc/group"
chown 65532:65532 "$1/data"'
echo "make image: mmdebstrap bookworm with $packages" >&2
if ! mmdebstrap --quiet --variant=essential --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/fonts/opentype/inter/*Italic.otf' \
    --dpkgopt='path-exclude=/usr/share/fonts/truetype/noto/*Italic.ttf' \
    --dpkgopt='path-exclude=/usr/share/fonts/truetype/noto/*-Bold.ttf' \
    --dpkgopt='path-exclude=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc' \
    --dpkgopt='path-exclude=/usr/share/fonts/opentype/noto/NotoSerifCJK-*' \
    --customize-hook="copy-in $work/lightbox /usr/local/bin" \
    --customize-hook='mkdir -p "$1/data"; rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
    --customize-hook="$add_user" \
    --customize-hook='find "$1/usr/share/fonts" "$1/usr/local/share/fonts" -type d -exec touch -d "@$SOURCE_DATE_EPOCH" {} +' \
    --customize-hook='chroot "$1" fc-cache -f' --skip=cleanup/reproducible \
    bookworm "$work/rootfs.tar" \
    "deb $mirror/debian bookworm main" "deb $mirror/debian bookworm-updates main" \
    "deb $mirror/debian-security bookworm-security main" >"$work/mmdebstrap.log" 2>&1; then
    tail -20 "$work/mmdebstrap.log" >&2
    exit 1
fi

# `podman import --change LABEL` takes one label each (several in one become one label's value).
description='Crops, viewer snapshots and photo boards from the saved state of an iOS app, with libvips'
# Provenance (labels.sh): the repository, the commit, the build's time (SOURCE_DATE_EPOCH's, as the files'), the licences.
provenance=()
while IFS= read -r label; do
    provenance+=(--change "LABEL ${label%%=*}=\"${label#*=}\"")
done < <(deploy/image/labels.sh)
# The image this build replaces, removed once nothing names it.
previous=$(podman image inspect --format '{{.Id}}' localhost/lightbox:latest 2>/dev/null || true)
podman import --quiet \
    --change 'ENTRYPOINT ["/usr/local/bin/lightbox"]' --change 'CMD ["--help"]' --change 'WORKDIR /data' \
    --change 'USER 65532:65532' \
    --change 'LABEL org.opencontainers.image.title=lightbox' \
    --change "LABEL org.opencontainers.image.version=$version" \
    --change "LABEL org.opencontainers.image.description=\"$description\"" "${provenance[@]}" \
    "$work/rootfs.tar" "localhost/lightbox:$version" >/dev/null
podman tag "localhost/lightbox:$version" localhost/lightbox:latest
if [ -n "$previous" ] && [ -z "$(podman image inspect --format '{{.RepoTags}}' "$previous" | tr -d '[]')" ]; then
    podman rmi "$previous" >/dev/null 2>&1 || true  # another run may be using it
fi
rm -f "$work/rootfs.tar"
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' localhost/lightbox >&2
