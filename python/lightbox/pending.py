"""The jobs sent and not yet answered, and the client's own limit on how long it waits for each.

A job with a timeout is given up by Lightbox itself (it kills the worker and answers the job
failed). The client waits that long plus a grace, counted from when the job can have
started: Lightbox runs `jobs` at once in the order they came, so a job's clock starts once
fewer than `jobs` sent before it are unanswered. If no answer came by then (a process that
hangs), the job is given up here, and an answer that comes later is dropped.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from .answers import Answer

log = logging.getLogger("lightbox")

# How many given-up ids are remembered, to tell a late answer from an answer to no job.
REMEMBERED = 4096


def grace(timeout: float) -> float:
    """Seconds the client waits past a job's timeout for Lightbox's answer (killing a worker takes a moment)."""
    return 5.0 + timeout / 10


@dataclass
class Job:
    """One job in flight: its future, the id its caller gave (restored in the answer), its timeout."""

    future: "Future[Answer]"
    given_id: Any
    has_id: bool
    timeout: Optional[float]
    started: Optional[float] = None


class PendingJobs:
    """The jobs in flight by the client's key, in the order sent; thread-safe.

    `give_up(key, job, waited)` is called, outside the lock, for a job whose answer is overdue.
    """

    def __init__(self, running: int, give_up: Callable[[int, Job, float], None]) -> None:
        self._running = max(1, running)
        self._give_up = give_up
        self._jobs: Dict[int, Job] = {}
        self._given_up: Dict[int, None] = {}
        self._changed = threading.Condition()
        self._watch: Optional[threading.Thread] = None
        self._closed = False

    def add(self, key: int, job: Job) -> None:
        """Records a job about to be sent."""
        with self._changed:
            self._jobs[key] = job
            self._start_clocks()
            if job.timeout is not None and self._watch is None:
                self._watch = threading.Thread(target=self._watch_deadlines, name="lightbox-deadlines", daemon=True)
                self._watch.start()
            self._changed.notify_all()

    def take(self, key: Any) -> Optional[Job]:
        """The job `key` answers, removed; None for a job given up (logged) or never sent (logged)."""
        with self._changed:
            job = self._jobs.pop(key, None) if type(key) is int else None
            if job is not None:
                self._start_clocks()
                self._changed.notify_all()
                return job
            late = key in self._given_up if type(key) is int else False
        if late:
            log.info("lightbox: dropped the late answer of job %s, given up at its timeout", key)
        else:
            log.warning("lightbox: dropped an answer to no job sent (id %r)", key)
        return None

    def discard(self, key: int) -> None:
        """Forgets a job that could not be sent."""
        with self._changed:
            self._jobs.pop(key, None)
            self._start_clocks()

    def close(self) -> List[Job]:
        """Every job still waiting, removed; the deadline watch ends."""
        with self._changed:
            left = list(self._jobs.values())
            self._jobs.clear()
            self._closed = True
            self._changed.notify_all()
        return left

    def _start_clocks(self) -> None:
        """Starts the clock of each job Lightbox can be running now: the first `running` unanswered."""
        now = time.monotonic()
        for job in itertools.islice(self._jobs.values(), self._running):
            if job.started is None:
                job.started = now

    def _overdue(self, now: float) -> Tuple[Optional[float], List[Tuple[int, Job]]]:
        """The next deadline still to come, and the jobs past theirs (removed, remembered as given up)."""
        due: List[Tuple[int, Job]] = []
        upcoming: Optional[float] = None
        for key, job in list(self._jobs.items()):
            if job.timeout is None or job.started is None:
                continue
            deadline = job.started + job.timeout + grace(job.timeout)
            if deadline <= now:
                due.append((key, self._jobs.pop(key)))
                self._given_up[key] = None
                if len(self._given_up) > REMEMBERED:
                    del self._given_up[next(iter(self._given_up))]
            elif upcoming is None or deadline < upcoming:
                upcoming = deadline
        if due:
            self._start_clocks()
        return upcoming, due

    def _watch_deadlines(self) -> None:
        """Gives up each job whose answer is overdue, until the process ends."""
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
                    log.exception("lightbox: giving up job %s failed", key)
