#!/usr/bin/env python3
"""Makes the HEIF grid fixtures in Fixtures/heif/ (run by scripts/make-fixtures.sh; results committed).

libheif's encoder (heif-enc, Debian's libheif-examples) writes single images, so each grid is
assembled here from tiles: every tile is encoded alone by heif-enc (or taken from a real phone
file), then its hvcC/av1C, ispe and colr properties and its coded bytes are written into a new
file whose primary item is a `grid`. This box writer is for TESTS only and is written apart from
Lightbox's own (Sources/LightboxHEIF), so the two check each other: it writes 16-bit item ids,
iloc version 1 with 4-byte fields, infe version 2 and iref version 0.

The synthetic grids are 4 x 3 tiles of 64 x 64 cut to 250 x 180, from Landscape_1.jpg (MIT):
  grid-plain.heic          no transforms, an embedded 128 x 96 thumbnail (thmb)
  grid-bad-thumbnail.heic  grid-plain.heic whose thumbnail's ispe says 128 x 100: libvips opens the
                           thumbnail but fails to decode it (bad image dimensions on decode), as
                           it does a real Samsung Galaxy S24 FE photo's (see README.md)
  grid-wide.heic           8 x 2 tiles cut to 500 x 120: a card's centre square needs half of them
  grid-irot1-imir.heic     irot 1 then imir axis 1, an ICC profile (compatibleWithAdobeRGB1998)
  grid-irot2-mirror.heic   irot 2 then imir axis 0
  grid-clap-irot3.heic     clap (199 x 141 at odd offsets) then irot 3; mdat before meta
  grid-irot1-clap.heic     irot 1 then clap (121 x 173)
  grid-depth.heic          a depth auxiliary image and one tile used twice: still the tile path
Grids the tile path leaves to libvips, one per reason:
  grid-alpha.heic          an alpha auxiliary image composed in          (alpha)
  grid-av1.avif            AV1 tiles                                     (av1-tiles)
  grid-444.heic            4:4:4 tiles, HEVC range extensions            (range-extensions)
  grid-10bit.heic          10-bit tiles                                  (deep-samples)
  grid-uneven.heic         the bottom row's tiles 64 x 128               (irregular-grid)
  grid-clap-overflow.heic  a clap whose fractions overflow 32 bits       (transform)
  grid-size-mismatch.heic  the grid's ispe says 250 x 170                (size-mismatch)
From the real phone file IMG_2927.HEIC (iPhone, 48 tiles of 512 x 512, see README.md):
  phone-part.heic          its tiles at rows 4-5, columns 3-5 as a grid cut to 1400 x 1000,
                           irot 3, its ICC profile, mdat before meta (as some phones write)
  phone-wide.heic          its tiles at row 4, columns 0-4 as one row cut to 2500 x 500: a wide
                           photo whose card square needs the middle three
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

import pyvips

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "Fixtures", "heif")
SOURCE = os.path.join(ROOT, "Fixtures", "exif-orientation", "Landscape_1.jpg")
PHONE = os.path.join(OUT, "IMG_2927.HEIC")
ICC = os.path.join(ROOT, "Fixtures", "profiles", "compatibleWithAdobeRGB1998.icc")
TILE, COLUMNS, ROWS, WIDTH, HEIGHT = 64, 4, 3, 250, 180


# --- reading (enough of ISO BMFF for heif-enc's output and a phone's file)

def boxes(data, start, end):
    """(type, payload start, box end) of the boxes filling data[start:end]."""
    found = []
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        elif size == 0:
            size = end - start
        found.append((kind.decode("latin1"), start + header, start + size))
        start += size
    return found


def number(data, offset, size):
    return int.from_bytes(data[offset:offset + size], "big")


def read_file(path):
    """The items, properties and data of a HEIF file: a dict describing its meta box."""
    data = open(path, "rb").read()
    meta = next(b for b in boxes(data, 0, len(data)) if b[0] == "meta")
    children = {kind: (start, end) for kind, start, end in boxes(data, meta[1] + 4, meta[2])}
    start, end = children["pitm"]
    primary = number(data, start + 4, 2 if data[start] == 0 else 4)
    start, end = children["iinf"]
    skip = 2 if data[start] == 0 else 4
    items = {}
    for _, s, _ in boxes(data, start + 4 + skip, end):
        version, wide = data[s], data[s] == 3
        item = number(data, s + 4, 4 if wide else 2)
        at = s + 4 + (4 if wide else 2) + 2
        items[item] = (data[at:at + 4].decode("latin1"), number(data, s + 1, 3))
    locations = read_iloc(data, *children["iloc"])
    idat = data[children["idat"][0]:children["idat"][1]] if "idat" in children else b""
    start, end = children.get("iref", (0, 0))
    width = 2 if data[start] == 0 else 4
    references = []
    for kind, s, e in boxes(data, start + 4, end) if end else []:
        count = number(data, s + width, 2)
        targets = [number(data, s + width + 2 + width * k, width) for k in range(count)]
        references.append((kind, number(data, s, width), targets))
    iprp = {kind: (s, e) for kind, s, e in boxes(data, *children["iprp"])}
    properties = [(kind, data[s - 8:e]) for kind, s, e in boxes(data, *iprp["ipco"])]
    associations = read_ipma(data, *iprp["ipma"])

    def item_data(item):
        method, extents = locations[item]
        source = idat if method == 1 else data
        return b"".join(source[o:o + n] for o, n in extents)

    return dict(primary=primary, items=items, references=references, properties=properties,
                associations=associations, data=item_data)


def read_iloc(data, start, end):
    version = data[start]
    at = start + 4
    offset_size, length_size, base_size = data[at] >> 4, data[at] & 15, data[at + 1] >> 4
    index_size = data[at + 1] & 15 if version in (1, 2) else 0
    wide = 4 if version == 2 else 2
    at += 2
    count = number(data, at, wide)
    at += wide
    table = {}
    for _ in range(count):
        item = number(data, at, wide)
        at += wide
        method = 0
        if version in (1, 2):
            method = number(data, at, 2) & 15
            at += 2
        at += 2
        base = number(data, at, base_size)
        at += base_size
        extent_count = number(data, at, 2)
        at += 2
        extents = []
        for _ in range(extent_count):
            at += index_size
            offset = number(data, at, offset_size)
            at += offset_size
            extents.append((base + offset, number(data, at, length_size)))
            at += length_size
        table[item] = (method, extents)
    return table


def read_ipma(data, start, end):
    version, flags = data[start], number(data, start + 1, 3)
    count = number(data, start + 4, 4)
    at = start + 8
    table = {}
    for _ in range(count):
        item = number(data, at, 2 if version < 1 else 4)
        at += 2 if version < 1 else 4
        found = []
        count_here = data[at]
        at += 1
        for _ in range(count_here):
            if flags & 1:
                value = number(data, at, 2)
                at += 2
                found.append((value >> 15, value & 0x7FFF))
            else:
                value = data[at]
                at += 1
                found.append((value >> 7, value & 0x7F))
        table[item] = found
    return table


def encoded(path):
    """The primary image of a single-image file: (type, [(property type, box bytes)], coded bytes)."""
    heif = read_file(path)
    item = heif["primary"]
    properties = [heif["properties"][index - 1] for _, index in heif["associations"][item] if index]
    return heif["items"][item][0], properties, heif["data"](item)


# --- writing

def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind.encode() + payload


def full(kind, version, flags, payload):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big") + payload)


def property_box(kind, payload, full_box=False):
    return full(kind, 0, 0, payload) if full_box else box(kind, payload)


def ispe(width, height):
    return full("ispe", 0, 0, struct.pack(">II", width, height))


def write_heif(path, brand, items, references, mdat_first=False):
    """items: [(id, type, flags, [(essential, property box)], data)]; the first is primary."""
    properties, associations = [], []
    for _, _, _, boxes_of, _ in items:
        indices = []
        for essential, content in boxes_of:
            if content not in properties:
                properties.append(content)
            indices.append((essential, properties.index(content) + 1))
        associations.append(indices)
    ftyp = box("ftyp", brand.encode() + b"\0\0\0\0" + b"mif1" + brand.encode() + (b"miaf" if brand == "avif" else b""))
    hdlr = full("hdlr", 0, 0, b"\0\0\0\0pict" + b"\0" * 12 + b"\0")
    pitm = full("pitm", 0, 0, struct.pack(">H", items[0][0]))
    iinf = full("iinf", 0, 0, struct.pack(">H", len(items)) + b"".join(
        full("infe", 2, flags, struct.pack(">HH", item, 0) + kind.encode() + b"\0")
        for item, kind, flags, _, _ in items))
    iref = full("iref", 0, 0, b"".join(
        box(kind, struct.pack(">HH", source, len(targets)) + b"".join(struct.pack(">H", t) for t in targets))
        for kind, source, targets in references))
    ipma = full("ipma", 0, 0, struct.pack(">I", len(items)) + b"".join(
        struct.pack(">HB", item, len(indices)) + bytes((essential << 7) | index for essential, index in indices)
        for (item, _, _, _, _), indices in zip(items, associations)))
    iprp = box("iprp", box("ipco", b"".join(properties)) + ipma)
    payload = b"".join(data for *_, data in items)

    def meta(base):
        entries, offset = b"", base
        for item, _, _, _, data in items:
            entries += struct.pack(">HHHHII", item, 0, 0, 1, offset, len(data))
            offset += len(data)
        iloc = full("iloc", 1, 0, bytes([0x44, 0x00]) + struct.pack(">H", len(items)) + entries)
        return full("meta", 0, 0, hdlr + pitm + iinf + iref + iprp + iloc)

    if mdat_first:
        content = ftyp + box("mdat", payload) + meta(len(ftyp) + 8)
    else:
        size = len(meta(0))
        content = ftyp + meta(len(ftyp) + size + 8) + box("mdat", payload)
    with open(path, "wb") as f:
        f.write(content)


def grid_descriptor(rows, columns, width, height):
    return bytes([0, 0, rows - 1, columns - 1]) + struct.pack(">HH", width, height)


# --- the fixtures

def encode(image, folder, name, options):
    png = os.path.join(folder, name + ".png")
    out = os.path.join(folder, name + (".avif" if "-A" in options else ".heic"))
    image.pngsave(png, strip=True)
    subprocess.run(["heif-enc", "-q", "60", *options, "-o", out, png], check=True, stdout=subprocess.DEVNULL)
    return encoded(out)


def tiles_of(picture, folder, options=(), sizes=None):
    """Each tile of `picture` encoded alone: [(type, properties, data)], row by row."""
    tiles = []
    for row in range(ROWS):
        for column in range(COLUMNS):
            width, height = sizes(row, column) if sizes else (TILE, TILE)
            piece = picture.crop(column * TILE, row * TILE, width, height)
            tiles.append(encode(piece, folder, f"tile-{row}-{column}", list(options)))
    return tiles


def grid_items(tiles, width=WIDTH, height=HEIGHT, grid_properties=(), size=None, order=None):
    """The grid (id 1) and its tiles (ids 2...) as write_heif items, and the dimg reference."""
    order = order or list(range(len(tiles)))
    extent = ispe(*(size or (width, height)))
    items = [(1, "grid", 0, [(0, extent)] + list(grid_properties), grid_descriptor(ROWS, COLUMNS, width, height))]
    for index, (kind, properties, data) in enumerate(tiles):
        items.append((index + 2, kind, 1, [(1 if p[0] in ("hvcC", "av1C") else 0, p[1]) for p in properties], data))
    return items, [("dimg", 1, [order[i] + 2 for i in range(len(order))])]


def clap(width, height, horizontal, vertical):
    """A clap box: each value a (numerator, denominator) pair."""
    return box("clap", struct.pack(">IIIIiIiI", *width, *height, *horizontal, *vertical))


def synthetic(picture, folder):
    tiles = tiles_of(picture, folder)
    thumbnail = encode(picture.resize(0.5), folder, "thumbnail", [])
    items, refs = grid_items(tiles)
    thumb_id = len(items) + 1
    items.append((thumb_id, thumbnail[0], 0, [(1 if p[0] == "hvcC" else 0, p[1]) for p in thumbnail[1]], thumbnail[2]))
    write_heif(os.path.join(OUT, "grid-plain.heic"), "heic", items, refs + [("thmb", thumb_id, [1])])
    # The same thumbnail whose ispe says 128 x 100: libheif decodes 128 x 96, which libvips refuses.
    kind, properties, data = items[-1][1], items[-1][3], items[-1][4]
    items[-1] = (thumb_id, kind, 0, [(e, ispe(128, 100) if p[4:8] == b"ispe" else p) for e, p in properties], data)
    write_heif(os.path.join(OUT, "grid-bad-thumbnail.heic"), "heic", items, refs + [("thmb", thumb_id, [1])])

    wide = pyvips.Image.thumbnail(SOURCE, 8 * TILE, height=2 * TILE, crop="centre").copy(interpretation="srgb")
    wide_tiles = [encode(wide.crop(column * TILE, row * TILE, TILE, TILE), folder, f"wide-{row}-{column}", [])
                  for row in range(2) for column in range(8)]
    items = [(1, "grid", 0, [(0, ispe(500, 120))], bytes([0, 0, 1, 7]) + struct.pack(">HH", 500, 120))]
    for index, (kind, properties, data) in enumerate(wide_tiles):
        items.append((index + 2, kind, 1, [(1 if p[0] == "hvcC" else 0, p[1]) for p in properties], data))
    write_heif(os.path.join(OUT, "grid-wide.heic"), "heic", items, [("dimg", 1, list(range(2, 18)))])

    profile = box("colr", b"prof" + open(ICC, "rb").read())
    variants = {
        "grid-irot1-imir.heic": ([(1, box("irot", b"\x01")), (1, box("imir", b"\x01")), (0, profile)], False),
        "grid-irot2-mirror.heic": ([(1, box("irot", b"\x02")), (1, box("imir", b"\x00"))], False),
        "grid-clap-irot3.heic": ([(1, clap((199, 1), (141, 1), (-7, 2), (9, 2))), (1, box("irot", b"\x03"))], True),
        "grid-irot1-clap.heic": ([(1, box("irot", b"\x01")), (1, clap((121, 1), (173, 1), (5, 1), (-3, 1)))], False),
    }
    for name, (properties, mdat_first) in variants.items():
        items, refs = grid_items(tiles, grid_properties=properties)
        write_heif(os.path.join(OUT, name), "heic", items, refs, mdat_first=mdat_first)

    # A depth map (never composed in) and tile 0 used again in place of tile 5.
    depth = encode(picture.colourspace("b-w").crop(0, 0, WIDTH, HEIGHT), folder, "depth", [])
    items, refs = grid_items(tiles, order=[0, 1, 2, 3, 4, 0, 6, 7, 8, 9, 10, 11])
    aux = box("auxC", b"\0\0\0\0" + b"urn:mpeg:hevc:2015:auxid:2\0")
    depth_id = len(items) + 1
    items.append((depth_id, "hvc1", 1, [(1, p[1]) if p[0] == "hvcC" else (0, p[1]) for p in depth[1]] + [(1, aux)],
                  depth[2]))
    write_heif(os.path.join(OUT, "grid-depth.heic"), "heic", items, refs + [("auxl", depth_id, [1])])
    return tiles


def declined(picture, folder, tiles):
    # alpha: an alpha image of the grid's size, referring to the grid.
    rgba = picture.crop(0, 0, WIDTH, HEIGHT).bandjoin((picture.crop(0, 0, WIDTH, HEIGHT)[0] > 100).ifthenelse(255, 40))
    whole = read_file(_encode_file(rgba, folder, "alpha"))
    alpha_id = next(s for kind, s, t in whole["references"] if kind == "auxl")
    alpha_props = [whole["properties"][i - 1] for _, i in whole["associations"][alpha_id] if i]
    items, refs = grid_items(tiles)
    items.append((20, "hvc1", 1, [(1 if p[0] == "hvcC" else 0, p[1]) for p in alpha_props], whole["data"](alpha_id)))
    write_heif(os.path.join(OUT, "grid-alpha.heic"), "heic", items, refs + [("auxl", 20, [1])])

    items, refs = grid_items(tiles_of(picture, folder, ["-A"]))
    write_heif(os.path.join(OUT, "grid-av1.avif"), "avif", items, refs)
    items, refs = grid_items(tiles_of(picture, folder, ["-p", "chroma=444"]))
    write_heif(os.path.join(OUT, "grid-444.heic"), "heic", items, refs)
    items, refs = grid_items(tiles_of(picture.cast("ushort").linear(257, 0).cast("ushort").copy(interpretation="rgb16"),
                                      folder, ["-b", "10"]))
    write_heif(os.path.join(OUT, "grid-10bit.heic"), "heic", items, refs)
    tall = pyvips.Image.thumbnail(SOURCE, COLUMNS * TILE, height=(ROWS + 1) * TILE, crop="centre")
    uneven = tiles_of(tall, folder, sizes=lambda row, column: (TILE, 2 * TILE if row == ROWS - 1 else TILE))
    items, refs = grid_items(uneven, height=4 * TILE - 10)
    write_heif(os.path.join(OUT, "grid-uneven.heic"), "heic", items, refs)
    overflow = clap((65535, 65531), (141, 1), (65535, 65533), (9, 2))
    items, refs = grid_items(tiles, grid_properties=[(1, overflow)])
    write_heif(os.path.join(OUT, "grid-clap-overflow.heic"), "heic", items, refs)
    items, refs = grid_items(tiles, size=(WIDTH, HEIGHT - 10))
    write_heif(os.path.join(OUT, "grid-size-mismatch.heic"), "heic", items, refs)


def _encode_file(image, folder, name):
    png, out = os.path.join(folder, name + ".png"), os.path.join(folder, name + ".heic")
    image.copy(interpretation="srgb").pngsave(png, strip=True)
    subprocess.run(["heif-enc", "-q", "60", "-o", out, png], check=True, stdout=subprocess.DEVNULL)
    return out


def phone_wide():
    """Five of the phone's tiles in a row (row 4, columns 0-4) as a grid cut to 2500 x 500."""
    phone = read_file(PHONE)
    grid = phone["primary"]
    tile_ids = next(t for kind, s, t in phone["references"] if kind == "dimg" and s == grid)
    grid_props = [phone["properties"][i - 1] for _, i in phone["associations"][grid] if i]
    profile = next(p for p in grid_props if p[0] == "colr")
    items = [(1, "grid", 0, [(0, ispe(2500, 500)), (0, profile[1])], bytes([0, 0, 0, 4]) + struct.pack(">HH", 2500, 500))]
    for index, tile in enumerate(tile_ids[24:29]):
        props = [phone["properties"][i - 1] for _, i in phone["associations"][tile] if i]
        items.append((index + 2, "hvc1", 1, [(1 if p[0] == "hvcC" else 0, p[1]) for p in props], phone["data"](tile)))
    write_heif(os.path.join(OUT, "phone-wide.heic"), "heic", items, [("dimg", 1, list(range(2, 7)))])


def phone_part():
    phone = read_file(PHONE)
    grid = phone["primary"]
    tile_ids = next(t for kind, s, t in phone["references"] if kind == "dimg" and s == grid)
    chosen = [tile_ids[row * 6 + column] for row in (4, 5) for column in (3, 4, 5)]
    grid_props = [phone["properties"][i - 1] for _, i in phone["associations"][grid] if i]
    profile = next(p for p in grid_props if p[0] == "colr")
    items = [(1, "grid", 0, [(0, ispe(1400, 1000)), (0, profile[1]), (1, box("irot", b"\x03"))],
              bytes([0, 0, 1, 2]) + struct.pack(">HH", 1400, 1000))]
    for index, tile in enumerate(chosen):
        props = [phone["properties"][i - 1] for _, i in phone["associations"][tile] if i]
        items.append((index + 2, "hvc1", 1, [(1 if p[0] == "hvcC" else 0, p[1]) for p in props], phone["data"](tile)))
    write_heif(os.path.join(OUT, "phone-part.heic"), "heic", items, [("dimg", 1, list(range(2, 8)))], mdat_first=True)


def main():
    if shutil.which("heif-enc") is None:
        sys.exit("heif-enc missing (apt-get install libheif-examples)")
    picture = pyvips.Image.thumbnail(SOURCE, COLUMNS * TILE, height=ROWS * TILE, crop="centre").copy(
        interpretation="srgb")
    with tempfile.TemporaryDirectory() as folder:
        tiles = synthetic(picture, folder)
        declined(picture, folder, tiles)
    phone_part()
    phone_wide()


if __name__ == "__main__":
    main()
