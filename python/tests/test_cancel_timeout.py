"""A future once sent cannot be cancelled, a job past its timeout is given up, and neither breaks the client.

The real binary shows the futures under load; the protocol double gives what the real process
cannot be made to give on demand (a job that outlives its timeout, an answer after the client
gave up).
"""

from __future__ import annotations

import logging
import os
import time
from concurrent.futures import Future, wait
from pathlib import Path
from typing import List

import pytest

import lightbox
import lightbox.pending
from conftest import cli
from lightbox.pending import Job, PendingJobs


def test_a_sent_job_cannot_be_cancelled_under_load_and_every_answer_arrives(
    binary: str, photos: List[str], tmp_path: Path
) -> None:
    with lightbox.Lightbox(binary, jobs=2) as box:
        futures = [
            box.submit({"id": n, "command": "crop", "input": photos[n % 4], "rect": [0.01 * (n % 40), 0.1, 0.5, 0.5],
                        "output": str(tmp_path / "load" / f"{n}.jpg")})
            for n in range(120)
        ]
        assert [future.cancel() for future in futures] == [False] * 120
        assert not any(future.cancelled() for future in futures)
        finished, waiting = wait(futures, timeout=120)
        assert not waiting
        assert sorted(future.result()["id"] for future in futures) == list(range(120))
        assert all(future.result()["status"] == "done" for future in futures)
        # The reader is alive: a later job is answered.
        after = box.crop(photos[0], rect=(0, 0, 0.5, 0.5), output=str(tmp_path / "after.jpg"))
        assert after["status"] == "done"
    assert len(list((tmp_path / "load").iterdir())) == 120


def test_the_reader_survives_a_future_settled_by_its_caller_and_a_failing_callback(
    fake: str, caplog: pytest.LogCaptureFixture
) -> None:
    env = dict(os.environ, FAKE_HOLD="3")
    with lightbox.Lightbox(fake, jobs=1, env=env) as box:
        meddled = box.submit({"command": "crop", "input": "a.jpg", "output": "a"})
        meddled.set_result({"status": "done"})  # a caller settles the future itself
        raising = box.submit({"command": "crop", "input": "b.jpg", "output": "b"})

        def fails(_: "Future[lightbox.Answer]") -> None:
            raise RuntimeError("a callback's own bug")

        raising.add_done_callback(fails)
        third = box.submit({"command": "crop", "input": "c.jpg", "output": "c"})  # the double answers now
        assert third.result(timeout=10)["output"] == "c"
        assert raising.result(timeout=10)["output"] == "b"
        later = list(box.run([{"command": "crop", "input": f"{n}.jpg", "output": f"{n}"} for n in range(3)], window=3))
        assert sorted(answer["output"] for answer in later) == ["0", "1", "2"]
    assert meddled.result() == {"status": "done"}


def test_a_job_past_its_timeout_is_given_up_by_lightbox_and_later_jobs_work(fake: str) -> None:
    env = dict(os.environ, FAKE_SLOW="30")
    with lightbox.Lightbox(fake, jobs=2, env=env) as box:
        started = time.monotonic()
        with pytest.raises(lightbox.JobTimeout, match=r"slow\.jpg: timed out after 1 s") as raised:
            box.crop("slow.jpg", rect=(0, 0, 1, 1), output="s.jpg", timeout=1)
        assert 0.9 < time.monotonic() - started < 5
        assert isinstance(raised.value, TimeoutError) and raised.value.answer["status"] == "failed"
        assert box.crop("quick.jpg", rect=(0, 0, 1, 1), output="q.jpg", timeout=1)["status"] == "done"
        answers = list(box.run([{"id": "late", "command": "crop", "input": "slow.jpg", "output": "l"},
                                {"id": "now", "command": "crop", "input": "a.jpg", "output": "n", "timeout": 2}],
                               timeout=0.5))
        submitted = box.submit({"command": "crop", "input": "slow.jpg", "output": "s"}, timeout=0.5)
        assert "timed out after 0.5 s" in submitted.result(timeout=10)["error"]
    assert [(a["id"], a["status"]) for a in answers] == [("now", "done"), ("late", "failed")]
    assert "timed out after 0.5 s" in answers[1]["error"]


def test_a_job_lightbox_does_not_answer_is_given_up_here_and_its_late_answer_dropped(
    fake: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(lightbox.pending, "grace", lambda timeout: 0.3)
    env = dict(os.environ, FAKE_SLOW="2", FAKE_IGNORE_TIMEOUT="1")
    caplog.set_level(logging.INFO, logger="lightbox")
    with lightbox.Lightbox(fake, jobs=2, env=env) as box:
        started = time.monotonic()
        with pytest.raises(lightbox.JobTimeout, match="the client gave the job up"):
            box.crop("slow.jpg", rect=(0, 0, 1, 1), output="s.jpg", timeout=0.2)
        assert time.monotonic() - started < 1.5
        given_up = box.submit({"id": "mine", "command": "crop", "input": "slow-2.jpg", "output": "t", "timeout": 0.2})
        assert given_up.result(timeout=5)["id"] == "mine" and given_up.result()["status"] == "failed"
        # The late answers come (2 s) while other jobs go on: they are dropped, the others answered.
        for n in range(5):
            assert box.crop(f"{n}.jpg", rect=(0, 0, 1, 1), output=f"o{n}")["status"] == "done"
        time.sleep(2.5)
        assert box.crop("after.jpg", rect=(0, 0, 1, 1), output="after")["status"] == "done"
    dropped = [r for r in caplog.records if "dropped the late answer" in r.getMessage()]
    assert len(dropped) == 2


def test_a_queued_jobs_clock_starts_when_lightbox_can_run_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lightbox.pending, "grace", lambda timeout: 0.0)
    gave_up: List[tuple] = []
    pending = PendingJobs(1, lambda key, job, waited: gave_up.append((key, time.monotonic())))
    first: "Future[lightbox.Answer]" = Future()
    second: "Future[lightbox.Answer]" = Future()
    pending.add(1, Job(first, None, False, timeout=1.0))
    pending.add(2, Job(second, None, False, timeout=1.0))  # behind the first: Lightbox runs one at a time
    time.sleep(0.3)
    assert pending.take(1) is not None  # answered in time; the second can start only now
    answered = time.monotonic()
    for _ in range(100):
        if gave_up:
            break
        time.sleep(0.05)
    assert [key for key, _ in gave_up] == [2]
    assert gave_up[0][1] - answered >= 1.0  # a full timeout after it could start, not after it was sent
    assert pending.close() == []


def test_the_real_lightbox_gives_up_a_job_at_its_timeout(binary: str, tmp_path: Path) -> None:
    """A 10000x10000 PNG cut twice is decoded whole: seconds of work, given up after half a second."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    side = 10000
    rows = zlib.compress((b"\0" + b"\x80" * (3 * side)) * side, 1)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
    (tmp_path / "big.png").write_bytes(png + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(lightbox.JobTimeout, match=r"timed out after 0\.5 s"):
            box.crop(tmp_path / "big.png", crops=[((0, 0, 0.5, 0.5), tmp_path / "a.png"),
                                                  ((0.5, 0.5, 0.5, 0.5), tmp_path / "b.png")], timeout=0.5)
        assert not (tmp_path / "a.png").exists() and not (tmp_path / "b.png").exists()
        assert box.crop(tmp_path / "big.png", rect=(0, 0, 0.01, 0.01), output=tmp_path / "c.png")["status"] == "done"
    assert cli(binary, "crop", "big.png", "--rect", "0,0,0.01,0.01", "-o", "d.png", cwd=tmp_path).returncode == 0
