"""A `lightbox batch` that dies (killed, crashed) fails the jobs it was running; the next job starts a new one."""

from __future__ import annotations

import logging
import os
import signal
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

import lightbox
from conftest import big_png, wait_for


def wait_exited(pid: int) -> None:
    """Waits until process `pid`, a child of this one, has exited, every thread of it (without reaping it)."""
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    except ChildProcessError:  # reaped already
        pass


def crop(name: str) -> Dict[str, Any]:
    """A job for the protocol double."""
    return {"command": "crop", "input": name, "output": f"out-{name}"}


def warnings(caplog: pytest.LogCaptureFixture) -> List[str]:
    """The client's warnings, as logged."""
    return [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]


def test_a_killed_lightbox_fails_its_running_job_and_the_next_call_starts_a_new_one(
    binary: str, photos: List[str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    big = big_png(tmp_path / "big.png", 5000)
    with lightbox.Lightbox(binary, jobs=1) as box:
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=tmp_path / "first.jpg")["status"] == "done"
        first = box.pid
        running = box.submit({"command": "crop", "input": str(big), "rect": [0.5, 0.5, 0.5, 0.5],
                              "output": str(tmp_path / "big-crop.png")})
        wait_for(running.running)
        time.sleep(0.1)  # Lightbox has it; its worker would write the crop half a second later
        os.kill(first, signal.SIGKILL)
        with pytest.raises(lightbox.LightboxError, match="exited with status -9"):
            running.result(timeout=10)
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=tmp_path / "second.jpg")["status"] == "done"
        second = box.pid
        assert second != first
        # Killed between two calls, its end not yet seen by the client: the job goes to a new process all the same.
        os.kill(second, signal.SIGKILL)
        wait_exited(second)
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=tmp_path / "third.jpg")["status"] == "done"
        assert box.pid not in (first, second)
    assert box.close() == 0
    said = warnings(caplog)
    assert [text.split(":")[0] for text in said if text.startswith("started lightbox batch again")] == [
        f"started lightbox batch again (pid {second})", f"started lightbox batch again (pid {box.pid})"]
    assert f"lightbox batch ended unasked (pid {first}), failing the 1 job(s) it was running" in said[0]
    assert not (tmp_path / "big-crop.png").exists()
    assert all((tmp_path / name).is_file() for name in ("first.jpg", "second.jpg", "third.jpg"))


def test_the_jobs_sent_fail_when_the_process_ends_and_a_new_one_takes_the_next(
    fake: str, caplog: pytest.LogCaptureFixture
) -> None:
    env = dict(os.environ, FAKE_DIE_AFTER="2", FAKE_HOLD="5")
    box = lightbox.Lightbox(fake, jobs=2, env=env)
    sent = [box.submit(crop("a.jpg")), box.submit(crop("b.jpg"))]
    for future in sent:
        with pytest.raises(lightbox.LightboxError, match="exited with status 70: fake: giving up"):
            future.result(timeout=10)
    third = box.submit(crop("c.jpg"))
    assert box.close() == 0
    assert third.result()["status"] == "done"
    assert any(text.startswith("started lightbox batch again") for text in warnings(caplog))
    with pytest.raises(lightbox.LightboxError, match=r"^the client is closed \(close\(\) was called\)"):
        box.submit(crop("d.jpg"))


def test_a_process_started_again_that_dies_before_answering_closes_the_client(fake: str) -> None:
    env = dict(os.environ, FAKE_DIE_AFTER="1")
    box = lightbox.Lightbox(fake, jobs=1, env=env)
    for name in ("a.jpg", "b.jpg"):  # the first process, then the one started again, die at their first job
        with pytest.raises(lightbox.LightboxError, match="exited with status 70: fake: giving up"):
            box.submit(crop(name)).result(timeout=10)
    closed = "^the client is closed: lightbox batch, started again, ended before answering a job"
    with pytest.raises(lightbox.LightboxError, match=closed):
        box.submit(crop("c.jpg")).result(timeout=10)
    with pytest.raises(lightbox.LightboxError, match=closed):
        box.submit(crop("d.jpg"))
    assert box.close() == 70
