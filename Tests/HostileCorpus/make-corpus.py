#!/usr/bin/env python3
"""Makes the hostile-input corpus in FOLDER (Python standard library only): usage make-corpus.py FOLDER FIXTURES PHOTO.

Files: empty.jpg (0 bytes), truncated.jpg (half a real photo), badcrc.png (a PNG whose IHDR CRC is wrong),
text.jpg (text named .jpg), folder.jpg/ (a directory), bomb.png (declares 100000x100000), one.png (1x1),
cmyk.jpg and deep16.png (from the fixtures), animated.gif (3 frames), unreadable.jpg (mode 000),
dangling.jpg (a link to nowhere), manifests: bad-utf8.csv, long-line.csv (a 1 MB line),
numbers.jsonl (NaN, 1e308, -0), repeated.csv (the same output twice), and board layouts:
layout-utf8.json, layout-long.json, layout-nan.json, layout-huge.json, layout-zero.json,
layout-repeated.json.
"""
import os
import shutil
import struct
import sys
import zlib


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def gif(frames):
    """A 2x2 GIF with one frame per colour index, each frame a full image."""
    out = b"GIF89a" + struct.pack("<HHBBB", 2, 2, 0xF1, 0, 0)
    out += bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for index in range(frames):
        out += b"\x21\xF9\x04\x00\x0A\x00\x00\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, 2, 2, 0)
        data = bytes([index % 4] * 4)
        out += b"\x02" + lzw(data) + b"\x00"
    return out + b"\x3B"


def lzw(data):
    """Minimal GIF LZW with code size 2: a clear code before every pixel keeps codes 3 bits wide."""
    bits, count = 0, 0
    out = bytearray()
    codes = []
    for value in data:
        codes += [4, value]
    codes.append(5)
    for code in codes:
        bits |= code << count
        count += 3
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits & 0xFF)
    return bytes([len(out)]) + bytes(out)


def main():
    folder, fixtures, photo = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(folder, exist_ok=True)
    path = lambda name: os.path.join(folder, name)
    open(path("empty.jpg"), "wb").close()
    data = open(photo, "rb").read()
    open(path("truncated.jpg"), "wb").write(data[: len(data) // 2])
    good = bytearray(png(4, 4, b"".join(b"\x00" + b"\x80" * 12 for _ in range(4))))
    good[29] ^= 0xFF
    open(path("badcrc.png"), "wb").write(bytes(good))
    open(path("text.jpg"), "w").write("this is not an image\n")
    os.makedirs(path("folder.jpg"), exist_ok=True)
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)) + chunk(b"IDAT", bytes(16))
    open(path("bomb.png"), "wb").write(bomb)
    open(path("one.png"), "wb").write(png(1, 1, b"\x00\xff\x00\x00"))
    shutil.copy(os.path.join(fixtures, "cmyk.jpg"), path("cmyk.jpg"))
    shutil.copy(os.path.join(fixtures, "deep16.png"), path("deep16.png"))
    open(path("animated.gif"), "wb").write(gif(3))
    open(path("unreadable.jpg"), "wb").write(data)
    os.chmod(path("unreadable.jpg"), 0)
    if not os.path.lexists(path("dangling.jpg")):
        os.symlink("/nonexistent/lightbox/photo.jpg", path("dangling.jpg"))
    open(path("bad-utf8.csv"), "wb").write(b"input,x,y,width,height\none.png,0,0,1,1\n\xff\xfe.png,0,0,1,1\n")
    open(path("long-line.csv"), "w").write("input,x,y,width,height\n" + "a" * 1_000_000 + ".png,0,0,1,1\none.png,0,0,1,1\n")
    open(path("numbers.jsonl"), "w").write(
        '{"input":"one.png","rect":"nan,0,1,1"}\n{"input":"one.png","rect":[1e308,0,1,1]}\n'
        '{"input":"one.png","rect":{"x":-0.0,"y":-0,"width":1,"height":1},"output":"zero.png"}\n')
    open(path("repeated.csv"), "w").write("input,x,y,width,height,output\none.png,0,0,1,1,same.png\none.png,0,0,1,1,same.png\n")
    layouts(folder)


def layouts(folder):
    """Board layouts with invalid UTF-8, a 1 MB line, NaN, 1e308, -0 and a repeated id."""
    photo = '{"id":"a","path":"one.png"}'
    write = lambda name, text: open(os.path.join(folder, name), "wb").write(text if isinstance(text, bytes) else text.encode())
    write("layout-utf8.json", b'{"board":[300,300],"photos":[{"id":"a","path":"one.png","caption":"\xff\xfe"}]}')
    write("layout-long.json", '{"board":[300,300],"photos":[{"id":"a","path":"' + "x" * 1_000_000 + '.png"},' + photo.replace('"a"', '"b"') + "]}")
    write("layout-nan.json", '{"board":[NaN,300],"photos":[' + photo + "]}")
    write("layout-huge.json", '{"board":[1e308,300],"photos":[' + photo + "]}")
    write("layout-zero.json", '{"board":[300,300],"photos":[' + photo + '],"offsets":{"a":[-0,-0.0]}}')
    write("layout-repeated.json", '{"board":[300,300],"photos":[' + photo + "," + photo + "]}")


if __name__ == "__main__":
    main()
