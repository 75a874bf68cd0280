"""What a job's fields may be in Python, and how each becomes the JSON `lightbox batch` reads.

Numbers are taken as Python takes them: `int`, `float`, and anything that says it is one
(`__index__`, `__float__`, the `numbers` ABCs), so numpy's scalars (`np.float32`,
`np.int64`, `np.bool_`) and 0-d arrays work without this package importing numpy.
"""

from __future__ import annotations

import math
import numbers
import operator
import os
from typing import (
    Any, Dict, Literal, Mapping, Optional, Sequence, SupportsFloat, SupportsIndex, Tuple, TypedDict, Union,
)

Number = Union[float, int, SupportsFloat, SupportsIndex]
"""A number: int, float, or any object with `__float__` or `__index__` (numpy scalars among them)."""

Path = Union[str, "os.PathLike[str]"]
"""A file name: text, or a path object (`pathlib.Path`)."""


class RectObject(TypedDict):
    """A rect as an object, the way an app's JSONEncoder or a manifest writes one."""

    x: Number
    y: Number
    width: Number
    height: Number


Rect = Union[
    Tuple[Number, Number, Number, Number], Tuple[Tuple[Number, Number], Tuple[Number, Number]], str, RectObject
]
"""A crop rect: (x, y, width, height), fractions of the upright image (pixels with `units="px"`);
((x, y), (width, height)) as a CGRect encodes; the text "x,y,w,h"; or {"x", "y", "width", "height"}."""

class SizeObject(TypedDict):
    """A size as an object, the way a layout file writes one."""

    width: Number
    height: Number


Size = Union[Tuple[Number, Number], str, SizeObject]
"""A size in points: (width, height), the text "WxH", or {"width", "height"}."""

BoardSize = Union[Tuple[Number, Number], SizeObject]
"""A board's size in points, as a layout file writes it: (width, height) or {"width", "height"}."""

Offset = Union[Tuple[Number, Number], str, SizeObject]
"""An offset in points: (dx, dy), the text "dx,dy", or {"width", "height"} as a layout file writes one."""

Pair = Union[Tuple[Number, Number], str]
"""Two numbers: (a, b), or the text "a,b"."""

Units = Literal["fraction", "px"]
Oriented = Literal["bounds", "upright"]
FailOn = Literal["none", "truncated", "error", "warning"]
Flag = Union[bool, Literal["true", "false", "yes", "no", "1", "0"]]


class _CropRequired(TypedDict):
    rect: Rect
    output: Path


class CropSpec(_CropRequired, total=False):
    """One crop of a multi-rect job: its rect and output, and any of the crop's own keys."""

    units: Units
    square: Flag
    angle: Number
    oriented: Oriented
    mask: Flag
    lossless: Flag


class _PhotoRequired(TypedDict):
    path: Path


class BoardPhoto(_PhotoRequired, total=False):
    """A photo on a board: its path, and optionally its card's id and caption."""

    id: str
    caption: str


Crop = Union[Tuple[Rect, Path], CropSpec]
"""One entry of `crops=`: `(rect, output)`, or a CropSpec with keys of its own."""

# Python keyword names and the JSON keys they stand for, where the two differ.
CAMEL = {
    "max_pixels": "maxPixels",
    "fail_on": "failOn",
    "skip_existing": "skipExisting",
    "card_width": "cardWidth",
    "reduce_motion": "reduceMotion",
    "safe_area": "safeArea",
    "max_zoom": "maxZoom",
    "double_tap": "doubleTap",
}


def keys(**given: Any) -> Dict[str, Any]:
    """The keyword arguments a caller gave (None means not given) under their JSON names."""
    return {CAMEL.get(name, name): value for name, value in given.items() if value is not None}


def rect(value: Any) -> Any:
    """A rect as the job's JSON takes it: four numbers, or the text or object given (checked by Lightbox)."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return {str(key): number(part) for key, part in value.items()}
    parts = [part for part in _items(value)]
    if len(parts) == 2 and all(_is_pair(part) for part in parts):
        return [[number(p) for p in _items(part)] for part in parts]
    numbers_ = [number(part) for part in parts]
    if len(numbers_) != 4:
        raise ValueError(f"a rect is (x, y, width, height), got {len(numbers_)} numbers")
    return numbers_


def number(value: Any) -> Any:
    """`value` as a JSON number when it is one (a numpy scalar, a 0-d array); anything else as it is."""
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):  # numpy's bool, named either way
        return bool(value)
    if isinstance(value, (int, float)) and type(value) in (int, float):
        return _finite(value)
    if isinstance(value, numbers.Integral) or _has(value, "__index__"):
        try:
            return operator.index(value)
        except TypeError:
            pass
    if isinstance(value, numbers.Real) or _has(value, "__float__"):
        try:
            return _finite(float(value))
        except TypeError:  # an array of several numbers: not one number
            pass
    return value


def to_json(value: Any) -> Any:
    """json.dumps' `default`: numbers (numpy's), path objects and arrays as JSON; anything else is a TypeError."""
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    converted = number(value)
    if converted is not value:
        return converted
    if _has(value, "tolist"):
        return value.tolist()
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    raise TypeError(f"a {type(value).__name__} cannot be sent as JSON")


def path(value: Path) -> str:
    """A path as text."""
    text = os.fspath(value)
    if not isinstance(text, str):
        raise TypeError(f"a path is text or a path object, not {type(value).__name__}")
    return text


def pair(value: Optional[Union[Size, Offset]]) -> Any:
    """A size or offset as JSON: [a, b], or the text given."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return {str(key): number(part) for key, part in value.items()}
    parts = [number(part) for part in _items(value)]
    if len(parts) != 2:
        raise ValueError(f"expected two numbers, got {len(parts)}")
    return parts


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} cannot be sent: JSON has no NaN or infinity")
    return value


def _has(value: Any, method: str) -> bool:
    return hasattr(type(value), method)


def _items(value: Any) -> Sequence[Any]:
    if _has(value, "tolist"):
        value = value.tolist()
    return list(value)


def _is_pair(value: Any) -> bool:
    return not isinstance(value, (str, bytes, Mapping)) and hasattr(value, "__iter__") and len(_items(value)) == 2
