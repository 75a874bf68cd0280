"""One `lightbox batch` process and many jobs in flight: the client docs/batch.md describes.

Jobs are queued here and sent to the process's standard input as JSON lines, each with an id
of the client's own, no more at a time than Lightbox runs at once (so a job not yet started is
still the client's, and can be cancelled; one sent is given up by a cancel line); a thread
reads the answers as they come (in the order jobs finish) and hands each to the future of its
job, so any number of threads, or `run`, can keep jobs in flight at once. Lightbox's standard
error goes to the `lightbox` logger.
"""

from __future__ import annotations

import json
import logging
import operator
import os
import queue
import re
import stat
import subprocess
import threading
from concurrent.futures import Future
from typing import (
    Any, Callable, Dict, FrozenSet, Iterable, Iterator, Mapping, Optional, Sequence, Set, SupportsIndex, Union, cast,
)

from . import fields
from .answers import Answer, BoardAnswer, CropAnswer, ViewAnswer, unprefix
from .errors import JobError, JobTimeout, LightboxError
from .fields import BoardPhoto, BoardSize, Crop, FailOn, Flag, Number, Offset, Oriented, Pair, Path, Rect, Size, Units
from .pending import Job, PendingJobs
from .process import Server, ended_message
from .scratch import BYTES_LABEL, Input, Scratch

log = logging.getLogger("lightbox")

# Lightbox's message for a job it gave up at its timeout (WorkerFailure), and the client's own.
TIMED_OUT = re.compile(r"timed out after [0-9.]+ s|^timed out: ")


class Lightbox:
    """A running `lightbox batch`: `crop`, `view` and `board` ask one job and wait; `run` streams many.

    Use it as a context manager (or call `close`): the process is started at once and ends
    when its input is closed, after answering every job sent. Should it end before (killed,
    crashed), the jobs it was running fail and the next job starts a new one.
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
        """Starts `BINARY batch --jobs N [OPTIONS]`, and fails here if Lightbox refuses an option.

        `jobs` is how many jobs Lightbox runs at once (default: the cores this process may
        use), and so how many the client sends at a time; `options` are `lightbox batch`
        options given as defaults for every job (such as `["--quality", "90"]`; not `--jobs`);
        relative paths in jobs are taken from `cwd` (default: the current folder). `temp_dir`
        is where photos given as bytes, and images asked as bytes, are kept while Lightbox
        works on them (default: the system's; with `--root`, give a folder inside a root).
        """
        if isinstance(options, (str, bytes)) or not all(isinstance(option, str) for option in options):
            raise TypeError("options is a list of lightbox batch arguments, such as ['--quality', '90']")
        if any(option.split("=", 1)[0] in ("-j", "--jobs") for option in options):
            raise ValueError("give jobs=N, not --jobs in options: the client sends no more jobs than Lightbox runs")
        count = _cores() if jobs is None else operator.index(jobs)
        self._arguments = [fields.path(binary), "batch", "--jobs", str(count), *options]
        # Lightbox's folder, the first process's and any later one's: relative paths are taken from it.
        self._cwd = os.path.abspath(fields.path(cwd) if cwd is not None else os.getcwd())
        self._env = None if env is None else dict(env)
        self.jobs = max(1, count)
        self._scratch = Scratch(temp_dir)
        self._lock = threading.Lock()
        self._pending = PendingJobs(self.jobs, self._give_up)
        self._next_id = 0
        self._closed: Optional[LightboxError] = None  # why no more jobs are taken
        self._stopped = False  # terminate(): no process is started again
        self._server = self._start()
        self._restarted: Optional[Server] = None
        if options or jobs is not None:  # the cores' count is always taken
            self._check_options()
        self._sender = threading.Thread(target=self._send_jobs, name="lightbox-jobs", daemon=True)
        self._sender.start()

    def __enter__(self) -> "Lightbox":
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is not None:
            self.terminate()
            return
        status = self.close()
        if status not in (0, 1):
            raise LightboxError(self._server.ended_message(status))

    @property
    def pid(self) -> int:
        """The process id of the current `lightbox batch`."""
        return self._server.pid

    def submit(self, job: Mapping[str, Any], *, timeout: Optional[Number] = None) -> "Future[Answer]":
        """Queues one job (a dict with `command` and its fields) and returns the future of its answer.

        The answer is given whether the job was done, failed or skipped (see its `status`);
        the future fails with LightboxError only when the process ends before answering (the
        next job starts a new one), or when no process can take it. A job's own `id`, if any,
        is echoed in its answer. Jobs are sent as Lightbox can start them, `jobs` at a time:
        until then `future.cancel()` cancels the job (True: it is never sent, and its output
        never appears); once sent, `cancel()` returns False, as for running work, and
        `give_up` gives it up (Lightbox stops it). `timeout` (seconds) is the job's `timeout` key unless it has
        one: Lightbox gives the job up then, and if no answer comes the client gives it up too
        (its answer is a failed one saying so, and the late answer is dropped). NaN and
        infinite numbers raise ValueError here; after `close`, LightboxError (the client is closed).
        """
        return self._submit(_with_timeout(job, timeout))

    def give_up(self, future: "Future[Answer]") -> bool:
        """Gives up a job of this client's: one not yet sent is cancelled, one Lightbox runs is stopped there.

        A job still waiting is cancelled as `future.cancel()` cancels it: it is never sent.
        For a job Lightbox runs, the client sends Lightbox a cancel line for it
        (`{"command":"cancel","id":...}`, docs/batch.md), which stops it as its timeout
        would: its worker is killed and replaced, its temp file removed, and no output of it
        appears. The future is answered at once, failed (`given up: ...`); the job keeps its
        place among the `jobs` running, and no job naming one of its outputs is sent, until
        Lightbox has answered it (`cancelled by its client`, a moment later). Should Lightbox
        have written an output all the same (the crops of a `crops` job done before the
        cancel reached it, or a job that ended as it came), the client removes it then (the
        file at that path, if it has the size Lightbox wrote). Returns False for a job
        already answered or given up, or not this client's.
        """
        taken = self._pending.withdraw(future)
        if taken is None:
            return False
        sent, job = taken
        if not sent:
            return future.cancel()
        answer: Answer = {"status": "failed", "error": (
            "given up: its caller gave the job up while Lightbox ran it; Lightbox stops it, and writes nothing more")}
        if job.has_id:
            answer["id"] = job.given_id
        _settle(future, answer)
        self._cancel(job)
        return True

    def _cancel(self, job: Job) -> None:
        """Sends the cancel line of a job sent (by the client's own id for it) to the process running it."""
        with self._lock:
            server = job.server or self._server
        try:
            server.send(json.dumps({"command": "cancel", "id": job.key}, separators=(",", ":")).encode() + b"\n")
        except (OSError, ValueError):  # it ended: the job fails with it, and nothing of it is written later
            log.info("could not send the cancel of job %s: lightbox batch has ended", job.key)

    def _submit(
        self, job: Mapping[str, Any], when_done: Optional[Callable[["Future[Answer]"], Any]] = None
    ) -> "Future[Answer]":
        """`submit`, with `when_done` called once the answer is in, in the order answers come."""
        body = dict(job)
        has_id = "id" in body
        given_id = body.pop("id", None)
        future: "Future[Answer]" = Future()
        if when_done is not None:  # before the job is queued: an answer may come before this returns
            future.add_done_callback(when_done)
        with self._lock:
            if self._closed is not None:
                raise self._closed
            self._next_id += 1
            key = self._next_id
            line = json.dumps({"id": key, **body}, allow_nan=False, separators=(",", ":"), default=fields.to_json)
            self._pending.queue(key, Job(future, given_id, has_id, _seconds(body.get("timeout")),
                                         line.encode("utf-8") + b"\n", self._outputs(body), key=key))
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

        `window` defaults to twice `jobs`, so every worker's next job is ready to send. Answers
        come in the order jobs finish; give each job an `id` to match them. `timeout` is each
        job's, as for `submit`. Closing the generator early (`.close()`, or leaving a `for`
        loop that holds the only reference to it) cancels the jobs not yet sent: they are
        never sent; those Lightbox runs are finished, their answers dropped.
        """
        limit = max(1, window or 2 * self.jobs)
        finished: "queue.Queue[Future[Answer]]" = queue.Queue()
        source = iter(jobs)
        unanswered: Set["Future[Answer]"] = set()
        exhausted = False
        try:
            while True:
                while not exhausted and len(unanswered) < limit:
                    job = next(source, None)
                    if job is None:
                        exhausted = True
                        break
                    unanswered.add(self._submit(_with_timeout(job, timeout), finished.put))
                if not unanswered:
                    return
                future = finished.get()
                unanswered.discard(future)
                yield future.result()
        finally:
            for future in unanswered:
                future.cancel()  # True for a job not yet sent, which never is

    def close(self) -> int:
        """Sends the jobs still waiting, closes the jobs' input, and returns the exit status once all are answered."""
        with self._lock:
            if self._closed is None:
                self._closed = LightboxError("the client is closed (close() was called): start a new Lightbox")
        self._pending.finish()
        self._sender.join()
        server = self._server
        server.close_input()
        status = server.wait_ended()
        for job in self._pending.close():  # only when the sender stopped early: no process could take them
            _fail(job.future, self._closed or LightboxError(server.ended_message(status)))
        return status

    def terminate(self) -> int:
        """Cancels the jobs not yet sent and stops the process, returning its status.

        SIGTERM: Lightbox kills its workers and removes their temp files; the jobs it was
        running fail with LightboxError.
        """
        with self._lock:
            self._stopped = True
            if self._closed is None:
                self._closed = LightboxError("the client is closed (terminate() was called): start a new Lightbox")
        for job in self._pending.waiting():
            job.future.cancel()
        self._server.terminate()
        return self.close()

    def _start(self) -> Server:
        """Starts a `lightbox batch` with the client's command, folder and environment."""
        return Server(self._arguments, self._cwd, self._env, self._deliver, self._ended)

    def _check_options(self) -> None:
        """Lightbox checks the options itself: the same command with no jobs exits 0, or 64 naming the bad one.

        It runs beside the process that will take the jobs, so it costs one start-up's time
        (tens of milliseconds), once.
        """
        try:
            checked = subprocess.run(self._arguments, stdin=subprocess.DEVNULL, capture_output=True, cwd=self._cwd,
                                     env=self._env, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            self._server.kill()
            raise LightboxError(f"cannot start {self._arguments[0]}: {error}") from error
        if checked.returncode == 0:
            return
        self._server.kill()
        said = checked.stderr.decode("utf-8", "replace").splitlines()
        raise LightboxError(ended_message(checked.returncode, said[-20:]))

    def _ask(self, job: Mapping[str, Any], rename: Callable[[Answer], Answer] = lambda answer: answer) -> Answer:
        """Sends `job`, waits for its answer (paths named by `rename`), and raises JobError (JobTimeout) on failure."""
        answer = rename(self.submit(job).result())
        if answer.get("status") in ("done", "skipped"):
            return answer
        if TIMED_OUT.search(str(answer.get("error", ""))):
            raise JobTimeout(answer)
        raise JobError(answer)

    def _send_jobs(self) -> None:
        """Sends each job as Lightbox can start it, to a new process if the last one ended, until `close`."""
        while True:
            taken = self._pending.next()
            if taken is None:
                return
            key, job = taken
            while True:
                try:
                    server = self._live_server()
                except LightboxError as error:
                    with self._lock:
                        self._closed = error
                    for left in [job, *self._pending.close()]:
                        _fail(left.future, error)
                    return
                try:
                    # Its workers may hold its input open: a line written once it has exited is lost.
                    if not server.exited():
                        server.send(job.line)
                        break
                except (OSError, ValueError):
                    pass
                server.wait_ended()  # it exited before it could read the job, which goes to the next one
            with self._lock:
                if not server.ended:
                    self._pending.assign(key, server)  # failed with the others sent to it if it ends
                    continue
            if self._pending.discard(key) is not None:  # it ended as the job was sent
                _fail(job.future, LightboxError(server.ended_message(server.poll())))

    def _live_server(self) -> Server:
        """The current process, or a new one if it ended; LightboxError when none may be started."""
        with self._lock:
            server = self._server
            if not server.ended:
                return server
            status = server.poll()
            if self._stopped:
                raise self._closed or LightboxError(server.ended_message(status))
            if server is self._restarted and server.answered == 0:
                raise LightboxError(server.ended_message(
                    status, "the client is closed: lightbox batch, started again, ended before answering a job"))
            self._server = self._restarted = self._start()
            log.warning("started lightbox batch again (pid %d): the last one (pid %d) ended", self._server.pid,
                        server.pid)
            return self._server

    def _ended(self, server: Server, status: int) -> None:
        """Fails the jobs sent to `server`, which ended (Server calls this): said unless the client ended it."""
        with self._lock:
            server.ended = True
            left = self._pending.ended(server)
        error = LightboxError(server.ended_message(status))
        if not server.stopping:
            log.warning("lightbox batch ended unasked (pid %d), failing the %d job(s) it was running; the next job "
                        "starts a new one: %s", server.pid, len(left), error)
        for job in left:
            _fail(job.future, error)

    def _give_up(self, key: int, job: Job, waited: float) -> None:
        """Answers a job Lightbox did not answer in time (PendingJobs calls this), failed and saying so."""
        answer: Answer = {"status": "failed", "error": (
            f"timed out: lightbox gave no answer within {waited:.3g} s, past the job's timeout of {job.timeout:g} s; "
            "the client gave the job up")}
        if job.has_id:
            answer["id"] = job.given_id
        log.warning("job %s: %s", key, answer["error"])
        _settle(job.future, answer)

    def _deliver(self, server: Server, raw: bytes) -> None:
        """Hands one answer line to its job's future (Server calls this): its own id back, no `stdin:N: `."""
        try:
            answer = json.loads(raw)
        except ValueError:
            log.warning("not an answer: %r", raw[:200])
            return
        if not isinstance(answer, dict):
            log.warning("not an answer: %r", raw[:200])
            return
        if answer.get("command") == "cancel":  # a cancel's own answer (give_up), after its job's
            log.debug("lightbox answered the cancel of job %s: %s", answer.get("id"),
                      answer.get("error") or answer.get("status"))
            return
        unprefix(answer)
        for warning in answer.get("warnings") or []:
            log.warning("%s", warning)
        for crop in answer.get("crops") or []:
            for warning in (crop.get("warnings") or []) if isinstance(crop, dict) else []:
                log.warning("%s: %s", crop.get("input", answer.get("input")), warning)
        key = answer.get("id")
        given_up = self._pending.sent(key)
        if given_up is not None and given_up.abandoned:
            # Removed while the job still holds its outputs: a job naming one is sent only after.
            log.info("job %s, given up, was answered: %s", key, answer.get("error") or answer.get("status"))
            self._remove_written(key, cast(Answer, answer))
        job = self._pending.take(key)
        if job is None or job.abandoned:
            return
        if job.has_id:
            answer["id"] = job.given_id
        else:
            answer.pop("id", None)
        _settle(job.future, cast(Answer, answer))

    def _outputs(self, body: Mapping[str, Any]) -> FrozenSet[str]:
        """The files a job names as outputs, as absolute paths."""
        crops = body.get("crops")
        named = [body.get("output")] + [crop.get("output") for crop in crops or [] if isinstance(crop, Mapping)] \
            if isinstance(crops, list) else [body.get("output")]
        return frozenset(self._where(name) for name in named if isinstance(name, str))

    def _where(self, output: str) -> str:
        """An output as the absolute path of the file written: taken from Lightbox's folder, without save options."""
        return os.path.normpath(os.path.join(self._cwd, re.sub(r"\[[^\[\]]*\]$", "", output)))

    def _remove_written(self, key: Any, answer: Answer) -> None:
        """Removes what a job given up while Lightbox ran it wrote all the same: each output its answer says it wrote.

        Lightbox stops a job it is told to cancel before it writes, so this is only what it
        wrote before the cancel reached it (a `crops` job's crops done, or a job that ended first).
        """
        entries = answer.get("crops") or [answer]
        for entry in entries:
            output, size = entry.get("output"), entry.get("bytes")
            if entry.get("status") == "skipped" or not isinstance(output, str) or not isinstance(size, int):
                continue
            path = self._where(output)
            try:
                facts = os.lstat(path)
                if stat.S_ISREG(facts.st_mode) and facts.st_size == size:
                    os.unlink(path)
                    log.info("removed %s, written by job %s after it was given up", path, key)
                else:
                    log.warning("left %s: not the file job %s wrote after it was given up", path, key)
            except FileNotFoundError:
                pass
            except OSError as error:
                log.warning("could not remove %s, written by job %s after it was given up: %s", path, key,
                            error.strerror or error)


def _cores() -> int:
    """The cores this process may run on (its affinity, as Lightbox counts them), or all of them."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _fail(future: "Future[Answer]", error: LightboxError) -> None:
    """Fails `future` with `error`, unless it is settled already."""
    if future.done():
        return
    try:
        future.set_exception(error)
    except Exception:  # InvalidStateError: settled between the check and now
        log.info("a job's future could not be failed: it was settled meanwhile")


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
