"""Crops from a Ray Data pipeline: `Crops` is a callable for `Dataset.map_batches`, as a task or an actor.

`ds.map_batches(Crops(out_dir=...), batch_format="pandas")` runs it in Ray's tasks, on the
worker processes Ray keeps warm (no actor to start: Ray starts an actor's process when the
pipeline starts, seconds on a small machine); `ds.map_batches(Crops, fn_constructor_kwargs=...,
compute=ActorPoolStrategy(...))` runs it in actors. Either way each worker process keeps one
`lightbox batch` for its life, started at its first batch and shared by every batch (and
every task) it runs with the same settings; it ends when the process does (its input closes).
The rows of one photo in a batch go to it as one multi-rect crop job, so the photo is decoded
once for all its boxes, as `lightbox crop --manifest` does. An output a journal in `out_dir`
records as made, with the size it still has, is skipped without asking Lightbox (journal.py),
as `lightbox crop --resume --report` skips it. Ray and pandas are not imported here: Ray gives
the batches, and they are only used through their own methods.
"""

from __future__ import annotations

import atexit
import os
import threading
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import journal as journals
from . import rows
from .client import Lightbox
from .fields import Path

ROOT_OPTIONS = ("--root", "--read-root", "--write-root")

# Each worker process's `lightbox batch`, one per settings (binary, jobs, options, folder).
_servers: Dict[Tuple[str, Optional[int], Tuple[str, ...], str], Lightbox] = {}
_servers_lock = threading.Lock()


@atexit.register
def _close_servers() -> None:
    """At the worker's exit, each process finishes what it was sent (none is in flight between batches)."""
    with _servers_lock:
        servers = list(_servers.values())
        _servers.clear()
    for server in servers:
        server.close()


class Crops:
    """`ds.map_batches(Crops(out_dir=...), batch_format="pandas")`, or the class with actors (docs/ray.md).

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
        binary: Optional[Path] = None,
        jobs: Optional[int] = None,
        options: Sequence[str] = (),
        cwd: Optional[Path] = None,
        base_dir: Optional[Path] = None,
        skip_existing: bool = True,
        journal: Union[bool, Path] = True,
    ) -> None:
        """Takes the settings; a worker's `lightbox batch` (`jobs` at once, default its cores) starts at its first batch.

        `binary` defaults to $LIGHTBOX_BIN in the worker's environment, else `lightbox` on its
        PATH; `options` are `lightbox batch` options, as in Lightbox (a refused one fails the
        first batch, naming it). Relative inputs are taken from `base_dir`, as `lightbox crop
        --manifest` takes them from the manifest's folder (give `os.path.dirname(manifest)`);
        `out_dir` and a relative `base_dir` from `cwd` (default: the folder where Crops is made,
        which Ray need not make a worker's: pass absolute paths). With `skip_existing` (the
        default), an output that exists whole is not made again and its row is `skipped`, so a
        re-run, or a task Ray retries, redoes only what is missing; with `journal` (the default,
        `<out_dir>/.lightbox-journal`, or another folder), an output recorded there as made, with
        the size it still has, is skipped without being opened, as `--resume` skips what its
        journal knows. Unless `options` set roots, Lightbox may write only inside `out_dir`.
        """
        here = os.path.abspath(os.fspath(cwd) if cwd is not None else os.getcwd())
        self.out_dir = os.path.normpath(os.path.join(here, os.fspath(out_dir)))
        self.base_dir = os.path.normpath(os.path.join(here, os.fspath(base_dir))) if base_dir is not None else here
        self.skip_existing = skip_existing
        if journal is True:
            self.journal: Optional[str] = os.path.join(self.out_dir, journals.FOLDER)
        elif journal is False or journal is None:
            self.journal = None
        else:
            self.journal = os.path.normpath(os.path.join(self.out_dir, os.fspath(journal)))
        if isinstance(options, (str, bytes)):
            raise TypeError("options is a list of lightbox batch arguments, such as ['--quality', '90']")
        roots = [] if any(option.split("=")[0] in ROOT_OPTIONS for option in options) else [
            "--read-root", "/", "--write-root", self.out_dir]
        self.binary = None if binary is None else os.fspath(binary)
        self.jobs = jobs
        self.options = (*options, *roots)
        self.cwd = here

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
        record = self._journal()
        if record is not None:
            record.load()  # once per process: a folder of many journals is not read again for each batch
        groups: Dict[Tuple[str, Tuple[Tuple[str, Any], ...]], List[int]] = {}
        for position, each in enumerate(sent):
            if each.problem:
                results[position] = {"status": "failed", "error": rows.error(each, each.problem)}
            elif record is not None and record.whole(_file(each.sent_output)):
                results[position] = {"status": "skipped"}
            else:
                groups.setdefault((each.sent_input, each.limits), []).append(position)
        jobs = list(groups.items())
        if jobs:
            for answer in self._lightbox().run(self._job(index, key, [sent[p] for p in positions])
                                               for index, (key, positions) in enumerate(jobs)):
                made = self._answered(answer, [(p, sent[p]) for p in jobs[answer["id"]][1]], results)
                if record is not None:  # as each job is answered: a task that dies later keeps what it made
                    record.record(made)
        return self._with_results(batch, results)

    def known(self, table: Any) -> Tuple[Any, Any]:
        """Splits `table` (a pandas DataFrame of rows) by the journal, in the driver, before any Ray work.

        Returns `(skipped, rest)`: the rows whose outputs the journal records whole, with the
        added columns (`status` "skipped"), as a batch would return them; and the other rows,
        to send through Ray (a row that cannot be sent is in `rest`, to fail there with its
        error). A re-run with every output done needs no Ray at all, as `lightbox crop --resume
        --report` starts no worker for what its journal knows. Without `skip_existing` or a
        journal, every row is in `rest`.
        """
        if not hasattr(table, "columns"):
            raise TypeError("known() takes a pandas DataFrame")
        record = self._journal()
        skipped: List[int] = []
        if record is not None:
            record.refresh()
            known = rows.columns([str(name) for name in table.columns])
            cells = {key: table[name].tolist() for key, name in known.items()}
            for n in range(len(table)):
                each = rows.row({key: values[n] for key, values in cells.items()}, self.base_dir, self.out_dir)
                if not each.problem and record.whole(_file(each.sent_output)):
                    skipped.append(n)
        taken = set(skipped)
        rest = [n for n in range(len(table)) if n not in taken]
        done = self._with_results(table.iloc[skipped], [{"status": "skipped"} for _ in skipped])
        return done, table.iloc[rest]

    def close(self) -> None:
        """Ends this process's `lightbox batch` for these settings after the jobs in flight (a next batch starts one)."""
        with _servers_lock:
            server = _servers.pop(self._key(), None)
        if server is not None:
            server.close()

    def _key(self) -> Tuple[str, Optional[int], Tuple[str, ...], str]:
        binary = self.binary if self.binary is not None else os.environ.get("LIGHTBOX_BIN") or "lightbox"
        return (binary, self.jobs, tuple(self.options), self.cwd)

    def _lightbox(self) -> Lightbox:
        """This process's `lightbox batch` for these settings, started if there is none yet."""
        key = self._key()
        with _servers_lock:
            server = _servers.get(key)
            if server is None:
                os.makedirs(self.out_dir, exist_ok=True)
                server = _servers[key] = Lightbox(key[0], key[1], options=list(key[2]), cwd=key[3])
            return server

    def _journal(self) -> Optional[journals.Journal]:
        if self.journal is None or not self.skip_existing:
            return None
        return journals.of(self.out_dir, self.journal)

    def _job(self, index: int, key: Tuple[str, Tuple[Tuple[str, Any], ...]], group: List[rows.Row]) -> Dict[str, Any]:
        """One photo's rows (with the same limits) as one crop job."""
        job: Dict[str, Any] = {"id": index, "command": "crop", "input": key[0], "crops": [each.crop for each in group]}
        job.update(dict(key[1]))
        if self.skip_existing:
            job["skipExisting"] = True
        return job

    @staticmethod
    def _answered(
        answer: Mapping[str, Any], group: List[Tuple[int, rows.Row]], results: List[Dict[str, Any]]
    ) -> List[Tuple[str, int]]:
        """Each row's part of a job's answer: its crop's (a job given as `crops` answers one per crop, in order).

        Returns each output Lightbox made or found whole, with its size, for the journal.
        """
        each = answer.get("crops") or []
        own = {str(text) for crop in each for text in crop.get("warnings") or []}
        shared = [text for text in answer.get("warnings") or [] if str(text) not in own]
        made: List[Tuple[str, int]] = []
        for order, (position, sent) in enumerate(group):
            result = each[order] if order < len(each) else answer
            status = result.get("status", "failed")
            results[position] = {
                "status": status,
                "error": rows.error(sent, str(result.get("error", "no answer"))) if status == "failed" else None,
                "warnings": rows.warnings((result.get("warnings") or []) + shared if result is not answer else shared),
                "pixels": result.get("pixels") if status == "done" else None,
            }
            if status in ("done", "skipped") and isinstance(result.get("bytes"), int):
                made.append((_file(sent.sent_output), result["bytes"]))
        return made

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


def _file(output: str) -> str:
    """The file an output names: without save options (`a.webp[Q=90]` is `a.webp`), as Lightbox reads them."""
    if output.endswith("]") and output.rfind("[") > 0:
        return output[:output.rfind("[")]
    return output
