"""The jobs the client holds: those waiting to be sent, those sent and not yet answered, and their deadlines.

Lightbox runs `jobs` at once, so the client sends no more than `jobs` at a time and keeps the
others here: a job still waiting is cancelled at once (`future.cancel()` returns True, as for
work not started) and is never sent. A job sent is one Lightbox starts at once, so its clock
starts when it is sent; one given up then is stopped by Lightbox (`Lightbox.give_up`).

A job with a timeout is given up by Lightbox itself (it kills the worker and answers the job
failed). The client waits that long plus a grace; if no answer came by then (a process that
hangs), the job is given up here, and an answer that comes later is dropped.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable, Deque, Dict, FrozenSet, List, Optional, Tuple

from .answers import Answer

log = logging.getLogger("lightbox")

# How many given-up ids are remembered, to tell a late answer from an answer to no job.
REMEMBERED = 4096


def grace(timeout: float) -> float:
    """Seconds the client waits past a job's timeout for Lightbox's answer (killing a worker takes a moment)."""
    return 5.0 + timeout / 10


@dataclass
class Job:
    """One job: its future, the id its caller gave (restored in the answer), its timeout, its line and outputs.

    `outputs` are the files it names, as absolute paths; `server` is the process it was sent
    to; `abandoned` is set when its caller gave it up while Lightbox ran it; `key` is the
    client's own id for it, the `id` of its line (and of a cancel line for it).
    """

    future: "Future[Answer]"
    given_id: Any
    has_id: bool
    timeout: Optional[float]
    line: bytes = b""
    outputs: FrozenSet[str] = field(default_factory=frozenset)
    started: Optional[float] = None
    server: Any = None
    abandoned: bool = False
    key: int = 0


class PendingJobs:
    """The jobs waiting, in the order queued, and the jobs sent, by the client's key; thread-safe.

    At most `running` jobs are sent at once. `give_up(key, job, waited)` is called, outside
    the lock, for a sent job whose answer is overdue.
    """

    def __init__(self, running: int, give_up: Callable[[int, Job, float], None]) -> None:
        self._running = max(1, running)
        self._give_up = give_up
        self._waiting: Deque[Tuple[int, Job]] = deque()
        self._sent: Dict[int, Job] = {}
        self._given_up: Dict[int, None] = {}
        self._changed = threading.Condition()
        self._watch: Optional[threading.Thread] = None
        self._finishing = False
        self._closed = False

    def queue(self, key: int, job: Job) -> None:
        """Adds a job to those waiting to be sent."""
        with self._changed:
            self._waiting.append((key, job))
            self._changed.notify_all()

    def next(self) -> Optional[Tuple[int, Job]]:
        """Waits for the next job to send and records it as sent; None once `finish`ed with none left, or closed.

        A job is sent when fewer than `running` are, and when no job its caller gave up while
        Lightbox runs it names one of its outputs (that job's output is removed when it is
        answered). A job cancelled (or settled by its caller) while it waited is dropped
        here, never sent.
        """
        with self._changed:
            while not self._closed:
                if self._waiting and len(self._sent) < self._running:
                    key, job = self._waiting[0]
                    if job.future.done():  # cancelled, or settled by its caller
                        self._waiting.popleft()
                        continue
                    if not (job.outputs & self._abandoned_outputs()):
                        self._waiting.popleft()
                        if _running(job.future):
                            job.started = time.monotonic()
                            self._sent[key] = job
                            self._watch_if_timed(job)
                            self._changed.notify_all()  # the deadline watch has a new clock
                            return key, job
                        continue
                elif self._finishing and not self._waiting:
                    return None
                self._changed.wait()
            return None

    def assign(self, key: int, server: Any) -> None:
        """Records the process a job was sent to (`ended` takes the jobs of a process by it)."""
        with self._changed:
            job = self._sent.get(key)
            if job is not None:
                job.server = server

    def discard(self, key: int) -> Optional[Job]:
        """The sent job `key`, removed without an answer (its process ended as it was sent)."""
        with self._changed:
            job = self._sent.pop(key, None)
            self._changed.notify_all()
        return job

    def sent(self, key: Any) -> Optional[Job]:
        """The sent job `key`, left in place (a job naming one of its outputs still waits for it); None if none."""
        with self._changed:
            return self._sent.get(key) if type(key) is int else None

    def take(self, key: Any) -> Optional[Job]:
        """The sent job `key` answers, removed; None (logged) for a job given up at its timeout, or never sent."""
        with self._changed:
            job = self._sent.pop(key, None) if type(key) is int else None
            if job is not None:
                self._changed.notify_all()
                return job
            late = key in self._given_up if type(key) is int else False
        if late:
            log.info("dropped the late answer of job %s, given up at its timeout", key)
        else:
            log.warning("dropped an answer to no job sent (id %r)", key)
        return None

    def withdraw(self, future: "Future[Answer]") -> Optional[Tuple[bool, Job]]:
        """Takes back the job of `future`: (False, job) if it was waiting (removed: never sent), (True, job) if sent.

        A sent job is marked abandoned and keeps its place until Lightbox answers it. None
        for a job answered, given up already, or not held here.
        """
        with self._changed:
            for index, (_, job) in enumerate(self._waiting):
                if job.future is future:
                    del self._waiting[index]
                    self._changed.notify_all()
                    return False, job
            for job in self._sent.values():
                if job.future is future and not job.abandoned:
                    job.abandoned = True
                    return True, job
        return None

    def ended(self, server: Any) -> List[Job]:
        """The jobs sent to `server`, which ended: removed, so their slots are free."""
        with self._changed:
            gone = [key for key, job in self._sent.items() if job.server is server]
            left = [self._sent.pop(key) for key in gone]
            self._changed.notify_all()
        return left

    def waiting(self) -> List[Job]:
        """Every job waiting to be sent, removed."""
        with self._changed:
            left = [job for _, job in self._waiting]
            self._waiting.clear()
            self._changed.notify_all()
        return left

    def finish(self) -> None:
        """`next` returns None once every job waiting has been sent."""
        with self._changed:
            self._finishing = True
            self._changed.notify_all()

    def close(self) -> List[Job]:
        """Every job still held, waiting or sent, removed; `next` and the deadline watch end."""
        with self._changed:
            left = [job for _, job in self._waiting] + list(self._sent.values())
            self._waiting.clear()
            self._sent.clear()
            self._closed = True
            self._changed.notify_all()
        return left

    def _abandoned_outputs(self) -> FrozenSet[str]:
        """The outputs of the jobs given up while Lightbox runs them."""
        named: FrozenSet[str] = frozenset()
        for job in self._sent.values():
            if job.abandoned:
                named |= job.outputs
        return named

    def _watch_if_timed(self, job: Job) -> None:
        """Starts the deadline watch with the first job that has a timeout."""
        if job.timeout is not None and self._watch is None:
            self._watch = threading.Thread(target=self._watch_deadlines, name="lightbox-deadlines", daemon=True)
            self._watch.start()

    def _overdue(self, now: float) -> Tuple[Optional[float], List[Tuple[int, Job]]]:
        """The next deadline still to come, and the jobs past theirs (removed, remembered as given up)."""
        due: List[Tuple[int, Job]] = []
        upcoming: Optional[float] = None
        for key, job in list(self._sent.items()):
            if job.timeout is None or job.started is None:
                continue
            deadline = job.started + job.timeout + grace(job.timeout)
            if deadline <= now:
                due.append((key, self._sent.pop(key)))
                self._given_up[key] = None
                if len(self._given_up) > REMEMBERED:
                    del self._given_up[next(iter(self._given_up))]
            elif upcoming is None or deadline < upcoming:
                upcoming = deadline
        if due:
            self._changed.notify_all()
        return upcoming, due

    def _watch_deadlines(self) -> None:
        """Gives up each job whose answer is overdue, until the client closes."""
        while True:
            with self._changed:
                if self._closed:
                    return
                now = time.monotonic()
                upcoming, due = self._overdue(now)
                if not due:
                    self._changed.wait(None if upcoming is None else upcoming - now)
                    continue
            for key, job in due:
                try:
                    self._give_up(key, job, now - (job.started or now))
                except Exception:  # the watch outlives anything a future's callbacks do
                    log.exception("giving up job %s failed", key)


def _running(future: "Future[Answer]") -> bool:
    """Marks a waiting job's future as running; False if it was cancelled or settled meanwhile."""
    try:
        return future.set_running_or_notify_cancel()
    except RuntimeError:  # settled by its caller
        return False
