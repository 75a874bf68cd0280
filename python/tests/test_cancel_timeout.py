"""Cancelled means never sent, given up means stopped by Lightbox, a job past its timeout is given up; the client goes on.

The real binary shows the futures under load and a job given up while it runs (stopped by the
cancel line the client sends); the protocol double gives what the real process cannot be made
to give on demand (a job that outlives its timeout, an answer after the client gave up, an
output in place before its answer).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from concurrent.futures import Future, wait
from pathlib import Path
from typing import List

import pytest

import lightbox
import lightbox.pending
from conftest import big_png, cli, wait_for
from lightbox.pending import Job, PendingJobs


def lines(log: Path) -> List[dict]:
    """The lines the double received, in order."""
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def logged(log: Path) -> List[str]:
    """The inputs of the jobs the double received, in order (not its cancel lines)."""
    return [line["input"] for line in lines(log) if line.get("command") != "cancel"]


def worker_cpu(server: int) -> int:
    """The CPU time, in clock ticks, that the worker processes of the `lightbox batch` `server` have used."""
    ticks = 0
    for task in Path(f"/proc/{server}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # gone meanwhile
                continue
            ticks += int(fields[11]) + int(fields[12])
    return ticks


def test_jobs_not_yet_sent_are_cancelled_under_load_and_never_written(
    binary: str, photos: List[str], tmp_path: Path
) -> None:
    with lightbox.Lightbox(binary, jobs=2) as box:
        futures = [
            box.submit({"id": n, "command": "crop", "input": photos[n % 4], "rect": [0.01 * (n % 40), 0.1, 0.5, 0.5],
                        "output": str(tmp_path / "load" / f"{n}.jpg")})
            for n in range(120)
        ]
        cancelled = [future.cancel() for future in futures]
        # Lightbox runs two at once, so no more than two were sent: every other job was still the client's.
        sent = [n for n, done in enumerate(cancelled) if not done]
        assert len(sent) <= 2 and cancelled.count(True) >= 118
        assert all(futures[n].cancelled() == cancelled[n] for n in range(120))
        finished, waiting = wait([futures[n] for n in sent], timeout=120)
        assert not waiting
        assert all(futures[n].result()["status"] == "done" and futures[n].result()["id"] == n for n in sent)
        # The client goes on: a later job is answered.
        after = box.crop(photos[0], rect=(0, 0, 0.5, 0.5), output=str(tmp_path / "after.jpg"))
        assert after["status"] == "done"
    written = sorted(path.name for path in (tmp_path / "load").iterdir()) if sent else []
    assert written == sorted(f"{n}.jpg" for n in sent)


def test_closing_run_early_cancels_the_jobs_not_yet_sent(binary: str, photos: List[str], tmp_path: Path) -> None:
    jobs = [{"id": n, "command": "crop", "input": photos[n % 4], "rect": [0, 0, 0.5, 0.5],
             "output": str(tmp_path / "run" / f"{n}.jpg")} for n in range(30)]
    with lightbox.Lightbox(binary, jobs=1) as box:
        answers = box.run(jobs, window=10)
        first = next(answers)
        answers.close()  # ten were given to the client; one at a time goes to Lightbox
        assert first["status"] == "done"
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=str(tmp_path / "after.jpg"))["status"] == "done"
    # The first, and at most the one Lightbox was running when the generator was closed.
    assert 1 <= len(list((tmp_path / "run").iterdir())) <= 2


def test_give_up_answers_a_running_job_at_once_and_lightbox_stops_it(fake: str, tmp_path: Path) -> None:
    log = tmp_path / "jobs.jsonl"
    env = dict(os.environ, FAKE_SLOW="60", FAKE_WRITE="1", FAKE_LOG=str(log))
    with lightbox.Lightbox(fake, jobs=1, env=env, cwd=tmp_path) as box:
        running = box.submit({"id": "slow", "command": "crop", "input": "slow.jpg", "output": "slow.jpg"})
        waiting = box.submit({"command": "crop", "input": "w.jpg", "output": "w.jpg"})
        later = box.submit({"command": "crop", "input": "later.jpg", "output": "later.jpg"})
        wait_for(lambda: logged(log) == ["slow.jpg"])
        assert box.give_up(waiting) and waiting.cancelled()
        started = time.monotonic()
        assert box.give_up(running) and not box.give_up(running)
        answer = running.result(timeout=0.5)
        assert time.monotonic() - started < 0.5  # answered now, not when Lightbox is done
        assert answer["id"] == "slow" and answer["status"] == "failed" and answer["error"].startswith("given up: ")
        # The job it gave up keeps its worker until Lightbox, told to cancel it, answers it: not 60 s later.
        assert later.result(timeout=10)["status"] == "done"
        assert not box.give_up(later)
    sent = lines(log)
    assert [line.get("input", line.get("command")) for line in sent] == ["slow.jpg", "cancel", "later.jpg"]
    assert sent[1] == {"command": "cancel", "id": sent[0]["id"]}  # by the id the client sent the job with
    assert sorted(path.name for path in tmp_path.iterdir()) == ["jobs.jsonl", "later.jpg"]


def test_a_job_naming_the_output_of_a_job_given_up_waits_for_its_answer(fake: str, tmp_path: Path) -> None:
    """The job given up has its output in place before its answer: a retry must not find it, then lose it."""
    env = dict(os.environ, FAKE_SLOW="1", FAKE_WRITE="1", FAKE_WRITE_EARLY="1")
    with lightbox.Lightbox(fake, jobs=2, env=env, cwd=tmp_path) as box:
        first = box.submit({"command": "crop", "input": "slow.jpg", "output": "same.jpg"})
        wait_for(lambda: (tmp_path / "same.jpg").exists())
        assert box.give_up(first)
        again = box.submit({"command": "crop", "input": "a.jpg", "output": str(tmp_path / "same.jpg"),
                            "skipExisting": True})
        assert again.result(timeout=10)["status"] == "done"
    assert (tmp_path / "same.jpg").read_bytes() == b"fake"


def test_the_real_lightbox_stops_a_job_given_up_and_its_output_never_appears(
    binary: str, photos: List[str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A 10000x10000 PNG cut twice is decoded whole: seconds of work, stopped by Lightbox as soon as it is given up."""
    big = big_png(tmp_path / "big.png", 10000)
    caplog.set_level(logging.INFO, logger="lightbox")
    outputs = [tmp_path / "a.png", tmp_path / "b.png"]
    with lightbox.Lightbox(binary, jobs=1) as box:
        idle = worker_cpu(box.pid)
        running = box.submit({"command": "crop", "input": str(big), "crops": [
            {"rect": [0, 0, 0.5, 0.5], "output": str(outputs[0])},
            {"rect": [0.5, 0.5, 0.5, 0.5], "output": str(outputs[1])}]})
        wait_for(lambda: worker_cpu(box.pid) - idle >= 20)  # its worker has decoded for 0.2 s
        assert box.give_up(running)
        assert running.result(timeout=0.1)["error"].startswith("given up: ")
        after = box.submit({"command": "crop", "input": photos[0], "rect": [0, 0, 0.5, 0.5],
                            "output": str(tmp_path / "after.jpg")})

        def answered_and_never_written() -> bool:
            assert not any(output.exists() for output in outputs)
            return after.done()  # sent once Lightbox has answered the job given up

        wait_for(answered_and_never_written, 60)
        assert after.result()["status"] == "done"
    assert not any(output.exists() for output in outputs)
    assert not [name for name in os.listdir(tmp_path) if ".lightbox-" in name]
    answered = [record.getMessage() for record in caplog.records if "given up, was answered" in record.getMessage()]
    assert len(answered) == 1 and answered[0].endswith("big.png: cancelled by its client"), answered
    assert not [record for record in caplog.records if "removed" in record.getMessage()]


def test_the_reader_survives_a_future_settled_by_its_caller_and_a_failing_callback(
    fake: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    log = tmp_path / "jobs.jsonl"
    env = dict(os.environ, FAKE_HOLD="3", FAKE_LOG=str(log))
    with lightbox.Lightbox(fake, jobs=3, env=env) as box:
        meddled = box.submit({"command": "crop", "input": "a.jpg", "output": "a"})
        wait_for(lambda: logged(log) == ["a.jpg"])
        meddled.set_result({"status": "done"})  # a caller settles the future of a job sent
        raising = box.submit({"command": "crop", "input": "b.jpg", "output": "b"})

        def fails(_: "Future[lightbox.Answer]") -> None:
            raise RuntimeError("a callback's own bug")

        raising.add_done_callback(fails)
        third = box.submit({"command": "crop", "input": "c.jpg", "output": "c"})  # the double answers now
        assert third.result(timeout=10)["output"] == "c"
        assert raising.result(timeout=10)["output"] == "b"
        later = list(box.run([{"command": "crop", "input": f"{n}.jpg", "output": f"{n}"} for n in range(3)], window=3))
        assert sorted(answer["output"] for answer in later) == ["0", "1", "2"]
        # A future its caller settles before the job is sent is not sent.
        settled = box.submit({"command": "crop", "input": "slow.jpg", "output": "s"})
        settled.set_result({"status": "done"})
    assert meddled.result() == {"status": "done"} and settled.result() == {"status": "done"}


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


def test_a_waiting_jobs_clock_starts_when_it_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lightbox.pending, "grace", lambda timeout: 0.0)
    gave_up: List[tuple] = []
    pending = PendingJobs(1, lambda key, job, waited: gave_up.append((key, time.monotonic())))
    sent: List[tuple] = []

    def send() -> None:
        while True:
            taken = pending.next()
            if taken is None:
                return
            sent.append((taken[0], time.monotonic()))

    sender = threading.Thread(target=send)
    sender.start()
    first: "Future[lightbox.Answer]" = Future()
    second: "Future[lightbox.Answer]" = Future()
    pending.queue(1, Job(first, None, False, timeout=1.0))
    pending.queue(2, Job(second, None, False, timeout=1.0))
    time.sleep(0.3)
    assert [key for key, _ in sent] == [1]  # Lightbox runs one at a time: the second waits in the client
    assert first.running() and not second.running()
    assert pending.take(1) is not None  # answered in time; the second is sent only now
    answered = time.monotonic()
    wait_for(lambda: bool(gave_up))
    assert [key for key, _ in sent] == [1, 2] and sent[1][1] >= answered
    assert [key for key, _ in gave_up] == [2]
    assert gave_up[0][1] - sent[1][1] >= 1.0  # a full timeout after it was sent, not after it was queued
    assert pending.close() == []
    sender.join()


def test_the_real_lightbox_gives_up_a_job_at_its_timeout(binary: str, tmp_path: Path) -> None:
    """A 10000x10000 PNG cut twice is decoded whole: seconds of work, given up after half a second."""
    big_png(tmp_path / "big.png", 10000)
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(lightbox.JobTimeout, match=r"timed out after 0\.5 s"):
            box.crop(tmp_path / "big.png", crops=[((0, 0, 0.5, 0.5), tmp_path / "a.png"),
                                                  ((0.5, 0.5, 0.5, 0.5), tmp_path / "b.png")], timeout=0.5)
        assert not (tmp_path / "a.png").exists() and not (tmp_path / "b.png").exists()
        assert box.crop(tmp_path / "big.png", rect=(0, 0, 0.01, 0.01), output=tmp_path / "c.png")["status"] == "done"
    assert cli(binary, "crop", "big.png", "--rect", "0,0,0.01,0.01", "-o", "d.png", cwd=tmp_path).returncode == 0
