"""lightbox.ray.Crops: its batches on their own, and in a real Ray Data pipeline (the `ray` engine of make test).

Crops' grouping and columns (one job per photo and limits, every manifest column sent, answers
back to their rows) are checked against the protocol double, which logs the jobs it receives;
the pixels against the real binary, byte for byte with `lightbox crop --manifest`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

from conftest import ROOT, cli

pandas = pytest.importorskip("pandas")
from lightbox.ray import Crops, _file  # noqa: E402  (after the skip when pandas is missing)


def boxes(photos: List[str], per_photo: int) -> "pandas.DataFrame":
    """`per_photo` rows per photo, the photo's rows together, as a manifest lists them."""
    rows = []
    for photo in photos:
        stem = Path(photo).stem
        for n in range(per_photo):
            rows.append({"input": photo, "x": 0.05 * (n % 4), "y": 0.1 * (n // 4 % 4), "width": 0.4, "height": 0.5,
                         "output": f"{stem}-{n}.jpg"})
    return pandas.DataFrame(rows)


def logged(log: Path) -> List[Dict[str, Any]]:
    """The jobs the double received."""
    return [json.loads(line) for line in log.read_text().splitlines()]


def with_double(fake: str, tmp_path: Path, frame: "pandas.DataFrame", **kwargs: Any) -> "pandas.DataFrame":
    """Runs one batch through Crops over the protocol double, logging its jobs to jobs.jsonl."""
    os.environ["FAKE_LOG"] = str(tmp_path / "jobs.jsonl")
    try:
        crops = Crops(str(tmp_path / "out"), binary=fake, jobs=2, cwd=str(tmp_path), **kwargs)
        result = crops(frame)
        crops.close()
    finally:
        del os.environ["FAKE_LOG"]
    return result


def test_each_photo_is_one_job_and_each_answer_returns_to_its_row(fake: str, tmp_path: Path) -> None:
    frame = boxes(["a.jpg", "b.jpg", "bad.jpg", "c.jpg"], 3)
    frame.loc[10, "width"] = 0.0
    frame.loc[4, "x"] = float("nan")
    frame["width"] = frame["width"].astype(object)
    frame.loc[5, "width"] = "wide"
    result = with_double(fake, tmp_path, frame)
    jobs = logged(tmp_path / "jobs.jsonl")
    out = tmp_path / "out"
    assert [job["input"] for job in jobs] == [str(tmp_path / name) for name in ("a.jpg", "b.jpg", "bad.jpg", "c.jpg")]
    assert all(job["skipExisting"] is True for job in jobs)
    # c.jpg's row without width fails alone in its place; its other rows come from the same job.
    assert [len(job["crops"]) for job in jobs] == [3, 1, 3, 3]
    assert jobs[0]["crops"][2] == {"rect": [0.1, 0.0, 0.4, 0.5], "output": str(out / "a-2.jpg")}
    assert list(result.columns) == list(frame.columns) + list(Crops.added)
    assert list(result["status"]) == ["done"] * 3 + ["done", "failed", "failed"] + ["failed"] * 3 + ["done", "failed", "done"]
    # Errors name the photo and the row's output as the dataset gives them, never the process's stdin:N.
    assert result.loc[10, "error"] == "c.jpg (output c-1.jpg): rect: width must be over 0"
    assert result.loc[4, "error"] == "b.jpg (output b-1.jpg): x: missing"
    assert result.loc[5, "error"] == "b.jpg (output b-2.jpg): width: 'wide' is not a number"
    assert result.loc[6, "error"] == f"bad.jpg (output bad-0.jpg): cannot crop {out / 'bad-0.jpg'}"
    assert not any("stdin" in error for error in result["error"] if error)
    assert all(error is None for error in result["error"].iloc[[0, 1, 2, 3, 9, 11]])
    assert result.loc[2, "pixel_left"] == 100 and result.loc[2, "pixel_width"] == 400
    assert pandas.isna(result.loc[4, "pixel_left"])
    assert all(warnings == [] for warnings in result["warnings"])


def test_every_manifest_column_is_sent_and_an_empty_cell_is_the_default(fake: str, tmp_path: Path) -> None:
    frame = pandas.DataFrame([
        {"Input": "a.jpg", "X": 0.1, "y": 0.1, "width": 0.5, "height": 0.5, "output": "a1.png", "units": None,
         "square": 1, "angle": 15, "oriented": "upright", "mask": "yes", "lossless": None, "pad": 0.1, "quality": 90.0,
         "force": None, "max_pixels": 1000000.0, "Fail-On": "error", "timeout": 30},
        {"Input": "a.jpg", "X": 10, "y": 20, "width": 300, "height": 200, "output": "a2.jpg", "units": "px",
         "square": 0, "angle": None, "oriented": None, "mask": None, "lossless": True, "pad": None, "quality": 90.0,
         "force": None, "max_pixels": 1000000.0, "Fail-On": "error", "timeout": 30},
        {"Input": "a.jpg", "X": 0.2, "y": 0.2, "width": 0.5, "height": 0.5, "output": "a3.jpg", "units": None,
         "square": None, "angle": None, "oriented": None, "mask": None, "lossless": None, "pad": None, "quality": 40.0,
         "force": None, "max_pixels": None, "Fail-On": None, "timeout": None},
    ])
    result = with_double(fake, tmp_path, frame)
    assert list(result["status"]) == ["done"] * 3
    first, second = logged(tmp_path / "jobs.jsonl")
    # Rows of one photo with the same limits share a job (one decode); other limits, another job.
    assert len(first["crops"]) == 2 and len(second["crops"]) == 1
    assert {key: first[key] for key in ("quality", "maxPixels", "failOn", "timeout")} == {
        "quality": 90, "maxPixels": 1000000, "failOn": "error", "timeout": 30}
    assert first["crops"][0] == {"rect": [0.1, 0.1, 0.5, 0.5], "output": str(tmp_path / "out" / "a1.png"), "square": "1",
                                 "angle": 15, "oriented": "upright", "mask": "yes", "pad": 0.1}
    assert first["crops"][1] == {"rect": [10.0, 20.0, 300.0, 200.0], "output": str(tmp_path / "out" / "a2.jpg"),
                                 "units": "px", "square": "0", "lossless": True}
    assert second["quality"] == 40 and not {"maxPixels", "failOn", "timeout", "force"} & set(second)


def test_a_column_crops_does_not_know_is_refused_naming_the_nearest(fake: str, tmp_path: Path) -> None:
    crops = Crops(str(tmp_path / "out"), binary=fake, cwd=str(tmp_path))
    frame = boxes(["a.jpg"], 1)
    with pytest.raises(ValueError, match=r"unknown column 'angel'; did you mean 'angle'\?"):
        crops(frame.assign(angel=15))
    with pytest.raises(ValueError, match=r"unknown column 'caption' \(known: input, output, rect, x, y"):
        crops(frame.assign(caption="x"))
    with pytest.raises(ValueError, match="missing: width, height"):
        crops(pandas.DataFrame([{"input": "a.jpg", "x": 0, "y": 0, "output": "o.jpg"}]))
    with pytest.raises(ValueError, match="the batch already has the column 'status'"):
        crops(frame.assign(status="new"))
    with pytest.raises(TypeError, match="batch_format='pandas'"):
        crops({"input": ["a.jpg"]})
    crops.close()


def test_inputs_are_taken_from_base_dir_and_outputs_stay_in_out_dir(fake: str, tmp_path: Path) -> None:
    frame = boxes(["a.jpg", "/abs/b.jpg"], 1)
    frame.loc[len(frame)] = {"input": "c.jpg", "x": 0, "y": 0, "width": 1, "height": 1, "output": "../escape.jpg"}
    frame.loc[len(frame)] = {"input": "c.jpg", "x": 0, "y": 0, "width": 1, "height": 1, "output": "/etc/x.jpg"}
    frame.loc[len(frame)] = {"input": "c.jpg", "x": 0, "y": 0, "width": 1, "height": 1, "output": "sub/../in.jpg"}
    result = with_double(fake, tmp_path, frame, base_dir="photos")
    jobs = logged(tmp_path / "jobs.jsonl")
    assert [job["input"] for job in jobs] == [str(tmp_path / "photos" / "a.jpg"), "/abs/b.jpg", str(tmp_path / "photos" / "c.jpg")]
    assert jobs[2]["crops"] == [{"rect": [0.0, 0.0, 1.0, 1.0], "output": str(tmp_path / "out" / "in.jpg")}]
    out = tmp_path / "out"
    assert list(result["error"][2:4]) == [f"c.jpg (output ../escape.jpg): output '../escape.jpg' leaves out_dir {out}",
                                          f"c.jpg (output /etc/x.jpg): output '/etc/x.jpg' leaves out_dir {out}"]


def test_a_rerun_skips_what_is_whole_and_warnings_come_back_in_their_column(fake: str, tmp_path: Path) -> None:
    frame = boxes(["a.jpg", "warn.jpg"], 2)
    os.environ["FAKE_WRITE"] = "1"
    try:
        first = with_double(fake, tmp_path, frame)
        again = with_double(fake, tmp_path, frame)
        forced = with_double(fake, tmp_path, frame, skip_existing=False)
    finally:
        del os.environ["FAKE_WRITE"]
    assert list(first["status"]) == ["done"] * 4 and list(again["status"]) == ["skipped"] * 4
    assert all(error is None for error in again["error"]) and again["pixel_left"].isna().all()
    assert list(forced["error"])[0] == f"a.jpg (output a-0.jpg): output exists (use --force to replace it)"
    assert list(first["warnings"]) == [[], [], ["rect partly outside the image; clipped to 0.0,0.0,0.4,0.5"],
                                       ["rect partly outside the image; clipped to 0.05,0.0,0.4,0.5"]]


def test_the_journal_skips_what_it_knows_whole_without_a_job_and_sends_the_rest(fake: str, tmp_path: Path) -> None:
    frame = boxes(["a.jpg", "b.jpg"], 2)
    frame = pandas.concat([frame, boxes(["x.jpg", "y.jpg"], 1).assign(output=["x.jpg", "y.jpg"])], ignore_index=True)
    journal = tmp_path / "out" / ".lightbox-journal"
    journal.mkdir(parents=True)
    # Another process's journal, read in whole lines only: y.jpg's line is not ended yet.
    (journal / "other-1-00000000.jsonl").write_text('{"output":"x.jpg","bytes":4}\n{"output":"y.jpg","byt')
    (tmp_path / "out" / "x.jpg").write_bytes(b"fake")
    (tmp_path / "out" / "y.jpg").write_bytes(b"fake")
    os.environ["FAKE_WRITE"] = "1"
    try:
        first = with_double(fake, tmp_path, frame)
        sent_first = logged(tmp_path / "jobs.jsonl")
        [own] = [path for path in journal.iterdir() if not path.name.startswith("other-")]
        assert re.fullmatch(r".+-\d+-[0-9a-f]{8}\.jsonl", own.name), own.name
        lines = [json.loads(line) for line in own.read_text().splitlines()]
        assert lines[0] == {"output": "a-0.jpg", "bytes": 4}
        assert {line["output"] for line in lines} == {"a-0.jpg", "a-1.jpg", "b-0.jpg", "b-1.jpg", "y.jpg"}
        (tmp_path / "out" / "b-1.jpg").write_bytes(b"longer")  # changed since its line: sent again
        (tmp_path / "jobs.jsonl").unlink()
        again = with_double(fake, tmp_path, frame)
        sent_again = logged(tmp_path / "jobs.jsonl")
    finally:
        del os.environ["FAKE_WRITE"]
    assert list(first["status"]) == ["done"] * 4 + ["skipped"] * 2
    assert list(again["status"]) == ["skipped"] * 6
    # x.jpg never reached Lightbox; y.jpg (its line not ended) and then b-1.jpg did, and its own check skipped them.
    assert [job["input"] for job in sent_first] == [str(tmp_path / name) for name in ("a.jpg", "b.jpg", "y.jpg")]
    assert [[crop["output"] for crop in job["crops"]] for job in sent_again] == [[str(tmp_path / "out" / "b-1.jpg")]]
    # The journal names the file an output makes: save options are not part of it, as Lightbox reads them.
    assert [_file(name) for name in ("/o/c.webp[Q=90]", "/o/c.jpg", "/o/[x].jpg")] == ["/o/c.webp", "/o/c.jpg", "/o/[x].jpg"]


def test_known_splits_a_table_in_the_driver_and_no_journal_or_skip_existing_false_keep_none(
    fake: str, tmp_path: Path
) -> None:
    frame = boxes(["a.jpg", "b.jpg"], 2)
    frame["width"] = frame["width"].astype(object)
    frame.loc[1, "width"] = "wide"
    crops = Crops(str(tmp_path / "out"), binary=fake, cwd=str(tmp_path))
    skipped, rest = crops.known(frame)
    assert len(skipped) == 0 and list(rest.index) == [0, 1, 2, 3]
    os.environ["FAKE_WRITE"] = "1"
    try:
        crops(frame)
        crops.close()
        skipped, rest = crops.known(frame)
        assert list(skipped.index) == [0, 2, 3] and list(rest.index) == [1]  # the refused row fails in the pipeline
        assert list(skipped["status"]) == ["skipped"] * 3 and list(skipped.columns) == list(frame.columns) + list(Crops.added)
        unjournaled = Crops(str(tmp_path / "other"), binary=fake, cwd=str(tmp_path), journal=False)
        unjournaled(frame)
        unjournaled.close()
        assert not (tmp_path / "other" / ".lightbox-journal").exists()
        assert len(unjournaled.known(frame)[0]) == 0
        forced = Crops(str(tmp_path / "out"), binary=fake, cwd=str(tmp_path), skip_existing=False)
        assert len(forced.known(frame)[0]) == 0
    finally:
        del os.environ["FAKE_WRITE"]


def test_crops_made_in_one_process_share_its_lightbox_and_a_refused_option_fails_the_first_batch(
    fake: str, tmp_path: Path
) -> None:
    first = Crops(str(tmp_path / "out"), binary=fake, jobs=1, cwd=str(tmp_path))
    second = Crops(str(tmp_path / "out"), binary=fake, jobs=1, cwd=str(tmp_path))
    first(boxes(["a.jpg"], 1))
    second(boxes(["b.jpg"], 1))
    assert first._lightbox() is second._lightbox()
    first.close()
    refused = Crops(str(tmp_path / "out"), binary="/nonexistent/lightbox", cwd=str(tmp_path))
    with pytest.raises(Exception, match="cannot start /nonexistent/lightbox"):
        refused(boxes(["a.jpg"], 1))


def every_column(folder: Path, photos: List[str]) -> "pandas.DataFrame":
    """A manifest that uses every column `lightbox crop --manifest` takes, written as crops.csv and read back as Ray reads it."""
    names = [Path(photo).name for photo in photos]
    rows = [
        {"input": names[0], "x": 0.1, "y": 0.2, "width": 0.5, "height": 0.6, "output": "plain.jpg"},
        {"input": names[0], "x": 0.2, "y": 0.3, "width": 0.5, "height": 0.2, "angle": 15, "output": "turned.jpg"},
        {"input": names[1], "x": 0.2, "y": 0.3, "width": 0.5, "height": 0.2, "angle": 30, "oriented": "upright",
         "output": "upright.png"},
        {"input": names[1], "x": 40, "y": 30, "width": 200, "height": 100, "units": "px", "output": "pixels.jpg"},
        {"input": names[2], "x": 0.1, "y": 0.1, "width": 0.5, "height": 0.3, "square": "yes", "output": "square.jpg"},
        {"input": names[2], "x": 0.3, "y": 0.3, "width": 0.4, "height": 0.4, "angle": 20, "mask": 1,
         "output": "masked.png"},
        {"input": names[3], "x": 0.1, "y": 0.1, "width": 0.4, "height": 0.4, "lossless": "true", "output": "lossless.jpg"},
        {"input": names[3], "x": 0.5, "y": 0.5, "width": 0.4, "height": 0.4, "oriented": "bounds", "angle": 10,
         "square": 0, "mask": 0, "lossless": "no", "output": "bounds.jpg"},
    ]
    frame = pandas.DataFrame(rows, columns=["input", "x", "y", "width", "height", "units", "square", "angle", "oriented",
                                            "mask", "lossless", "output"])
    frame = frame.astype({"mask": "Int64", "angle": "Int64"})  # written 1 and 0, as a manifest's author writes them
    frame.to_csv(folder / "crops.csv", index=False)
    return pandas.read_csv(folder / "crops.csv")


def test_every_column_cuts_what_lightbox_crop_manifest_cuts(binary: str, photos: List[str], tmp_path: Path) -> None:
    frame = every_column(tmp_path, photos)
    crops = Crops("ray", binary=binary, jobs=2, cwd=str(tmp_path), base_dir=".", skip_existing=False)
    result = crops(frame)
    crops.close()
    assert list(result["status"]) == ["done"] * len(frame), list(result["error"])
    whole = cli(binary, "crop", "--manifest", "crops.csv", "--out-dir", "cli", "--json", "-q", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    records = {Path(json.loads(line)["output"]).name: json.loads(line) for line in whole.stdout.splitlines()}
    for position, name in enumerate(frame["output"]):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
        pixels = records[name]["pixels"]
        assert [result.loc[position, f"pixel_{key}"] for key in ("left", "top", "width", "height")] == [
            pixels["left"], pixels["top"], pixels["width"], pixels["height"]], name


def test_the_real_errors_name_the_photo_and_the_row(binary: str, photos: List[str], tmp_path: Path) -> None:
    head = every_column(tmp_path, photos).iloc[:2].to_dict("records")
    frame = pandas.DataFrame(head + [
        {"input": "gone.jpg", "x": 0, "y": 0, "width": 1, "height": 1, "output": "gone.jpg"},
        {"input": Path(photos[0]).name, "x": 2, "y": 2, "width": 0.5, "height": 0.5, "output": "outside.jpg"},
        {"input": Path(photos[0]).name, "x": 0, "y": 0, "width": 1, "height": 1, "oriented": "sideways",
         "output": "sideways.jpg"},
    ])
    crops = Crops("ray", binary=binary, jobs=1, cwd=str(tmp_path), skip_existing=False)
    result = crops(frame)
    crops.close()
    assert list(result["status"]) == ["done", "done", "failed", "failed", "failed"]
    assert list(result["error"][2:]) == [
        "gone.jpg (output gone.jpg): cannot open: No such file or directory",
        "p0.jpg (output outside.jpg): rect: the rect lies outside the image (it must overlap 0...1)",
        "p0.jpg (output sideways.jpg): oriented: 'sideways': use one of bounds, upright",
    ]


def example(tmp_path: Path) -> Path:
    """docs/ray.md's example script, written to the test's folder."""
    code = re.search(r"```python\n(.*?)\n```", (ROOT / "docs" / "ray.md").read_text(), re.S)
    assert code
    script = tmp_path / "crops_with_ray.py"
    script.write_text(code.group(1) + "\n")
    return script


SAID = re.compile(r"(\d+) done, (\d+) skipped, (\d+) failed in [0-9.]+ s \(Ray's start-up [0-9.]+ s\)\n$")


def counts(finished: subprocess.CompletedProcess) -> List[int]:
    """The script's last line: done, skipped and failed rows."""
    said = SAID.search(finished.stdout)
    assert said, finished.stdout + finished.stderr[-3000:]
    return [int(number) for number in said.groups()]


def run_example(tmp_path: Path, binary: str, ray_tmp: Path, env: Dict[str, str] = {}, jobs: str = "2"
                ) -> subprocess.CompletedProcess:
    """Runs docs/ray.md's example on crops.csv in `tmp_path` (HOME there: Ray writes ~/.ray; Ray's files in `ray_tmp`)."""
    merged = {**os.environ, "HOME": str(tmp_path), "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0", "LIGHTBOX_BIN": binary,
              "RAY_TMPDIR": str(ray_tmp), **env}
    return subprocess.run([sys.executable, str(example(tmp_path)), "crops.csv", "out", jobs], cwd=tmp_path,
                          env=merged, capture_output=True, text=True, timeout=300)


@pytest.fixture
def ray_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short folder for Ray's files (its sockets' paths must stay under 108 bytes), under pytest's own."""
    return tmp_path_factory.mktemp("ray")


def sessions(ray_tmp: Path) -> int:
    """How many Ray sessions have kept their files in `ray_tmp`."""
    return len(list(ray_tmp.glob("session_2*")))


def test_the_example_runs_a_ray_data_pipeline_and_a_rerun_is_free(fake: str, tmp_path: Path, ray_tmp: Path) -> None:
    """The pipeline's plumbing for real (Ray, tasks, batches, the journal, a re-run) with the protocol double answering."""
    pytest.importorskip("ray")
    frame = boxes([f"p{n}.jpg" for n in range(6)], 16)
    frame.loc[20, "input"] = "bad.jpg"
    frame.to_csv(tmp_path / "crops.csv", index=False)
    finished = run_example(tmp_path, fake, ray_tmp, {"FAKE_WRITE": "1", "FAKE_LOG": str(tmp_path / "jobs.jsonl")})
    assert finished.returncode == 1, finished.stderr[-3000:]
    assert counts(finished) == [95, 0, 1]
    assert "bad.jpg (output p1-4.jpg): cannot crop " in finished.stderr
    assert len(logged(tmp_path / "jobs.jsonl")) == 7  # one job per photo, and bad.jpg's
    assert sessions(ray_tmp) == 1  # Ray kept its files where it was told, not in /tmp/ray
    # The re-run: the journal skips the 95 in the driver; only the failed row goes through Ray again.
    again = run_example(tmp_path, fake, ray_tmp, {"FAKE_WRITE": "1", "FAKE_LOG": str(tmp_path / "again.jsonl")})
    assert counts(again) == [0, 95, 1]
    assert [job["input"] for job in logged(tmp_path / "again.jsonl")] == [str(tmp_path / "bad.jpg")]


def test_crops_runs_in_actors_too(fake: str, tmp_path: Path, ray_tmp: Path) -> None:
    """The class with fn_constructor_kwargs and an actor pool: each actor's process keeps its lightbox for its batches."""
    pytest.importorskip("ray")
    boxes([f"p{n}.jpg" for n in range(4)], 16).to_csv(tmp_path / "crops.csv", index=False)
    script = tmp_path / "actors.py"
    script.write_text(f"""
import os, ray
from lightbox.ray import Crops
ray.init(num_cpus=2, object_store_memory=100_000_000, include_dashboard=False, _temp_dir={str(ray_tmp)!r})
result = ray.data.read_csv("crops.csv").map_batches(
    Crops, fn_constructor_kwargs={{"out_dir": "out", "cwd": os.getcwd(), "binary": {fake!r}, "jobs": 1}},
    batch_format="pandas", batch_size=16, compute=ray.data.ActorPoolStrategy(size=2), num_cpus=0.5).to_pandas()
print(sorted(result["status"].value_counts().items()))
""")
    env = {**os.environ, "HOME": str(tmp_path), "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0", "FAKE_WRITE": "1",
           "FAKE_LOG": str(tmp_path / "jobs.jsonl")}
    finished = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=300)
    assert finished.stdout.strip().endswith("[('done', 64)]"), finished.stdout + finished.stderr[-3000:]
    assert len(logged(tmp_path / "jobs.jsonl")) == 4
    assert len(list((tmp_path / "out" / ".lightbox-journal").iterdir())) in (1, 2)  # one file per actor that cropped


def test_the_example_crops_every_row_as_the_command_line_does_and_a_done_rerun_needs_no_ray(
    binary: str, photos: List[str], tmp_path: Path, ray_tmp: Path
) -> None:
    pytest.importorskip("ray")
    frame = boxes([Path(photo).name for photo in photos], 16)
    frame.loc[len(frame)] = {"input": "gone.jpg", "x": 0, "y": 0, "width": 1, "height": 1, "output": "gone.jpg"}
    frame.to_csv(tmp_path / "crops.csv", index=False)
    finished = run_example(tmp_path, binary, ray_tmp)
    assert finished.returncode == 1, finished.stderr[-3000:]
    assert counts(finished) == [len(frame) - 1, 0, 1]
    assert "gone.jpg (output gone.jpg): cannot open: No such file or directory" in finished.stderr
    whole = cli(binary, "crop", "--manifest", "crops.csv", "--out-dir", "cli", "-q", cwd=tmp_path)
    assert whole.returncode == 1
    for name in frame["output"][:-1]:
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    before = {name: (tmp_path / "out" / name).stat().st_mtime_ns for name in frame["output"][:-1]}
    frame.iloc[:-1].to_csv(tmp_path / "crops.csv", index=False)
    started = sessions(ray_tmp)
    again = run_example(tmp_path, binary, ray_tmp)
    assert again.returncode == 0, again.stderr[-3000:]
    assert counts(again) == [0, len(frame) - 1, 0]
    assert sessions(ray_tmp) == started  # every output known whole: no Ray was started
    assert {name: (tmp_path / "out" / name).stat().st_mtime_ns for name in frame["output"][:-1]} == before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ray_processes(marker: str) -> List[int]:
    """The processes whose command line names `marker` (this test's Ray folder): the nodes this test started."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker in (entry / "cmdline").read_bytes().decode("utf-8", "replace"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def stop_nodes(marker: str) -> None:
    """`ray stop` would stop every Ray on the machine: this stops this test's nodes alone, by their processes."""
    deadline = time.monotonic() + 30
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in ray_processes(marker):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        while ray_processes(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not ray_processes(marker):
            return
        deadline = time.monotonic() + 10
    assert not ray_processes(marker), "this test's Ray nodes did not stop"


def test_two_ray_nodes_each_write_their_share(binary: str, photos: List[str], tmp_path: Path, ray_tmp: Path) -> None:
    """A head and a second node on this machine, one CPU each, each with its own LIGHTBOX_BIN: both crop into one out_dir."""
    pytest.importorskip("ray")
    ray = str(Path(sys.executable).with_name("ray"))
    names = []
    for copy in range(2):  # 8 photos, 128 rows: two blocks of 64, one task each, one CPU each: one on each node
        for photo in photos:
            name = f"{Path(photo).stem}-{copy}.jpg"
            shutil.copyfile(photo, tmp_path / name)
            names.append(name)
    frame = boxes(names, 16)
    frame.to_csv(tmp_path / "crops.csv", index=False)
    # Each node's binary: a wrapper that logs the worker (its parent) that ran it, then is the real one.
    for node in ("head", "second"):
        wrapper = tmp_path / node / "lightbox"
        wrapper.parent.mkdir()
        wrapper.write_text(f'#!/bin/sh\necho "$PPID" >> {tmp_path / node}.workers\nexec {binary} "$@"\n')
        wrapper.chmod(0o755)
    port = free_port()
    env = dict(os.environ, HOME=str(tmp_path), RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")
    common = ["--num-cpus=1", "--object-store-memory=100000000", "--disable-usage-stats"]
    try:
        started = subprocess.run([ray, "start", "--head", f"--port={port}", f"--temp-dir={ray_tmp}",
                                  "--include-dashboard=false", *common], env=dict(env, LIGHTBOX_BIN=str(tmp_path / "head" / "lightbox")),
                                 capture_output=True, text=True, timeout=120)
        assert started.returncode == 0, started.stderr[-3000:]
        joined = subprocess.run([ray, "start", f"--address=127.0.0.1:{port}", '--resources={"second": 1}', *common],
                                env=dict(env, LIGHTBOX_BIN=str(tmp_path / "second" / "lightbox")),
                                capture_output=True, text=True, timeout=120)
        assert joined.returncode == 0, joined.stderr[-3000:]
        nodes = subprocess.run([sys.executable, "-c", f"""
import time, ray
ray.init(address="127.0.0.1:{port}", logging_level="ERROR")
deadline = time.monotonic() + 60
while time.monotonic() < deadline and sum(node["Alive"] for node in ray.nodes()) < 2:
    time.sleep(0.2)
print(sorted(int(node["Resources"].get("second", 0)) for node in ray.nodes() if node["Alive"]))
"""], env=env, capture_output=True, text=True, timeout=120)
        assert nodes.stdout.strip() == "[0, 1]", nodes.stdout + nodes.stderr[-3000:]
        # The driver's LIGHTBOX_BIN is no node's: each node's workers take their raylet's.
        finished = run_example(tmp_path, "/nonexistent/lightbox", ray_tmp, {"RAY_ADDRESS": f"127.0.0.1:{port}"}, jobs="1")
        assert finished.returncode == 0, finished.stderr[-3000:]
        assert counts(finished) == [128, 0, 0]
        # Which node made which output: each worker's journal file is named <host>-<its pid>-<random>.jsonl.
        workers = {node: {int(pid) for pid in (tmp_path / f"{node}.workers").read_text().split()}
                   for node in ("head", "second") if (tmp_path / f"{node}.workers").exists()}
        made: Dict[str, List[str]] = {"head": [], "second": []}
        for journal in (tmp_path / "out" / ".lightbox-journal").iterdir():
            pid = int(journal.name.rsplit("-", 2)[1])
            [node] = [node for node, pids in workers.items() if pid in pids]
            made[node] += [json.loads(line)["output"] for line in journal.read_text().splitlines()]
        assert len(made["head"]) >= 16 and len(made["second"]) >= 16, {node: len(out) for node, out in made.items()}
        assert sorted(made["head"] + made["second"]) == sorted(frame["output"])
        whole = cli(binary, "crop", "--manifest", "crops.csv", "--out-dir", "cli", "-q", cwd=tmp_path)
        assert whole.returncode == 0, whole.stderr
        for name in frame["output"]:
            assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
        again = run_example(tmp_path, "/nonexistent/lightbox", ray_tmp, {"RAY_ADDRESS": f"127.0.0.1:{port}"}, jobs="1")
        assert counts(again) == [0, 128, 0]
    finally:
        stop_nodes(str(ray_tmp))
