"""One `lightbox batch` process and many jobs in flight: the client docs/batch.md describes.

Jobs go to the process's standard input as JSON lines, each with an id of the client's own;
a thread reads the answers as they come (in the order jobs finish) and hands each to the
future of its job, so any number of threads, or `run`, can keep jobs in flight at once.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import Future
from typing import IO, Any, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import JobError, LightboxError

Answer = Dict[str, Any]
"""One answer: the `--json` object of the command, with `status` ("done" or "failed") and `error`."""

Rect = Union[Sequence[float], str, Mapping[str, float]]
"""A crop rect: (x, y, width, height), fractions of the upright image; or any form a manifest takes."""


class Lightbox:
    """A running `lightbox batch`: `crop`, `view` and `board` ask one job and wait; `run` streams many.

    Use it as a context manager (or call `close`): the process is started at once and ends
    when its input is closed, after answering every job sent.
    """

    def __init__(
        self,
        binary: str = "lightbox",
        jobs: Optional[int] = None,
        *,
        options: Sequence[str] = (),
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
        echo_stderr: bool = True,
    ) -> None:
        """Starts `BINARY batch [--jobs N] [OPTIONS]`.

        `jobs` is how many jobs Lightbox runs at once (default: its cores); `options` are
        `lightbox batch` options given as defaults for every job (such as `["--quality",
        "90"]`); relative paths in jobs are taken from `cwd`. Lightbox's warnings go to this
        process's stderr unless `echo_stderr` is false.
        """
        command = [binary, "batch"] + (["--jobs", str(jobs)] if jobs is not None else []) + list(options)
        try:
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=None if env is None else dict(env),
            )
        except OSError as error:
            raise LightboxError(f"cannot start {binary}: {error.strerror or error}") from error
        self.jobs = jobs or os.cpu_count() or 1
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending: Dict[int, Tuple["Future[Answer]", Any, bool]] = {}
        self._next_id = 0
        self._ended: Optional[LightboxError] = None
        self._stderr_tail: Deque[str] = deque(maxlen=20)
        self._echo_stderr = echo_stderr
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

    def submit(self, job: Mapping[str, Any]) -> "Future[Answer]":
        """Sends one job (a dict with `command` and its fields) and returns the future of its answer.

        The answer is given whether the job was done or failed (see its `status`); the future
        fails with LightboxError only when the process ends before answering. A job's own
        `id`, if any, is echoed in its answer. NaN and infinite numbers raise ValueError here.
        """
        body = dict(job)
        has_id = "id" in body
        given_id = body.pop("id", None)
        future: "Future[Answer]" = Future()
        with self._lock:
            if self._ended is not None:
                raise self._ended
            self._next_id += 1
            key = self._next_id
            line = json.dumps({"id": key, **body}, allow_nan=False, separators=(",", ":"), default=_path) + "\n"
            self._pending[key] = (future, given_id, has_id)
        try:
            with self._write_lock:
                stdin = self._stdin()
                stdin.write(line.encode("utf-8"))
                stdin.flush()
        except (OSError, ValueError) as error:
            with self._lock:
                self._pending.pop(key, None)
            raise LightboxError(self._ended_message(self._process.poll(), f"cannot send a job: {error}")) from error
        return future

    def crop(
        self,
        input: str,
        rect: Optional[Rect] = None,
        output: Optional[str] = None,
        *,
        crops: Optional[Iterable[Tuple[Rect, str]]] = None,
        **fields: Any,
    ) -> Answer:
        """Crops `rect` of `input` into `output`, or every `(rect, output)` of `crops` from one decode.

        Other fields of a crop manifest line go in `fields` (`units="px"`, `square=True`,
        `angle=30`, `oriented="upright"`, `mask=True`, `lossless=True`). Paths may be `str`
        or `os.PathLike` (`pathlib.Path`). Returns the answer; raises JobError with the job's error if it
        failed (for `crops`, if any of them failed: `error.answer["crops"]` tells which).
        """
        job: Dict[str, Any] = {"command": "crop", "input": input, **_camel(fields)}
        if crops is None:
            if rect is None or output is None:
                raise TypeError("crop() needs rect and output, or crops")
            job.update(rect=_rect(rect), output=output)
        else:
            if rect is not None or output is not None:
                raise TypeError("crop() takes rect and output, or crops, not both")
            job["crops"] = [{"rect": _rect(each), "output": path} for each, path in crops]
        return self._ask(job)

    def view(
        self, input: Optional[str] = None, output: Optional[str] = None, *, inputs: Optional[Sequence[str]] = None,
        **options: Any
    ) -> Answer:
        """Renders a viewer snapshot of `input` (or page `page` of `inputs`) into `output`.

        `options` are `lightbox view`'s, in snake_case or camelCase (`screen="390x844"`,
        `zoom=2.5`, `offset=(60, 0)`, `chrome=True`). Raises JobError if the job failed.
        """
        if output is None or (input is None) == (inputs is None):
            raise TypeError("view() needs output and one of input or inputs")
        job: Dict[str, Any] = {"command": "view", "output": output, **_camel(options)}
        if input is not None:
            job["input"] = input
        else:
            job["inputs"] = list(inputs or [])
        return self._ask(job)

    def board(self, output: str, **layout: Any) -> Answer:
        """Renders a board into `output` from the keys of a board layout file (`photos`, `board`, `card_width`...).

        Raises JobError if the job failed.
        """
        return self._ask({"command": "board", "output": output, **_camel(layout)})

    def run(self, jobs: Iterable[Mapping[str, Any]], window: Optional[int] = None) -> Iterator[Answer]:
        """Sends `jobs` and yields their answers as they come, done and failed alike, with up to `window` in flight.

        `window` defaults to twice `jobs`, so every worker has its next job waiting. Answers
        come in the order jobs finish; give each job an `id` to match them.
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
                self.submit(job).add_done_callback(finished.put)
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

    def _ask(self, job: Mapping[str, Any]) -> Answer:
        """Sends `job`, waits for its answer, and raises JobError if it failed."""
        answer = self.submit(job).result()
        if answer.get("status") != "done":
            raise JobError(answer)
        return answer

    def _stdin(self) -> IO[bytes]:
        """The process's standard input, which close() may have closed."""
        stdin = self._process.stdin
        if stdin is None or stdin.closed:
            raise ValueError("the client is closed")
        return stdin

    def _read_answers(self) -> None:
        """Hands each answer line to the future of its job; at the end, fails the jobs left unanswered."""
        assert self._process.stdout is not None
        for raw in self._process.stdout:
            try:
                answer = json.loads(raw)
                key = answer.get("id")
            except (ValueError, AttributeError):
                self._stderr_tail.append(f"not an answer: {raw[:200]!r}")
                continue
            with self._lock:
                entry = self._pending.pop(key, None) if type(key) is int else None
            if entry is None:
                self._stderr_tail.append(f"an answer to no job sent: {raw[:200]!r}")
                continue
            future, given_id, has_id = entry
            if has_id:
                answer["id"] = given_id
            else:
                answer.pop("id", None)
            future.set_result(answer)
        status = self._process.wait()
        for reader in self._readers[1:]:
            reader.join()
        ended = LightboxError(self._ended_message(status))
        with self._lock:
            self._ended = ended
            left = list(self._pending.values())
            self._pending.clear()
        for future, _, _ in left:
            future.set_exception(ended)

    def _read_stderr(self) -> None:
        """Keeps the last lines Lightbox wrote on stderr (for errors), echoing them unless told not to."""
        assert self._process.stderr is not None
        for raw in self._process.stderr:
            text = raw.decode("utf-8", "replace")
            self._stderr_tail.append(text.rstrip("\n"))
            if self._echo_stderr:
                sys.stderr.write(text)

    def _ended_message(self, status: Optional[int], what: str = "") -> str:
        """Why the process can take no more jobs: `what`, its exit status and the last lines it wrote."""
        said = "; ".join(line for line in self._stderr_tail if line)
        parts = [what] if what else []
        parts.append("lightbox batch exited" + (f" with status {status}" if status is not None else ""))
        return ": ".join(parts) + (f": {said}" if said else "")


def _rect(rect: Rect) -> Any:
    """A rect as the job's JSON takes it: a list of four numbers, or the text or object given."""
    if isinstance(rect, (str, Mapping)):
        return rect if isinstance(rect, str) else dict(rect)
    numbers: List[float] = [float(value) for value in rect]
    if len(numbers) != 4:
        raise ValueError(f"a rect is (x, y, width, height), got {len(numbers)} numbers")
    return numbers


def _path(value: Any) -> str:
    """A path object (`pathlib.Path`) as the text JSON carries; anything else JSON cannot carry is a TypeError."""
    if isinstance(value, os.PathLike):
        return str(os.fspath(value))
    raise TypeError(f"a {type(value).__name__} cannot be sent as JSON")


def _camel(fields: Mapping[str, Any]) -> Dict[str, Any]:
    """Python keyword names (`max_zoom`) as Lightbox's JSON keys (`maxZoom`); tuples become lists."""
    converted = {}
    for key, value in fields.items():
        name = re.sub(r"_([a-z])", lambda match: match.group(1).upper(), key)
        converted[name] = list(value) if isinstance(value, tuple) else value
    return converted
