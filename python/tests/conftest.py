"""Fixtures of the Python package's tests: the built binary, real photos from Fixtures/, a protocol double, a big PNG.

The tests run against the lightbox binary (LIGHTBOX_BIN, else .build/debug/lightbox), which
`make test` has built; `fake_batch.py` plays `lightbox batch` where a test needs answers the
real process cannot be made to give on demand (a fixed order, a given answer).
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import time
import zlib
from pathlib import Path
from typing import Callable, List

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures"


@pytest.fixture
def binary() -> str:
    """The lightbox under test."""
    path = Path(os.environ.get("LIGHTBOX_BIN", ROOT / ".build" / "debug" / "lightbox")).resolve()
    assert path.is_file(), f"{path} is missing: run swift build (or set LIGHTBOX_BIN)"
    return str(path)


@pytest.fixture
def photos(tmp_path: Path) -> List[str]:
    """Four real JPEGs in the test's folder (EXIF orientations 1, 6 and 8 among them), as absolute paths."""
    names = ["photo.jpg", "exif-orientation/Landscape_1.jpg", "exif-orientation/Landscape_6.jpg",
             "exif-orientation/Portrait_8.jpg"]
    paths = []
    for index, name in enumerate(names):
        target = tmp_path / f"p{index}.jpg"
        shutil.copyfile(FIXTURES / name, target)
        paths.append(str(target))
    return paths


@pytest.fixture
def fake() -> str:
    """The protocol double, to pass as `binary`; its environment (FAKE_LOG, FAKE_HOLD...) says how it answers."""
    return str(Path(__file__).with_name("fake_batch.py"))


def big_png(path: Path, side: int) -> Path:
    """Writes a grey PNG of `side` x `side` pixels, made fast: a crop of it decodes it whole (a second at 5000)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compress((b"\0" + b"\x80" * (3 * side)) * side, 1)
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + header + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    return path


def wait_for(condition: Callable[[], bool], seconds: float = 10) -> None:
    """Waits until `condition()` holds, failing the test after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


def cli(binary: str, *arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    """Runs the lightbox command line, for the bytes a client's job must match."""
    return subprocess.run([binary, *arguments], cwd=cwd, capture_output=True, text=True)
