"""One `lightbox batch` process and many jobs in flight: the client docs/batch.md describes.

Jobs go to the process's standard input as JSON lines, each with an id of the client's own;
a thread reads the answers as they come (in the order jobs finish) and hands each to the
future of its job, so any number of threads, or `run`, can keep jobs in flight at once.
Lightbox's standard error goes to the `lightbox` logger.
"""

from __future__ import annotations

import json
import logging
import operator
import os
import queue
import re
import subprocess
import threading
from collections import deque
from concurrent.futures import Future
from typing import (
    IO, Any, Callable, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, SupportsIndex, Union, cast,
)

from . import fields
from .answers import Answer, BoardAnswer, CropAnswer, ViewAnswer
from .errors import JobError, JobTimeout, LightboxError
from .fields import BoardPhoto, BoardSize, Crop, FailOn, Flag, Number, Offset, Oriented, Pair, Path, Rect, Size, Units
from .pending import Job, PendingJobs
from .scratch import BYTES_LABEL, Input, Scratch

log = logging.getLogger("lightbox")

# Lightbox's message for a job it gave up at its timeout (WorkerFailure), and the client's own.
TIMED_OUT = re.compile(r"timed out after [0-9.]+ s|^timed out: ")


class Lightbox:
    """A running `lightbox batch`: `crop`, `view` and `board` ask one job and wait; `run` streams many.

    Use it as a context manager (or call `close`): the process is started at once and ends
    when its input is closed, after answering every job sent.
    """

    def __init__(
        self,
        binary: Path = "lightbox",
        jobs: Optional[SupportsIndex] = None,
        *,
        options: Sequence[str] = (),
        cwd: Optional[Path] = None,
        env: Optional[Mapping[str, str]] = None,
        temp_dir: Optional[Path] = None,
    ) -> None:
        """Starts `BINARY batch [--jobs N] [OPTIONS]`, and fails here if Lightbox refuses an option.

        `jobs` is how many jobs Lightbox runs at once (default: its cores); `options` are
        `lightbox batch` options given as defaults for every job (such as `["--quality",
        "90"]`); relative paths in jobs are taken from `cwd`. `temp_dir` is where photos
        given as bytes, and images asked as bytes, are kept while Lightbox works on them
        (default: the system's; with `--root`, give a folder inside a root).
        """
        if isinstance(options, (str, bytes)) or not all(isinstance(option, str) for option in options):
            raise TypeError("options is a list of lightbox batch arguments, such as ['--quality', '90']")
        count = None if jobs is None else operator.index(jobs)
        jobs_option = ["--jobs", str(count)] if count is not None else []
        arguments = [fields.path(binary), "batch", *jobs_option, *options]
        where = None if cwd is None else fields.path(cwd)
        environment = None if env is None else dict(env)
        try:
            # A session of its own: a terminal's Ctrl-C (SIGINT to the foreground process group)
            # reaches Python alone, which may go on using the server after a KeyboardInterrupt.
            self._process = subprocess.Popen(
                arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=where,
                env=environment, start_new_session=True,
            )
        except OSError as error:
            raise LightboxError(f"cannot start {arguments[0]}: {error.strerror or error}") from error
        self._stderr_tail: Deque[str] = deque(maxlen=20)
        if len(arguments) > 2:  # with no option there is nothing Lightbox could refuse
            self._check_options(arguments, where, environment)
        self.jobs = count or os.cpu_count() or 1
        self._scratch = Scratch(temp_dir)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending = PendingJobs(self.jobs, self._give_up)
        self._next_id = 0
        self._ended: Optional[LightboxError] = None
        self._readers = [
            threading.Thread(target=self._read_answers, name="lightbox-answers", daemon=True),
            threading.Thread(target=self._read_stderr, name="lightbox-stderr", daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def __enter__(self) -> "Lightbox":
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is not None:
            self.terminate()
            return
        status = self.close()
        if status not in (0, 1):
            raise LightboxError(self._ended_message(status))

    @property
    def pid(self) -> int:
        """The process id of `lightbox batch`."""
        return self._process.pid

    def submit(self, job: Mapping[str, Any], *, timeout: Optional[Number] = None) -> "Future[Answer]":
        """Sends one job (a dict with `command` and its fields) and returns the future of its answer.

        The answer is given whether the job was done, failed or skipped (see its `status`);
        the future fails with LightboxError only when the process ends before answering. A
        job's own `id`, if any, is echoed in its answer. The job is sent at once, so the
        future cannot be cancelled (`cancel()` returns False, as for running work).
        `timeout` (seconds) is the job's `timeout` key unless it has one: Lightbox gives the
        job up then, and if no answer comes the client gives it up too (its answer is a
        failed one saying so, and the late answer is dropped). NaN and infinite numbers
        raise ValueError here.
        """
        return self._submit(_with_timeout(job, timeout))

    def _submit(
        self, job: Mapping[str, Any], when_done: Optional[Callable[["Future[Answer]"], Any]] = None
    ) -> "Future[Answer]":
        """`submit`, with `when_done` called once the answer is in, in the order answers come."""
        body = dict(job)
        has_id = "id" in body
        given_id = body.pop("id", None)
        future: "Future[Answer]" = Future()
        future.set_running_or_notify_cancel()
        if when_done is not None:  # before the job is sent: an answer may come before this returns
            future.add_done_callback(when_done)
        with self._lock:
            if self._ended is not None:
                raise self._ended
            self._next_id += 1
            key = self._next_id
            line = json.dumps({"id": key, **body}, allow_nan=False, separators=(",", ":"), default=fields.to_json)
            self._pending.add(key, Job(future, given_id, has_id, _seconds(body.get("timeout"))))
        try:
            with self._write_lock:
                stdin = self._stdin()
                stdin.write(line.encode("utf-8") + b"\n")
                stdin.flush()
        except (OSError, ValueError) as error:
            self._pending.discard(key)
            raise LightboxError(self._ended_message(self._process.poll(), f"cannot send a job: {error}")) from error
        return future

    def crop(
        self,
        input: Input,
        rect: Optional[Rect] = None,
        output: Optional[Path] = None,
        *,
        crops: Optional[Iterable[Crop]] = None,
        units: Optional[Units] = None,
        square: Optional[Flag] = None,
        angle: Optional[Number] = None,
        oriented: Optional[Oriented] = None,
        mask: Optional[Flag] = None,
        lossless: Optional[Flag] = None,
        quality: Optional[SupportsIndex] = None,
        force: Optional[bool] = None,
        max_pixels: Optional[SupportsIndex] = None,
        fail_on: Optional[FailOn] = None,
        timeout: Optional[Number] = None,
        skip_existing: Optional[bool] = None,
    ) -> CropAnswer:
        """Crops `rect` of `input` into `output`, or every `(rect, output)` of `crops` from one decode.

        `input` is a path, or the photo's bytes. The keys are a crop manifest line's (`units`,
        `square`, `angle`, `oriented`, `mask`, `lossless`; docs/crop.md) and the job's own
        limits, which may narrow the process's options but never widen them (`quality`,
        `force`, `max_pixels`, `fail_on`, `timeout` in seconds, `skip_existing`: an output
        already whole is not written again and answers `skipped`, and anything else there
        fails the job unless the process replaces outputs). Returns the answer; raises
        JobError with the job's error if it failed (for `crops`, if any of them failed:
        `error.answer["crops"]` tells which), JobTimeout if it ran past `timeout`.
        """
        shape = fields.keys(units=units, square=square, angle=angle, oriented=oriented, mask=mask, lossless=lossless)
        limits = fields.keys(quality=quality, force=force, max_pixels=max_pixels, fail_on=fail_on, timeout=timeout,
                             skip_existing=skip_existing)
        with self._scratch.input(input) as (sent, label):
            job: Dict[str, Any] = {"command": "crop", "input": sent, **shape, **limits}
            if crops is None:
                if rect is None or output is None:
                    raise TypeError("crop() needs rect and output, or crops")
                job.update(rect=fields.rect(rect), output=fields.path(output))
            else:
                if rect is not None or output is not None:
                    raise TypeError("crop() takes rect and output, or crops, not both")
                job["crops"] = [_crop(each) for each in crops]
            return cast(CropAnswer, self._ask(job, lambda answer: self._scratch.relabel(answer, sent, label)))

    def crop_to_bytes(
        self,
        input: Input,
        rect: Rect,
        format: str = ".jpg",
        *,
        units: Optional[Units] = None,
        square: Optional[Flag] = None,
        angle: Optional[Number] = None,
        oriented: Optional[Oriented] = None,
        mask: Optional[Flag] = None,
        lossless: Optional[Flag] = None,
        quality: Optional[SupportsIndex] = None,
        max_pixels: Optional[SupportsIndex] = None,
        fail_on: Optional[FailOn] = None,
        timeout: Optional[Number] = None,
    ) -> bytes:
        """The crop's image file as bytes, as pyvips' `write_to_buffer(".png")` gives one.

        `format` is the output's extension, with save options as on the command line
        (`".jpg[Q=90]"`, `".webp"`); `input` is a path or the photo's bytes. Raises JobError
        if the job failed.
        """
        with self._scratch.output(format) as (output, file, read):
            try:
                self.crop(input, rect, output, units=units, square=square, angle=angle, oriented=oriented, mask=mask,
                          lossless=lossless, quality=quality, max_pixels=max_pixels, fail_on=fail_on, timeout=timeout)
            except JobError as error:
                answer = self._scratch.relabel(self._scratch.relabel(cast(Answer, error.answer), output, BYTES_LABEL),
                                               file, BYTES_LABEL)
                raise type(error)(answer) from None
            return read()

    def view(
        self,
        input: Optional[Path] = None,
        output: Optional[Path] = None,
        *,
        inputs: Optional[Sequence[Path]] = None,
        screen: Optional[Size] = None,
        device: Optional[str] = None,
        safe_area: Optional[Pair] = None,
        scale: Optional[Number] = None,
        page: Optional[SupportsIndex] = None,
        zoom: Optional[Number] = None,
        max_zoom: Optional[Number] = None,
        offset: Optional[Offset] = None,
        double_tap: Optional[bool] = None,
        pull: Optional[Number] = None,
        style: Optional[str] = None,
        threshold: Optional[Number] = None,
        predicted: Optional[Number] = None,
        under: Optional[str] = None,
        chrome: Optional[bool] = None,
        reduce_motion: Optional[bool] = None,
        animate: Optional[str] = None,
        frames: Optional[SupportsIndex] = None,
        duration: Optional[Number] = None,
        quality: Optional[SupportsIndex] = None,
        force: Optional[bool] = None,
        max_pixels: Optional[SupportsIndex] = None,
        fail_on: Optional[FailOn] = None,
        timeout: Optional[Number] = None,
        skip_existing: Optional[bool] = None,
    ) -> ViewAnswer:
        """Renders a viewer snapshot of `input` (or page `page` of `inputs`) into `output`.

        The keys are `lightbox view`'s options (docs/view.md: `screen=(390, 844)` or
        `device="iphone-15"`, `zoom=2.5`, `offset=(60, 0)`, `chrome=True`...) and the job's
        limits, as for `crop`. Raises JobError if the job failed.
        """
        if output is None or (input is None) == (inputs is None):
            raise TypeError("view() needs output and one of input or inputs")
        job: Dict[str, Any] = {"command": "view", "output": fields.path(output)}
        if input is not None:
            job["input"] = fields.path(input)
        else:
            job["inputs"] = [fields.path(each) for each in inputs or []]
        job.update(fields.keys(
            screen=fields.pair(screen), device=device, safe_area=fields.pair(safe_area), scale=scale, page=page,
            zoom=zoom, max_zoom=max_zoom, offset=fields.pair(offset), double_tap=double_tap, pull=pull, style=style,
            threshold=threshold, predicted=predicted, under=under, chrome=chrome, reduce_motion=reduce_motion,
            animate=animate, frames=frames, duration=duration, quality=quality, force=force, max_pixels=max_pixels,
            fail_on=fail_on, timeout=timeout, skip_existing=skip_existing))
        return cast(ViewAnswer, self._ask(job))

    def board(
        self,
        output: Path,
        *,
        photos: Sequence[Union[Path, BoardPhoto]],
        board: BoardSize,
        card_width: Optional[Number] = None,
        scale: Optional[Number] = None,
        background: Optional[str] = None,
        offsets: Optional[Mapping[str, Offset]] = None,
        stacking: Optional[Sequence[str]] = None,
        dragging: Optional[Mapping[str, Any]] = None,
        reduce_motion: Optional[bool] = None,
        quality: Optional[SupportsIndex] = None,
        force: Optional[bool] = None,
        max_pixels: Optional[SupportsIndex] = None,
        fail_on: Optional[FailOn] = None,
        timeout: Optional[Number] = None,
        skip_existing: Optional[bool] = None,
    ) -> BoardAnswer:
        """Renders a board into `output`: the keys of a board layout file (docs/board.md) and the job's limits.

        `photos` are paths, or dicts with `path` and optionally `id` and `caption`; `board`
        is the board's size in points (`(420, 300)`, or `{"width": 420, "height": 300}` as a
        layout file has it); `offsets` maps card ids to (dx, dy). Raises JobError if the job failed, or if a photo was left out (the
        board is still written; `error.answer["failed"]` lists them).
        """
        cards = [{"path": fields.path(p)} if isinstance(p, (str, os.PathLike)) else dict(p) for p in photos]
        job: Dict[str, Any] = {"command": "board", "output": fields.path(output), "photos": cards}
        job.update(fields.keys(
            board=fields.pair(board), card_width=card_width, scale=scale, background=background,
            offsets=None if offsets is None else {key: fields.pair(value) for key, value in offsets.items()},
            stacking=None if stacking is None else list(stacking), dragging=dragging, reduce_motion=reduce_motion,
            quality=quality, force=force, max_pixels=max_pixels, fail_on=fail_on, timeout=timeout,
            skip_existing=skip_existing))
        return cast(BoardAnswer, self._ask(job))

    def run(
        self, jobs: Iterable[Mapping[str, Any]], window: Optional[int] = None, *, timeout: Optional[Number] = None
    ) -> Iterator[Answer]:
        """Sends `jobs` and yields their answers as they come, done and failed alike, with up to `window` in flight.

        `window` defaults to twice `jobs`, so every worker has its next job waiting. Answers
        come in the order jobs finish; give each job an `id` to match them. `timeout` is each
        job's, as for `submit`.
        """
        limit = max(1, window or 2 * self.jobs)
        finished: "queue.Queue[Future[Answer]]" = queue.Queue()
        source = iter(jobs)
        in_flight = 0
        exhausted = False
        while True:
            while not exhausted and in_flight < limit:
                job = next(source, None)
                if job is None:
                    exhausted = True
                    break
                self._submit(_with_timeout(job, timeout), finished.put)
                in_flight += 1
            if in_flight == 0:
                return
            answer = finished.get().result()
            in_flight -= 1
            yield answer

    def close(self) -> int:
        """Closes the jobs' input, waits for every answer and the process, and returns its exit status."""
        with self._write_lock:
            if self._process.stdin and not self._process.stdin.closed:
                try:
                    self._process.stdin.close()
                except OSError:
                    pass
        for reader in self._readers:
            reader.join()
        return self._process.wait()

    def terminate(self) -> int:
        """Stops the process (SIGTERM: jobs in flight are dropped, temp files removed) and returns its status."""
        if self._process.poll() is None:
            self._process.terminate()
        return self.close()

    def _check_options(self, arguments: List[str], cwd: Optional[str], env: Optional[Dict[str, str]]) -> None:
        """Lightbox checks the options itself: the same command with no jobs exits 0, or 64 naming the bad one.

        It runs beside the process that will take the jobs, so it costs one start-up's time
        (tens of milliseconds), once.
        """
        try:
            checked = subprocess.run(arguments, stdin=subprocess.DEVNULL, capture_output=True, cwd=cwd, env=env,
                                     timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            self._process.kill()
            self._process.wait()
            raise LightboxError(f"cannot start {arguments[0]}: {error}") from error
        if checked.returncode == 0:
            return
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        for line in checked.stderr.decode("utf-8", "replace").splitlines():
            self._stderr_tail.append(line)
        raise LightboxError(self._ended_message(checked.returncode))

    def _ask(self, job: Mapping[str, Any], rename: Callable[[Answer], Answer] = lambda answer: answer) -> Answer:
        """Sends `job`, waits for its answer (paths named by `rename`), and raises JobError (JobTimeout) on failure."""
        answer = rename(self.submit(job).result())
        if answer.get("status") in ("done", "skipped"):
            return answer
        if TIMED_OUT.search(str(answer.get("error", ""))):
            raise JobTimeout(answer)
        raise JobError(answer)

    def _stdin(self) -> IO[bytes]:
        """The process's standard input, which close() may have closed."""
        stdin = self._process.stdin
        if stdin is None or stdin.closed:
            raise ValueError("the client is closed")
        return stdin

    def _give_up(self, key: int, job: Job, waited: float) -> None:
        """Answers a job Lightbox did not answer in time (PendingJobs calls this), failed and saying so."""
        answer: Answer = {"status": "failed", "error": (
            f"timed out: lightbox gave no answer within {waited:.3g} s, past the job's timeout of {job.timeout:g} s; "
            "the client gave the job up")}
        if job.has_id:
            answer["id"] = job.given_id
        log.warning("lightbox: job %s: %s", key, answer["error"])
        _settle(job.future, answer)

    def _read_answers(self) -> None:
        """Hands each answer line to the future of its job; at the end, fails the jobs left unanswered."""
        assert self._process.stdout is not None
        for raw in self._process.stdout:
            try:
                self._deliver(raw)
            except Exception:  # nothing an answer or a caller does stops the reader
                log.exception("lightbox: an answer could not be delivered: %r", raw[:200])
        status = self._process.wait()
        for reader in self._readers[1:]:
            reader.join()
        ended = LightboxError(self._ended_message(status))
        with self._lock:
            self._ended = ended
        for job in self._pending.close():
            if not job.future.done():
                try:
                    job.future.set_exception(ended)
                except Exception:
                    log.exception("lightbox: a job's future could not be failed")

    def _deliver(self, raw: bytes) -> None:
        """Gives one answer line to its job's future, with the job's own id back."""
        try:
            answer = json.loads(raw)
        except ValueError:
            log.warning("lightbox: not an answer: %r", raw[:200])
            return
        if not isinstance(answer, dict):
            log.warning("lightbox: not an answer: %r", raw[:200])
            return
        for warning in answer.get("warnings") or []:
            log.warning("warning: %s", warning)
        for crop in answer.get("crops") or []:
            for warning in (crop.get("warnings") or []) if isinstance(crop, dict) else []:
                log.warning("warning: %s: %s", crop.get("input", answer.get("input")), warning)
        job = self._pending.take(answer.get("id"))
        if job is None:
            return
        if job.has_id:
            answer["id"] = job.given_id
        else:
            answer.pop("id", None)
        _settle(job.future, cast(Answer, answer))

    def _read_stderr(self) -> None:
        """Logs what Lightbox writes on stderr (warnings as warnings), keeping the last lines for errors."""
        assert self._process.stderr is not None
        for raw in self._process.stderr:
            text = raw.decode("utf-8", "replace").rstrip("\n")
            self._stderr_tail.append(text)
            if text.startswith("warning:"):
                log.warning("%s", text)
            elif text.lower().startswith("error:"):
                log.error("%s", text)
            elif text:
                log.info("%s", text)

    def _ended_message(self, status: Optional[int], what: str = "") -> str:
        """Why the process can take no more jobs: `what`, its exit status and the last lines it wrote."""
        said = "; ".join(line for line in self._stderr_tail if line)
        parts = [what] if what else []
        parts.append("lightbox batch exited" + (f" with status {status}" if status is not None else ""))
        return ": ".join(parts) + (f": {said}" if said else "")


def _settle(future: "Future[Answer]", answer: Answer) -> None:
    """Gives `answer` to `future`, unless the future is already settled (a caller may have done so)."""
    if future.done():
        log.info("lightbox: an answer for a job already settled was dropped")
        return
    try:
        future.set_result(answer)
    except Exception:  # InvalidStateError: settled between the check and now
        log.info("lightbox: an answer for a job already settled was dropped")


def _crop(entry: Crop) -> Dict[str, Any]:
    """One entry of `crops=` as the job's JSON: its rect and output, and its own keys."""
    crop: Dict[str, Any]
    if isinstance(entry, Mapping):
        crop = dict(entry)
    else:
        rect, output = entry
        crop = {"rect": rect, "output": output}
    if "rect" in crop:
        crop["rect"] = fields.rect(crop["rect"])
    if "output" in crop:
        crop["output"] = fields.path(crop["output"])
    return crop


def _with_timeout(job: Mapping[str, Any], timeout: Optional[Number]) -> Mapping[str, Any]:
    """`job` with `timeout` as its `timeout` key, unless it has one or none is given."""
    if timeout is None or "timeout" in job:
        return job
    return {**job, "timeout": timeout}


def _seconds(value: Any) -> Optional[float]:
    """A job's `timeout` as the client's wait: seconds over 0, or None (no timeout, or not a number)."""
    try:
        seconds = float(fields.number(value)) if value is not None else None
    except (TypeError, ValueError):
        return None
    return seconds if seconds is not None and seconds > 0 else None
