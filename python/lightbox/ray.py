"""Crops from a Ray Data pipeline: `Crops` is a callable class for `Dataset.map_batches`.

Each actor keeps one `lightbox batch` process for its whole life, and the rows of one photo
in a batch go to it as one multi-rect crop job, so the photo is decoded once for all its
boxes, as `lightbox crop --manifest` does. Ray and pandas are not imported here: Ray gives
the batches, and they are only used through their own methods.
"""

from __future__ import annotations

import math
import os
from typing import Any, Dict, List, Optional, Sequence

from .client import Lightbox


class Crops:
    """`ds.map_batches(Crops, fn_constructor_kwargs={"out_dir": ...}, batch_format="pandas", compute=...)`.

    A batch has the columns `input, x, y, width, height, output` (a rect in fractions of the
    upright photo; `output` taken from `out_dir` unless absolute) and comes back with
    `status` ("done" or "failed"), `error` (None when done) and the pixel rect cut,
    `pixel_left, pixel_top, pixel_width, pixel_height` (missing for a failed row).
    """

    columns = ("input", "x", "y", "width", "height", "output")
    added = ("status", "error", "pixel_left", "pixel_top", "pixel_width", "pixel_height")

    def __init__(
        self,
        out_dir: str,
        binary: str = "lightbox",
        jobs: Optional[int] = None,
        options: Sequence[str] = (),
        cwd: Optional[str] = None,
    ) -> None:
        """Starts this actor's `lightbox batch` (`jobs` at once, default its cores; `options` as in Lightbox).

        Relative inputs and `out_dir` are taken from `cwd` (default: the actor's working folder,
        which Ray need not make the driver's: pass absolute paths, or the driver's `os.getcwd()`).
        """
        self.out_dir = out_dir
        self._lightbox = Lightbox(binary, jobs, options=options, cwd=cwd)

    def __call__(self, batch: Any) -> Any:
        """Crops every row of `batch` (a pandas DataFrame) and returns a copy with the added columns."""
        missing = [name for name in self.columns if name not in batch.columns]
        if missing:
            raise ValueError(f"Crops needs the columns {', '.join(self.columns)}; missing: {', '.join(missing)}")
        rows = len(batch)
        results: List[Dict[str, Any]] = [{} for _ in range(rows)]
        photos: Dict[str, List[int]] = {}
        crops: List[Dict[str, Any]] = []
        for position, values in enumerate(zip(*(batch[name].tolist() for name in self.columns))):
            photo, *rect, output = values
            problem = _rect_problem(rect)
            crops.append({"rect": rect, "output": os.path.join(self.out_dir, str(output))})
            if problem:
                results[position] = {"status": "failed", "error": f"{photo}: rect: {problem}"}
            else:
                photos.setdefault(str(photo), []).append(position)
        groups = list(photos.items())
        jobs = (
            {"id": index, "command": "crop", "input": photo, "crops": [crops[row] for row in positions]}
            for index, (photo, positions) in enumerate(groups)
        )
        for reply in self._lightbox.run(jobs):
            answer: Dict[str, Any] = dict(reply)
            positions = groups[answer["id"]][1]
            # A job given as `crops` answers one object per crop, in order; a crop Lightbox refused
            # before decoding fails alone in its place.
            each = answer.get("crops")
            for order, row in enumerate(positions):
                results[row] = each[order] if each and order < len(each) else answer
        return self._with_results(batch, results)

    def close(self) -> None:
        """Ends this actor's `lightbox batch` after the jobs in flight."""
        self._lightbox.close()

    def __del__(self) -> None:
        lightbox = getattr(self, "_lightbox", None)
        if lightbox is not None:
            lightbox.close()

    @staticmethod
    def _with_results(batch: Any, results: List[Dict[str, Any]]) -> Any:
        """A copy of `batch` with each row's status, error and pixel rect."""
        out = batch.copy()
        out["status"] = [result.get("status", "failed") for result in results]
        out["error"] = [
            None if result.get("status") == "done" else result.get("error", "no answer") for result in results
        ]
        # pandas 3 infers a string column, which holds None as NaN: keep None, as documented.
        out["error"] = out["error"].astype(object).where(out["error"].notna(), None)
        for key in ("left", "top", "width", "height"):
            values = [(result.get("pixels") or {}).get(key) for result in results]
            out[f"pixel_{key}"] = values
            out[f"pixel_{key}"] = out[f"pixel_{key}"].astype("Int64")
        return out


def _rect_problem(rect: List[Any]) -> Optional[str]:
    """Why a row's x, y, width, height cannot be sent (JSON carries no NaN), or None; makes them floats in place."""
    for index, (name, value) in enumerate(zip(Crops.columns[1:5], rect)):
        try:
            number = float(value)
        except (TypeError, ValueError):
            return f"{name} {value!r} is not a number"
        if not math.isfinite(number):
            return f"{name} is not a finite number"
        rect[index] = number
    return None
