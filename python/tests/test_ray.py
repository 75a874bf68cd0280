"""lightbox.ray.Crops: its batches on their own, and in a real Ray Data pipeline (the `ray` engine of make test).

Crops' grouping (one job per photo, answers back to their rows) is checked against the
protocol double, which logs the jobs it receives; the pipeline against the real binary needs
multi-rect crop jobs and is switched on with them (conftest.MULTI_RECT_LANDED).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from conftest import ROOT, cli, needs_multi_rect

pandas = pytest.importorskip("pandas")
from lightbox.ray import Crops  # noqa: E402  (after the skip when pandas is missing)


def boxes(photos: List[str], per_photo: int) -> "pandas.DataFrame":
    """`per_photo` rows per photo, the photo's rows together, as a manifest lists them."""
    rows = []
    for photo in photos:
        stem = Path(photo).stem
        for n in range(per_photo):
            rows.append({"input": photo, "x": 0.05 * (n % 4), "y": 0.1 * (n // 4 % 4), "width": 0.4, "height": 0.5,
                         "output": f"{stem}-{n}.jpg"})
    return pandas.DataFrame(rows)


def write_manifest(frame: "pandas.DataFrame", path: Path) -> None:
    """The rows as a crop manifest (CSV)."""
    frame.to_csv(path, index=False)


def example(tmp_path: Path) -> Path:
    """docs/ray.md's example script, written to the test's folder."""
    text = (ROOT / "docs" / "ray.md").read_text()
    code = re.search(r"```python\n(.*?)\n```", text, re.S)
    assert code
    script = tmp_path / "crops_with_ray.py"
    script.write_text(code.group(1) + "\n")
    return script


def test_each_photo_is_one_job_and_each_answer_returns_to_its_row(fake: str, tmp_path: Path) -> None:
    log = tmp_path / "jobs.jsonl"
    os.environ["FAKE_LOG"] = str(log)
    try:
        crops = Crops(str(tmp_path / "out"), binary=fake, jobs=2)
        frame = boxes(["a.jpg", "b.jpg", "bad.jpg", "c.jpg"], 3)
        frame.loc[10, "width"] = 0.0
        frame.loc[4, "x"] = float("nan")
        frame["width"] = frame["width"].astype(object)
        frame.loc[5, "width"] = "wide"
        result = crops(frame)
        crops.close()
    finally:
        del os.environ["FAKE_LOG"]
    jobs = [json.loads(line) for line in log.read_text().splitlines()]
    assert [job["input"] for job in jobs] == ["a.jpg", "b.jpg", "bad.jpg", "c.jpg"]
    # c.jpg's row without width fails alone in its place; its other rows come from the same job.
    assert [len(job["crops"]) for job in jobs] == [3, 1, 3, 3]
    assert jobs[0]["crops"][2] == {"rect": [0.1, 0.0, 0.4, 0.5], "output": str(tmp_path / "out" / "a-2.jpg")}
    assert list(result.columns) == list(Crops.columns) + list(Crops.added)
    assert list(result["status"]) == ["done"] * 3 + ["done", "failed", "failed"] + ["failed"] * 3 + ["done", "failed", "done"]
    assert result.loc[10, "error"] == "stdin:4: crops[1].rect: width must be over 0"
    assert result.loc[2, "pixel_left"] == 100 and result.loc[2, "pixel_width"] == 400
    assert pandas.isna(result.loc[4, "pixel_left"]) and result.loc[4, "error"] == "b.jpg: rect: x is not a finite number"
    assert result.loc[5, "error"] == "b.jpg: rect: width 'wide' is not a number"
    assert result.loc[6, "error"] == "stdin:3: bad.jpg: cannot crop " + str(tmp_path / "out" / "bad-0.jpg")
    assert all(error is None for error in result["error"].iloc[[0, 1, 2, 3, 9, 11]])


def test_a_batch_without_the_columns_is_refused(fake: str, tmp_path: Path) -> None:
    crops = Crops(str(tmp_path), binary=fake)
    with pytest.raises(ValueError, match="missing: width, height"):
        crops(pandas.DataFrame([{"input": "a.jpg", "x": 0, "y": 0, "output": "o.jpg"}]))
    crops.close()


def run_example(tmp_path: Path, binary: str) -> subprocess.CompletedProcess:
    """Runs docs/ray.md's example on crops.csv in `tmp_path`, with HOME there (Ray writes ~/.ray)."""
    env = dict(os.environ, HOME=str(tmp_path), RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")
    return subprocess.run([sys.executable, str(example(tmp_path)), "crops.csv", "out", binary], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)


def test_the_example_runs_a_ray_data_pipeline_of_actors(fake: str, tmp_path: Path) -> None:
    """The pipeline's plumbing for real (Ray, actors, batches) with the protocol double answering."""
    pytest.importorskip("ray")
    frame = boxes([f"p{n}.jpg" for n in range(6)], 16)
    frame.loc[20, "input"] = "bad.jpg"
    write_manifest(frame, tmp_path / "crops.csv")
    finished = run_example(tmp_path, fake)
    assert finished.returncode == 1, finished.stderr[-3000:]
    assert "95 done, 1 failed" in finished.stdout
    assert f"bad.jpg: cannot crop {tmp_path / 'out' / 'p1-4.jpg'}" in finished.stderr


@needs_multi_rect
def test_the_example_crops_every_row_as_the_command_line_does(binary: str, photos: List[str], tmp_path: Path) -> None:
    pytest.importorskip("ray")
    frame = boxes(photos, 16)
    frame.loc[len(frame)] = {"input": str(tmp_path / "gone.jpg"), "x": 0, "y": 0, "width": 1, "height": 1,
                             "output": "gone.jpg"}
    write_manifest(frame, tmp_path / "crops.csv")
    finished = run_example(tmp_path, binary)
    assert finished.returncode == 1, finished.stderr[-3000:]
    assert f"{len(frame) - 1} done, 1 failed" in finished.stdout
    assert "gone.jpg" in finished.stderr and "No such file or directory" in finished.stderr
    whole = cli(binary, "crop", "--manifest", "crops.csv", "--out-dir", "cli", "-q", cwd=tmp_path)
    assert whole.returncode == 1
    for name in frame["output"][:-1]:
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
