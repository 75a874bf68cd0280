"""The answers `lightbox batch` gives, as typed dictionaries: each command's `--json` object and its status.

They are plain dicts at run time (`answer["pixels"]["width"]`); the types tell a checker
(mypy, an editor) which keys there are. Every key is optional: a failed job carries what
was known when it failed.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Literal, TypedDict

# How Lightbox begins what it says about a job line: `stdin:N: `, N counting the client's own lines.
LINE_PREFIX = re.compile(r"^stdin:\d+: ")

Status = Literal["done", "failed", "skipped"]
"""`done`; `failed` (with `error`); `skipped`: the output was already whole (`skip_existing`)."""


class WidthHeight(TypedDict):
    """A size: the image's, the crop's, the screen's."""

    width: float
    height: float


class PixelRect(TypedDict):
    """The pixels of the upright image a crop cut."""

    left: int
    top: int
    width: int
    height: int


class FractionRect(TypedDict):
    """A rect in fractions of the upright image: the one cut, after clipping or snapping."""

    x: float
    y: float
    width: float
    height: float


class _Common(TypedDict, total=False):
    id: Any
    status: Status
    error: str
    warnings: List[str]
    output: str
    source: str
    line: int
    bytes: int
    milliseconds: float


class CropAnswer(_Common, total=False):
    """A crop's answer (docs/crop.md, `--json`); a multi-rect job's has one per crop under `crops`."""

    input: str
    image: WidthHeight
    rect: FractionRect
    pixels: PixelRect
    outputSize: WidthHeight
    decoder: str
    clipped: bool
    snapped: bool
    crops: List["CropAnswer"]


class SafeArea(TypedDict):
    """Safe areas in points."""

    top: float
    bottom: float


class Point(TypedDict):
    """An offset in points."""

    x: float
    y: float


class ViewAnswer(_Common, total=False):
    """A viewer snapshot's answer (docs/view.md, `--json`)."""

    input: str
    page: int
    pages: int
    screen: WidthHeight
    scale: float
    safeArea: SafeArea
    fitted: WidthHeight
    zoom: float
    offset: Point
    pull: float
    progress: float
    decoder: str


class SkippedPhoto(TypedDict):
    """A board photo left out, and why."""

    input: str
    error: str


class BoardAnswer(_Common, total=False):
    """A board's answer (docs/board.md, `--json`): `failed` lists the photos left out."""

    width: int
    height: int
    cards: int
    failed: List[SkippedPhoto]


class Answer(CropAnswer, ViewAnswer, BoardAnswer, total=False):
    """Any command's answer, as `run` and `submit` give them."""


def unprefixed(text: str) -> str:
    """An error or warning without Lightbox's `stdin:N: ` (the answer's `line` keeps N)."""
    return LINE_PREFIX.sub("", text)


def unprefix(answer: Dict[str, Any]) -> None:
    """Takes `stdin:N: ` off an answer's error and warnings, and off its crops' and its left-out photos'."""
    for entry in [answer, *(answer.get("crops") or []), *(answer.get("failed") or [])]:
        if not isinstance(entry, dict):
            continue
        if isinstance(entry.get("error"), str):
            entry["error"] = unprefixed(entry["error"])
        if isinstance(entry.get("warnings"), list):
            entry["warnings"] = [unprefixed(text) if isinstance(text, str) else text for text in entry["warnings"]]
