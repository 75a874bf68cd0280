#!/usr/bin/env python3
"""Fuzzes `lightbox batch --root` as a web backend's hostile clients would drive it.

Sends generated lines (jobs of every command with hostile paths, numbers, ids and policy keys,
seed lines from Fuzz/Seeds/batch mutated byte by byte, random bytes, lines over --max-line) while a
thread swaps folders and files for symbolic links out of the root and back. Never reads stderr.
Checks: the server ends by itself with 0 or 1 (never a signal), one answer per non-blank line,
each a JSON object with the line's status, nothing outside the root changed, no temp file left.
On a failure the lines sent (but those over 64 KB) are saved in Fuzz/Regressions/batch/seed-N.jsonl:
cut it down to the lines that matter before committing it (BatchFuzzTests replays every file there).

usage: fuzz-batch.py LIGHTBOX [--seconds S] [--seed N] [--replay FILE] [--found FOLDER]
Standard library only.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SEEDS = os.path.join(REPO, "Fuzz", "Seeds", "batch")
FOUND = os.path.join(REPO, "Fuzz", "Regressions", "batch")
PHOTOS = [os.path.join(REPO, "Fixtures", "pattern.png"), os.path.join(REPO, "Fixtures", "photo.jpg")]
# Bytes that must never appear in an output: a text file outside the root and one inside it
# (a save option's `profile=` once embedded any file's bytes in a WebP's ICC chunk).
SECRET = b"LIGHTBOX-FUZZ-SECRET-7f3a9c"


def tree(base):
    """root/in (two photos, a folder and a file that get swapped), root/out, outside/ (a secret)."""
    for folder in ("root/in/sw", "root/out/sw", "outside/deep"):
        os.makedirs(os.path.join(base, folder), exist_ok=True)
    for index, photo in enumerate(PHOTOS):
        shutil.copy(photo, os.path.join(base, "root/in", f"p{index}{os.path.splitext(photo)[1]}"))
    shutil.copy(PHOTOS[0], os.path.join(base, "root/in/sw/p.png"))
    shutil.copy(PHOTOS[0], os.path.join(base, "root/in/swf.png"))
    shutil.copy(PHOTOS[1], os.path.join(base, "outside/secret.jpg"))
    shutil.copy(PHOTOS[0], os.path.join(base, "outside/deep/p.png"))
    for name in ("outside/secret.txt", "root/in/notes.txt"):
        with open(os.path.join(base, name), "wb") as file:
            file.write(SECRET * 40)
    os.mkfifo(os.path.join(base, "root/in/fifo"))
    with open(os.path.join(base, "root/in/bomb.png"), "wb") as file:
        file.write(bomb_png(100000, 100000))
    with open(os.path.join(base, "root/in/sparse.png"), "wb") as file:
        file.truncate(1 << 30)


def bomb_png(width, height):
    """A PNG whose header declares width x height pixels, with a few bytes of data."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", bytes(16))


def snapshot(folder):
    """Every path under `folder` with its content's hash (links as their targets)."""
    seen = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            if os.path.islink(path):
                seen[path] = "link:" + os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as handle:
                    seen[path] = hashlib.sha256(handle.read()).hexdigest()
            else:
                seen[path] = "folder"
    return seen


class Racer(threading.Thread):
    """Swaps root/in/sw, root/out/sw and root/in/swf.png between the real thing and links out of
    the root (and back in) as fast as it can."""

    def __init__(self, base, rng):
        super().__init__(daemon=True)
        self.base, self.rng, self.stop, self.swaps = base, rng, threading.Event(), 0

    def swap(self, path, real, links):
        try:
            if os.path.islink(path) or os.path.isfile(path):
                os.unlink(path)
            elif os.path.isdir(path):
                shutil.rmtree(path, ignore_errors=True)
            choice = self.rng.randrange(len(links) + 1)
            if choice == len(links):
                real(path)
            else:
                os.symlink(links[choice], path)
        except OSError:
            pass

    def run(self):
        def folder(path):
            os.makedirs(path, exist_ok=True)
            if path.endswith("in/sw"):
                shutil.copy(PHOTOS[0], os.path.join(path, "p.png"))

        def photo(path):
            shutil.copy(PHOTOS[0], path)

        while not self.stop.is_set():
            self.swaps += 1
            self.swap(os.path.join(self.base, "root/in/sw"), folder, ["../../outside/deep", "..", "/etc"])
            self.swap(os.path.join(self.base, "root/out/sw"), folder, ["../../outside", "../in", "sw"])
            self.swap(os.path.join(self.base, "root/in/swf.png"), photo, ["../../outside/secret.jpg", "p0.png"])


class Lines:
    """Hostile job lines, as bytes."""

    PATHS = [
        "root/in/p0.png", "root/in/p1.jpg", "root/in/sw/p.png", "root/in/swf.png", "root/in/../in/p0.png",
        "root/in/../../outside/secret.jpg", "outside/secret.jpg", "/etc/passwd", "/proc/self/environ",
        "root/in/sw/../p0.png", "root/in/nothing.png", "root/in", "-", "", "root/in/p0.png\u0000.txt",
        "root/in/\u00e9\ufffd.png", "a" * 5000, "root/in/" + "../" * 60 + "etc/passwd", "~/x.png",
        "root/in/p0.png/", "/nonexistent/../" + "root/in/p0.png",
    ]
    OUTPUTS = [
        "root/out/a.png", "root/out/sw/b.jpg", "root/out/sw/deep/c.webp", "root/out/d.jpg[Q=10]",
        "root/out/../../outside/e.png", "outside/f.png", "/outside/made/by/a/job/../../../../../root/out/g.jpg",
        "root/out/sw/../../../outside/h.png", "root/in/p0.png", "root/out", "-", "root/out/x.unknown",
        "root/out/" + "z" * 300 + ".png", "root/out/e\u0301.png", "root/out/i.png[strip=false]",
        "root/out/k.webp[profile=../../outside/secret.txt]", "root/out/l.jpg[profile=/etc/passwd]",
        "root/out/m.png[profile=root/in/fifo]", "root/out/n.tif[properties]", "root/out/o.webp[profile=root/in/notes.txt]",
        "root/out/q.webp[Q=900,lossless]", "root/out/r.png[filter=sub|up,compression=1]", "root/out/s.jpg[profile=none]",
        "root/out/t.tif[compression=zstd,level=3]", "root/out/u.jpg[Q=90,Q=80]", "root/out/v.gif[profile=x]",
    ]
    NUMBERS = [0, -0.0, 1, -1, 0.5, 1e308, -1e308, 1e-320, 2**63, 123456789012345678901234567890, 0.3333333,
               360, 361, 100000, 16384]
    IDS = ["1", '"a"', "123456789012345678901234567890", "1e400", "1.50", "-0", "null", "true", "[1,{\"a\":[]}]",
           '"\\u0000"', '"' + "i" * 3000 + '"', "{}", "[" * 40 + "]" * 40]

    def __init__(self, rng):
        self.rng = rng
        self.seeds = []
        if os.path.isdir(SEEDS):
            for name in sorted(os.listdir(SEEDS)):
                with open(os.path.join(SEEDS, name), "rb") as handle:
                    self.seeds += [line for line in handle.read().split(b"\n") if line.strip()]

    def pick(self, values):
        return self.rng.choice(values)

    def number(self):
        return self.pick(self.NUMBERS + [self.rng.uniform(-2, 2), self.rng.randint(-10, 10000)])

    def rect(self):
        kinds = [
            lambda: [self.number() for _ in range(4)],
            lambda: ",".join(str(self.number()) for _ in range(4)),
            lambda: {"x": self.number(), "y": self.number(), "width": self.number(), "height": self.number()},
            lambda: [[self.number(), self.number()], [self.number(), self.number()]],
            lambda: [0.1, 0.1, 0.5, 0.5],
            lambda: "NaN,0,1,1",
            lambda: self.pick([None, True, "x", [], {}]),
        ]
        return self.pick(kinds)()

    def policy(self, job):
        keys = {
            "force": lambda: self.pick([True, False, "yes", 1]),
            "quality": lambda: self.pick([1, 50, 100, 0, 101, "90", 2.5]),
            "maxPixels": lambda: self.pick([0, 1, 1000, 10**12, -1, "x"]),
            "max-pixels": lambda: self.pick([0, 100, 10**9]),
            "failOn": lambda: self.pick(["none", "truncated", "error", "warning", "x", 3]),
            "fail-on": lambda: self.pick(["warning", "none"]),
            "timeout": lambda: self.pick([0, 0.001, 1, 5, 1e9, -1, "3"]),
            "skipExisting": lambda: self.pick([True, False, "maybe"]),
            "skip-existing": lambda: self.pick([True, None]),
        }
        for key in self.rng.sample(sorted(keys), self.rng.randint(0, 3)):
            job[key] = keys[key]()

    def job(self):
        command = self.pick(["crop", "crop", "view", "board", "crop-list", "nope"])
        job = {"id": self.rng.randrange(1 << 30)}
        if command == "crop":
            job.update(command="crop", input=self.pick(self.PATHS), rect=self.rect(), output=self.pick(self.OUTPUTS))
            for key, values in [("angle", self.NUMBERS), ("units", ["px", "fraction", "x"]),
                                ("lossless", [True, False]), ("mask", [True, "no"]), ("square", [True]),
                                ("oriented", ["upright", "bounds", 3])]:
                if self.rng.random() < 0.15:
                    job[key] = self.pick(values)
        elif command == "crop-list":
            job.update(command="crop", input=self.pick(self.PATHS), crops=[
                {"rect": self.rect(), "output": self.pick(self.OUTPUTS)} for _ in range(self.rng.randint(0, 6))])
            if self.rng.random() < 0.1:
                job["crops"].append({"rect": [0, 0, 1, 1], "output": "root/out/p.png", "force": True})
        elif command == "view":
            job.update(command="view", input=self.pick(self.PATHS), output=self.pick(self.OUTPUTS),
                       screen=self.pick([[40, 30], [0, 0], [1e308, 1], "10x10", [100000, 100000], [-1, 5]]))
            for key in ("zoom", "offset", "page", "scale", "pull", "maxZoom", "max-zoom", "threshold", "predicted",
                        "duration", "frames", "safeArea", "safe-area"):
                if self.rng.random() < 0.15:
                    job[key] = self.pick([self.number(), [self.number(), self.number()], "x", -1, 0])
            for key, values in [("device", ["iphone-16", "ipad", "x"]), ("style", ["viewer", "screen", 1]),
                                ("animate", ["zoom", "dismiss", "spin"]), ("under", ["#000", "red", "x", 3]),
                                ("doubleTap", [True, "x"]), ("chrome", [True, False]), ("reduceMotion", [True]),
                                ("output", ["root/out/v.gif", "root/out/v.webp", "root/out/v.png"])]:
                if self.rng.random() < 0.1:
                    job[key] = self.pick(values)
            if self.rng.random() < 0.1:
                job["inputs"] = [self.pick(self.PATHS) for _ in range(self.rng.randint(0, 4))]
                job.pop("input")
        elif command == "board":
            job.update(command="board", output=self.pick(self.OUTPUTS),
                       board=self.pick([[120, 120], [0, 5], [20000, 20000], "x", [1e308, 1]]),
                       photos=[{"id": str(index), "path": self.pick(self.PATHS)}
                               for index in range(self.rng.randint(0, 5))])
            number = self.number
            for key, values in [("cardWidth", [40, 0, 8000, -5, number()]), ("scale", [0.5, 1, 8, 0, 100, number()]),
                                ("background", ["#fff", "root/in/p0.png", "outside/secret.jpg", 7, "rgb(1,2,3)",
                                                "root/in/fifo", "root/in/bomb.png", "root/in/sparse.png",
                                                "root/in/notes.txt", "outside/secret.txt"]),
                                ("offsets", [{"0": [5, 5]}, {"9": [1e308, 0]}, {"0": [number(), number()]}]),
                                ("stacking", [["0", "0"], "x", ["1", "0"]]), ("reduceMotion", [True, 1]),
                                ("dragging", [{"id": "0", "translation": [number(), number()]}, {"id": "x"}, 3])]:
                if self.rng.random() < 0.2:
                    job[key] = self.pick(values)
            for photo in job["photos"]:
                if self.rng.random() < 0.2:
                    photo["caption"] = self.pick(["a", "\u202e\u0000x", "c" * 5000, 3])
        else:
            job["command"] = self.pick(["nope", 3, None, "crop\u0000"])
        self.policy(job)
        return job

    def line(self):
        roll = self.rng.random()
        if roll < 0.55:
            text = json.dumps(self.job(), ensure_ascii=self.rng.random() < 0.5)
            if self.rng.random() < 0.2:
                text = '{"id":' + self.pick(self.IDS) + "," + text[1:].replace('"id": ', '"was": ', 1)
            return text.encode("utf-8", "surrogatepass")
        if roll < 0.8 and self.seeds:
            return self.mutate(bytearray(self.pick(self.seeds)))
        if roll < 0.9:
            return self.mutate(bytearray(json.dumps(self.job()).encode()))
        if roll < 0.995:
            return bytes(self.rng.randrange(256) for _ in range(self.rng.randint(0, 200))).replace(b"\n", b" ")
        return b'{"id":"long","command":"crop","input":"' + b"x" * self.rng.randint(1 << 20, 2 << 20) + b'"}'

    def mutate(self, data):
        for _ in range(self.rng.randint(1, 8)):
            if not data:
                break
            where = self.rng.randrange(len(data))
            action = self.rng.randrange(5)
            if action == 0:
                data[where] = self.rng.randrange(256)
            elif action == 1:
                del data[where:where + self.rng.randint(1, 10)]
            elif action == 2:
                data[where:where] = self.pick([b"\x00", b"\xff", b"\\u0000", b"..", b"/", b"[", b"{", b'"', b"1e999",
                                               "\ufffd".encode(), b"\xef\xbb\xbf", b"\r"])
            elif action == 3:
                data[where:where] = data[:self.rng.randint(0, 50)]
            else:
                data = data[:where]
        return bytes(data).replace(b"\n", b" ")


def blank(line):
    """Whether the server skips `line`: no longer than --max-line, and nothing but ASCII white
    space and byte-order marks."""
    return len(line) <= 1 << 20 and line.replace(b"\xef\xbb\xbf", b"").strip(b" \t\r\n\x0b\x0c") == b""


def run(binary, lines, rng, seconds):
    """Serves `lines` (or generates them for `seconds`) under a racer; returns the problems found and the lines sent."""
    base = tempfile.mkdtemp(prefix="lightbox-fuzz-batch-")
    problems, sent = [], []
    try:
        tree(base)
        outside_before = snapshot(os.path.join(base, "outside"))
        racer = Racer(base, random.Random(rng.random()))
        racer.start()
        server = subprocess.Popen(
            [binary, "batch", "--root", "root", "--jobs", "2", "--timeout", "20", "--max-memory", "1024", "--quiet"],
            cwd=base, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        answers = []
        reader = threading.Thread(target=lambda: answers.extend(server.stdout), daemon=True)
        reader.start()
        generator = Lines(rng)
        end = time.time() + seconds
        try:
            for line in (lines if lines is not None else iter(lambda: generator.line(), None)):
                if lines is None and time.time() > end:
                    break
                sent.append(line)
                server.stdin.write(line + b"\n")
                server.stdin.flush()
            server.stdin.close()
        except BrokenPipeError:
            problems.append("the server closed its input early")
        try:
            status = server.wait(timeout=300)
        except subprocess.TimeoutExpired:
            server.kill()
            status = server.wait()
            problems.append("the server did not end within 300 s of the end of its input")
        reader.join(timeout=10)
        racer.stop.set()
        racer.join()
        if status not in (0, 1):
            problems.append(f"exit status {status}" + (" (a signal)" if status < 0 else ""))
        expected = sum(1 for line in sent if not blank(line))
        if len(answers) != expected:
            problems.append(f"{len(answers)} answers to {expected} lines")
        for answer in answers:
            try:
                value = json.loads(answer)
                assert isinstance(value, dict) and "id" in value and value["status"] in ("done", "failed", "skipped")
            except Exception:
                problems.append(f"a bad answer: {answer[:300]!r}")
                break
        for parent, _, files in os.walk(os.path.join(base, "root/out")):
            for name in files:
                path = os.path.join(parent, name)
                if os.path.islink(path) or not os.path.isfile(path):
                    continue
                with open(path, "rb") as file:
                    if SECRET in file.read():
                        problems.append(f"a secret's bytes in the output {name}")
        if snapshot(os.path.join(base, "outside")) != outside_before:
            problems.append("something outside the root changed")
        for parent, _, files in os.walk(os.path.join(base, "root")):
            temps = [name for name in files if ".lightbox-" in name]
            if temps:
                problems.append(f"temp files left in {parent}: {temps[:3]}")
        print(f"{len(sent)} lines, {len(answers)} answers, {racer.swaps} swaps, exit {status}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return problems, sent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--replay", help="send this file's lines instead of generated ones")
    parser.add_argument("--found", default=FOUND, help="where the lines of a failing run are saved")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    print(f"fuzzing lightbox batch for {options.seconds:g}s, seed {seed}")
    lines = None
    if options.replay:
        with open(options.replay, "rb") as handle:
            lines = handle.read().split(b"\n")
    problems, sent = run(os.path.abspath(options.binary), lines, random.Random(seed), options.seconds)
    if not problems:
        return 0
    os.makedirs(options.found, exist_ok=True)
    saved = os.path.join(options.found, f"seed-{seed}.jsonl")
    if not options.replay:
        with open(saved, "wb") as handle:
            # Lines over 64 KB (those over --max-line) are left out: they would make the file gigabytes.
            handle.write(b"\n".join(line for line in sent if len(line) <= 64 << 10) + b"\n")
    for problem in problems:
        print("problem:", problem, file=sys.stderr)
    print(f"lines saved in {saved}" if not options.replay else "", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
