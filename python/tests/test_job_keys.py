"""Each call's own keys (quality, force, max_pixels, fail_on, timeout, skip_existing) reach the job, within the process's policy.

The protocol double follows the server contract and logs what it receives; the real binary
is held to the same keys and policy.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import List

import pytest

import lightbox
from conftest import cli


def logged(log: Path) -> List[dict]:
    """The jobs the double received."""
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_every_method_sends_the_jobs_own_keys_under_their_json_names(fake: str, tmp_path: Path) -> None:
    log = tmp_path / "jobs.jsonl"
    env = dict(os.environ, FAKE_LOG=str(log))
    limits = dict(quality=90, force=False, max_pixels=1000000, fail_on="error", timeout=30, skip_existing=True)
    with lightbox.Lightbox(fake, jobs=1, env=env, options=["--timeout", "60"]) as box:
        box.crop("a.jpg", rect=(0, 0, 1, 1), output="a.png", units="fraction", square=True, angle=15, oriented="upright",
                 mask=False, lossless="no", **limits)  # type: ignore[arg-type]
        box.view("a.jpg", "v.png", screen=(390, 844), safe_area=(47, 34), max_zoom=3, double_tap=True,
                 reduce_motion=True, **limits)  # type: ignore[arg-type]
        box.board("b.png", photos=["a.jpg", {"path": "b.jpg", "caption": "B"}], board=(420, 300), card_width=120,
                  offsets={"a.jpg": (10, 0)}, **limits)  # type: ignore[arg-type]
        box.crop("a.jpg", rect=(0, 0, 1, 1), output="plain.png")
    crop, view, board, plain = logged(log)
    expected = {"quality": 90, "force": False, "maxPixels": 1000000, "failOn": "error", "timeout": 30, "skipExisting": True}
    for job in (crop, view, board):
        assert {key: job[key] for key in expected} == expected
    assert {key: crop[key] for key in ("units", "square", "angle", "oriented", "mask", "lossless")} == {
        "units": "fraction", "square": True, "angle": 15, "oriented": "upright", "mask": False, "lossless": "no"}
    assert view["screen"] == [390, 844] and view["safeArea"] == [47, 34] and view["maxZoom"] == 3
    assert view["doubleTap"] is True and view["reduceMotion"] is True
    assert board["photos"] == [{"path": "a.jpg"}, {"path": "b.jpg", "caption": "B"}]
    assert board["board"] == [420, 300] and board["cardWidth"] == 120 and board["offsets"] == {"a.jpg": [10, 0]}
    # Keys left out are not sent: the process's options hold.
    assert sorted(plain) == ["command", "id", "input", "output", "rect"]


def test_a_key_that_widens_the_policy_fails_that_job_only(fake: str, tmp_path: Path) -> None:
    with lightbox.Lightbox(fake, jobs=1, options=["--timeout", "60"]) as box:
        with pytest.raises(lightbox.JobError, match="force: replacing outputs is not allowed here"):
            box.crop("a.jpg", rect=(0, 0, 1, 1), output="a.png", force=True)
        with pytest.raises(lightbox.JobError, match="timeout: 120: over the process's --timeout 60"):
            box.crop("a.jpg", rect=(0, 0, 1, 1), output="a.png", timeout=120)
        assert box.crop("a.jpg", rect=(0, 0, 1, 1), output="a.png", timeout=30)["status"] == "done"


def test_skip_existing_answers_skipped_and_warnings_come_in_the_answer(fake: str, tmp_path: Path) -> None:
    env = dict(os.environ, FAKE_WRITE="1")
    with lightbox.Lightbox(fake, jobs=1, env=env, cwd=tmp_path) as box:
        first = box.crop("warn.jpg", rect=(0, 0, 1, 1), output="a.png", skip_existing=True)
        again = box.crop("warn.jpg", rect=(0, 0, 1, 1), output="a.png", skip_existing=True)
        with pytest.raises(lightbox.JobError, match="output exists"):
            box.crop("warn.jpg", rect=(0, 0, 1, 1), output="a.png")
    assert first["status"] == "done" and first["warnings"] == ["rect partly outside the image; clipped to 0,0,1,1"]
    assert again["status"] == "skipped"


def test_the_real_lightbox_takes_each_calls_keys(binary: str, photos: List[str], tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=1, options=["--force", "--timeout", "60"]) as box:
        box.crop(photos[0], rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "q40.jpg", quality=40)
        replaced = box.crop(photos[0], rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "q40.jpg", quality=40)
        with pytest.raises(lightbox.JobError, match="output exists"):
            box.crop(photos[0], rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "q40.jpg", force=False)
        skipped = box.crop(photos[0], rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "q40.jpg", skip_existing=True)
        with pytest.raises(lightbox.JobError, match="pixels"):
            box.crop(photos[0], rect=(0, 0, 1, 1), output=tmp_path / "big.jpg", max_pixels=1000)
        clipped = box.crop(photos[0], rect=(0.8, 0.8, 0.5, 0.5), output=tmp_path / "clipped.jpg")
        shot = box.view(photos[0], tmp_path / "v.jpg", screen=(200, 300), quality=40, fail_on="error", timeout=30)
    assert replaced["status"] == "done" and skipped["status"] == "skipped" and shot["status"] == "done"
    assert [w for w in clipped["warnings"] if w.endswith("rect partly outside the image; clipped to 0.8,0.8,0.2,0.2")]
    made = cli(binary, "crop", photos[0], "--rect", "0.1,0.2,0.5,0.6", "--quality", "40", "-o", "cli.jpg", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "q40.jpg").read_bytes() == (tmp_path / "cli.jpg").read_bytes()
