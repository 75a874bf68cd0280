"""Crops from a Ray Data pipeline: `Crops` is a callable class for `Dataset.map_batches`.

Each actor keeps one `lightbox batch` process for its whole life, and the rows of one photo
in a batch go to it as one multi-rect crop job, so the photo is decoded once for all its
boxes, as `lightbox crop --manifest` does. Ray and pandas are not imported here: Ray gives
the batches, and they are only used through their own methods.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import rows
from .client import Lightbox
from .fields import Path

ROOT_OPTIONS = ("--root", "--read-root", "--write-root")


class Crops:
    """`ds.map_batches(Crops, fn_constructor_kwargs={"out_dir": ...}, batch_format="pandas", compute=...)`.

    A batch has the columns of a crop manifest (docs/ray.md): `input`, the rect (`x, y,
    width, height`, fractions of the upright photo, or `rect`), `output` (inside `out_dir`),
    and any of `units, square, angle, oriented, mask, lossless, pad, quality, force,
    max_pixels, fail_on, timeout`; any other column is refused. It comes back with `status`
    ("done", "skipped" or "failed"), `error` (None unless failed), `warnings` (a list) and the
    pixel rect cut, `pixel_left, pixel_top, pixel_width, pixel_height` (missing unless done).
    """

    added = rows.ADDED

    def __init__(
        self,
        out_dir: Path,
        binary: Path = "lightbox",
        jobs: Optional[int] = None,
        options: Sequence[str] = (),
        cwd: Optional[Path] = None,
        base_dir: Optional[Path] = None,
        skip_existing: bool = True,
    ) -> None:
        """Starts this actor's `lightbox batch` (`jobs` at once, default its cores; `options` as in Lightbox).

        Relative inputs are taken from `base_dir`, as `lightbox crop --manifest` takes them
        from the manifest's folder (give `os.path.dirname(manifest)`); `out_dir` and a
        relative `base_dir` from `cwd` (default: the actor's working folder, which Ray need
        not make the driver's: pass absolute paths, or the driver's `os.getcwd()`). With
        `skip_existing` (the default), an output that exists whole is not made again and its
        row is `skipped`, so a re-run, or a task Ray retries, redoes only what is missing.
        Unless `options` set roots, Lightbox may write only inside `out_dir`.
        """
        here = os.path.abspath(os.fspath(cwd) if cwd is not None else os.getcwd())
        self.out_dir = os.path.normpath(os.path.join(here, os.fspath(out_dir)))
        self.base_dir = os.path.normpath(os.path.join(here, os.fspath(base_dir))) if base_dir is not None else here
        self.skip_existing = skip_existing
        os.makedirs(self.out_dir, exist_ok=True)
        roots = [] if any(option.split("=")[0] in ROOT_OPTIONS for option in options) else [
            "--read-root", "/", "--write-root", self.out_dir]
        self._lightbox = Lightbox(binary, jobs, options=[*options, *roots], cwd=here)

    def __call__(self, batch: Any) -> Any:
        """Crops every row of `batch` (a pandas DataFrame) and returns a copy with the added columns."""
        if not hasattr(batch, "columns"):
            raise TypeError("Crops takes pandas batches: map_batches(Crops, ..., batch_format='pandas')")
        names = [str(name) for name in batch.columns]
        taken = [name for name in names if name in rows.ADDED]
        if taken:
            raise ValueError(f"the batch already has the column '{taken[0]}' that Crops adds")
        known = rows.columns(names)
        cells = {key: batch[name].tolist() for key, name in known.items()}
        sent = [rows.row({key: values[n] for key, values in cells.items()}, self.base_dir, self.out_dir)
                for n in range(len(batch))]
        results: List[Dict[str, Any]] = [{} for _ in sent]
        groups: Dict[Tuple[str, Tuple[Tuple[str, Any], ...]], List[int]] = {}
        for position, each in enumerate(sent):
            if each.problem:
                results[position] = {"status": "failed", "error": rows.error(each, each.problem)}
            else:
                groups.setdefault((each.sent_input, each.limits), []).append(position)
        jobs = list(groups.items())
        for answer in self._lightbox.run(self._job(index, key, [sent[p] for p in positions])
                                         for index, (key, positions) in enumerate(jobs)):
            self._answered(answer, [(p, sent[p]) for p in jobs[answer["id"]][1]], results)
        return self._with_results(batch, results)

    def close(self) -> None:
        """Ends this actor's `lightbox batch` after the jobs in flight."""
        self._lightbox.close()

    def __del__(self) -> None:
        lightbox = getattr(self, "_lightbox", None)
        if lightbox is not None:
            lightbox.close()

    def _job(self, index: int, key: Tuple[str, Tuple[Tuple[str, Any], ...]], group: List[rows.Row]) -> Dict[str, Any]:
        """One photo's rows (with the same limits) as one crop job."""
        job: Dict[str, Any] = {"id": index, "command": "crop", "input": key[0], "crops": [each.crop for each in group]}
        job.update(dict(key[1]))
        if self.skip_existing:
            job["skipExisting"] = True
        return job

    @staticmethod
    def _answered(answer: Mapping[str, Any], group: List[Tuple[int, rows.Row]], results: List[Dict[str, Any]]) -> None:
        """Each row's part of a job's answer: its crop's (a job given as `crops` answers one per crop, in order)."""
        each = answer.get("crops") or []
        own = {str(text) for crop in each for text in crop.get("warnings") or []}
        shared = [text for text in answer.get("warnings") or [] if str(text) not in own]
        for order, (position, sent) in enumerate(group):
            result = each[order] if order < len(each) else answer
            status = result.get("status", "failed")
            results[position] = {
                "status": status,
                "error": rows.error(sent, str(result.get("error", "no answer"))) if status == "failed" else None,
                "warnings": rows.warnings((result.get("warnings") or []) + shared if result is not answer else shared),
                "pixels": result.get("pixels") if status == "done" else None,
            }

    @staticmethod
    def _with_results(batch: Any, results: List[Dict[str, Any]]) -> Any:
        """A copy of `batch` with each row's status, error, warnings and pixel rect."""
        out = batch.copy()
        out["status"] = [result.get("status", "failed") for result in results]
        out["error"] = [result.get("error") for result in results]
        # pandas 3 infers a string column, which holds None as NaN: keep None, as documented.
        out["error"] = out["error"].astype(object).where(out["error"].notna(), None)
        out["warnings"] = [list(result.get("warnings") or []) for result in results]
        for key in ("left", "top", "width", "height"):
            out[f"pixel_{key}"] = [(result.get("pixels") or {}).get(key) for result in results]
            out[f"pixel_{key}"] = out[f"pixel_{key}"].astype("Int64")
        return out
