"""A crop manifest's rows as `lightbox batch` crop jobs, and each job's answer back to its rows.

Every column a crop manifest takes means here what it means to `lightbox crop --manifest`
(docs/crop.md): the rect (`x, y, width, height`, or `rect`), `output`, the crop's own keys
(`units`, `square`, `angle`, `oriented`, `mask`, `lossless`, `pad`) and the job's limits
(`quality`, `force`, `max_pixels`, `fail_on`, `timeout`). Names are matched as the command
line matches a header: in any case (and `_` or `-` between words). A column known to neither
is refused, naming the nearest known one. An empty cell (None, NaN) is the default.
"""

from __future__ import annotations

import difflib
import math
import os
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import fields

RECT = ("x", "y", "width", "height")
# The crop's own keys: JSON key by column.
PER_CROP = {"units": "units", "square": "square", "angle": "angle", "oriented": "oriented", "mask": "mask",
            "lossless": "lossless", "pad": "pad"}
# The job's limits (they narrow the process's policy): JSON key by column. Rows of one photo
# with different limits go in different jobs.
PER_JOB = {"quality": "quality", "force": "force", "maxpixels": "maxPixels", "failon": "failOn", "timeout": "timeout"}
FLAGS = ("square", "mask", "lossless")
NUMBERS = ("angle", "pad", "timeout")
WHOLE = ("quality", "maxPixels")
# The columns Crops adds; a batch that has one already is refused rather than overwritten.
ADDED = ("status", "error", "warnings", "pixel_left", "pixel_top", "pixel_width", "pixel_height")
NAMES = ("input", "output", "rect") + RECT + tuple(PER_CROP) + ("quality", "force", "max_pixels", "fail_on", "timeout")
"""The known columns, as the docs write them."""
KNOWN = {canonical_name: name for name in NAMES for canonical_name in [name.replace("_", "")]}


def canonical(name: str) -> str:
    """A column's name as it is matched: lower case, without `_` and `-` (`Max_Pixels` is `maxpixels`)."""
    return re.sub(r"[_-]", "", str(name).lower())


def columns(names: Sequence[str]) -> Dict[str, str]:
    """Each known column by its canonical name, from the batch's names; ValueError for any other, or a missing one."""
    found: Dict[str, str] = {}
    for name in names:
        key = canonical(name)
        if key not in KNOWN:
            nearest = difflib.get_close_matches(key, list(KNOWN), n=1, cutoff=0.75)
            hint = f"; did you mean '{KNOWN[nearest[0]]}'?" if nearest else f" (known: {', '.join(NAMES)})"
            raise ValueError(f"unknown column '{name}'{hint}")
        if key in found:
            raise ValueError(f"the columns '{found[key]}' and '{name}' are the same column")
        found[key] = str(name)
    rect = [name for name in RECT if name in found]
    missing = [name for name in ("input", "output") if name not in found]
    if "rect" not in found and len(rect) < 4:
        missing += [name for name in RECT if name not in found]
    if missing:
        needed = "input, x, y, width, height (or rect), output"
        raise ValueError(f"Crops needs the columns {needed}; missing: {', '.join(missing)}")
    if "rect" in found and rect:
        raise ValueError(f"the rect is given twice: 'rect' and '{found[rect[0]]}'")
    return found


def empty(value: Any) -> bool:
    """Whether a cell is empty: None, NaN, pandas' NA, or blank text."""
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    if isinstance(value, str):
        return value.strip() == ""
    if isinstance(value, (bool, int)):
        return False
    try:
        return math.isnan(float(value))
    except (TypeError, ValueError, OverflowError):  # a list, an array, text: not an empty number
        return False


@dataclass
class Row:
    """One row as sent: its photo and output as given, the paths sent, its crop, and its job's limits."""

    photo: str
    output: str
    sent_input: str = ""
    sent_output: str = ""
    crop: Dict[str, Any] = field(default_factory=dict)
    limits: Tuple[Tuple[str, Any], ...] = ()
    problem: Optional[str] = None


def row(cells: Mapping[str, Any], base_dir: str, out_dir: str) -> Row:
    """The row whose cells (by canonical name) are `cells`: what to send, or why it cannot be sent."""
    photo, output = cells.get("input"), cells.get("output")
    given = Row(photo="" if empty(photo) else str(photo), output="" if empty(output) else str(output))
    if not given.photo:
        return _refused(given, "input: missing")
    if not given.output:
        return _refused(given, "output: missing (each row names its output)")
    given.sent_input = os.path.join(base_dir, given.photo)
    target = os.path.normpath(os.path.join(out_dir, given.output))
    if not (target + os.sep).startswith(out_dir.rstrip(os.sep) + os.sep):
        return _refused(given, f"output '{given.output}' leaves out_dir {out_dir}")
    given.sent_output = target
    try:
        given.crop = {"rect": _rect(cells), "output": target}
        limits: Dict[str, Any] = {}
        for column, value in cells.items():
            if empty(value):
                continue
            if column in PER_CROP:
                given.crop[PER_CROP[column]] = _value(PER_CROP[column], value)
            elif column in PER_JOB:
                limits[PER_JOB[column]] = _value(PER_JOB[column], value)
    except ValueError as error:
        return _refused(given, str(error))
    given.limits = tuple(sorted(limits.items()))
    return given


def _refused(given: Row, problem: str) -> Row:
    given.problem = problem
    return given


def _rect(cells: Mapping[str, Any]) -> Any:
    """The rect as sent: the `rect` cell as given, or x, y, width, height as four finite numbers."""
    if "rect" in cells:
        if empty(cells["rect"]):
            raise ValueError("rect: missing")
        value = cells["rect"]
        return value if isinstance(value, str) else fields.rect(value)
    numbers = []
    for name in RECT:
        value = cells[name]
        if empty(value):
            raise ValueError(f"{name}: missing")
        try:
            number = float(fields.number(value))
        except (TypeError, ValueError):
            raise ValueError(f"{name}: {value!r} is not a number") from None
        if not math.isfinite(number):
            raise ValueError(f"{name}: {value!r} is not a finite number")
        numbers.append(number)
    return numbers


def _value(key: str, value: Any) -> Any:
    """A cell as the job's JSON takes the key: a flag as its CSV text, a number as a number, text as text."""
    value = fields.number(value)
    if key in FLAGS:
        if isinstance(value, bool) or isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and float(value) in (0.0, 1.0):
            return str(int(value))  # a CSV's 1 and 0, read as numbers by pandas
        return str(value)
    if key == "force" and isinstance(value, (int, float)) and float(value) in (0.0, 1.0):
        return bool(value)
    if key in WHOLE and isinstance(value, float) and value.is_integer():
        return int(value)  # an int column with an empty cell is read as floats
    return value


def error(row_: Row, reason: str) -> str:
    """An error naming the row's photo and output as the dataset gives them (the client took off `stdin:N: `)."""
    reason = re.sub(r"^crops\[\d+\]\.", "", reason)
    for sent in (row_.sent_input, row_.sent_output):
        if sent and reason.startswith(sent + ": "):
            reason = reason[len(sent) + 2:]
    return f"{row_.photo} (output {row_.output}): {reason}"


def warnings(texts: Optional[List[str]]) -> List[str]:
    """An answer's warnings, as a list of text (the client took off `stdin:N: `)."""
    return [str(text) for text in texts or []]
