"""lightbox.Lightbox against the built binary: every answer is checked against the command line's bytes."""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import List

import pytest

import lightbox
from conftest import ROOT, cli


def same_bytes(first: Path, second: Path) -> bool:
    """Whether two files exist and hold the same bytes."""
    return first.is_file() and second.is_file() and first.read_bytes() == second.read_bytes()


def test_a_crop_returns_its_answer_and_writes_what_the_command_line_writes(
    binary: str, photos: List[str], tmp_path: Path
) -> None:
    with lightbox.Lightbox(binary, jobs=1) as box:
        answer = box.crop(photos[0], rect=(0.1, 0.2, 0.5, 0.6), output=str(tmp_path / "client.jpg"))
    assert answer["status"] == "done"
    assert answer["pixels"] == {"left": 60, "top": 80, "width": 300, "height": 240}
    assert "id" not in answer
    assert cli(binary, "crop", photos[0], "--rect", "0.1,0.2,0.5,0.6", "-o", "cli.jpg", cwd=tmp_path).returncode == 0
    assert same_bytes(tmp_path / "client.jpg", tmp_path / "cli.jpg")


def test_paths_may_be_path_objects_and_the_documented_fields_are_taken(
    binary: str, photos: List[str], tmp_path: Path
) -> None:
    with lightbox.Lightbox(binary, jobs=1) as box:
        answer = box.crop(Path(photos[0]), rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "path.png", square=True)
        turned = box.crop(photos[0], rect=(0.2, 0.2, 0.4, 0.3), output=tmp_path / "up.png", angle=30, oriented="upright")
    assert answer["status"] == "done" and (tmp_path / "path.png").is_file()
    assert answer["pixels"]["width"] == answer["pixels"]["height"]
    assert turned["status"] == "done" and (tmp_path / "up.png").is_file()
    with pytest.raises(TypeError, match="object cannot be sent as JSON"):
        with lightbox.Lightbox(binary, jobs=1) as box:
            box.crop(photos[0], rect=(0, 0, 1, 1), output=str(tmp_path / "x.png"), units=object())


def test_a_failed_job_raises_job_error_with_the_jobs_error(binary: str, tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(lightbox.JobError) as raised:
            box.crop(str(tmp_path / "gone.jpg"), rect=(0, 0, 1, 1), output=str(tmp_path / "x.jpg"))
        # The process goes on after a failed job.
        with pytest.raises(lightbox.JobError, match="rect"):
            box.crop(str(tmp_path / "gone.jpg"), rect="0,0,2", output=str(tmp_path / "y.jpg"))
    error = raised.value
    assert str(error) == error.answer["error"]
    assert "gone.jpg" in str(error) and "No such file or directory" in str(error)
    assert error.answer["status"] == "failed"
    assert not (tmp_path / "x.jpg").exists()


def test_view_and_board_write_what_the_command_line_writes(binary: str, photos: List[str], tmp_path: Path) -> None:
    photos_on_board = [{"id": f"p{i}", "path": path, "caption": f"photo {i}"} for i, path in enumerate(photos)]
    layout = {"board": {"width": 420, "height": 300}, "card_width": 120, "photos": photos_on_board}
    with lightbox.Lightbox(binary, jobs=2) as box:
        shot = box.view(inputs=photos[:2], output=str(tmp_path / "client-view.png"), page=1, screen=(390, 844),
                        zoom=2.5, offset=(60, 0), chrome=True)
        board = box.board(str(tmp_path / "client-board.png"), **layout)
    assert shot["status"] == "done" and board["status"] == "done"
    view = cli(binary, "view", *photos[:2], "--page", "1", "--screen", "390x844", "--zoom", "2.5", "--offset", "60,0",
               "--chrome", "-o", "cli-view.png", cwd=tmp_path)
    assert view.returncode == 0, view.stderr
    assert same_bytes(tmp_path / "client-view.png", tmp_path / "cli-view.png")
    file_layout = dict(layout, cardWidth=layout["card_width"])
    del file_layout["card_width"]
    (tmp_path / "layout.json").write_text(json.dumps(file_layout))
    drawn = cli(binary, "board", "--layout", "layout.json", "-o", "cli-board.png", cwd=tmp_path)
    assert drawn.returncode == 0, drawn.stderr
    assert same_bytes(tmp_path / "client-board.png", tmp_path / "cli-board.png")


def test_board_takes_paths_and_a_size_as_docs_batch_md_shows(binary: str, photos: List[str], tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=2) as box:
        board = box.board(tmp_path / "client.png", photos=[photos[0], Path(photos[1]), {"path": photos[2], "caption": "third"}],
                          board=(420, 300), card_width=120, offsets={photos[0]: (40, -20)}, stacking=[photos[0]])
        with pytest.raises(lightbox.JobError, match="gone.jpg: cannot open") as left_out:
            box.board(tmp_path / "partial.png", photos=[photos[0], tmp_path / "gone.jpg"],
                      board={"width": 420, "height": 300})
    assert board["status"] == "done" and board["cards"] == 3 and (board["width"], board["height"]) == (420, 300)
    assert left_out.value.answer["failed"][0]["input"].endswith("gone.jpg") and (tmp_path / "partial.png").is_file()
    layout = {"board": [420, 300], "cardWidth": 120, "offsets": {photos[0]: [40, -20]}, "stacking": [photos[0]],
              "photos": [{"path": photos[0]}, {"path": photos[1]}, {"path": photos[2], "caption": "third"}]}
    (tmp_path / "layout.json").write_text(json.dumps(layout))
    drawn = cli(binary, "board", "--layout", "layout.json", "-o", "cli.png", cwd=tmp_path)
    assert drawn.returncode == 0, drawn.stderr
    assert same_bytes(tmp_path / "client.png", tmp_path / "cli.png")


def test_run_streams_every_answer_with_its_id_many_in_flight(binary: str, photos: List[str], tmp_path: Path) -> None:
    jobs = [
        {"id": f"job-{n}", "command": "crop", "input": photos[n % len(photos)], "rect": [0.05 * (n % 5), 0.1, 0.5, 0.5],
         "output": str(tmp_path / "run" / f"{n}.jpg")}
        for n in range(24)
    ]
    jobs.insert(7, {"id": "bad", "command": "crop", "input": str(tmp_path / "gone.jpg"), "rect": [0, 0, 1, 1],
                    "output": str(tmp_path / "run" / "gone.jpg")})
    with lightbox.Lightbox(binary, jobs=2) as box:
        answers = list(box.run(iter(jobs), window=4))
    assert sorted(answer["id"] for answer in answers) == sorted(job["id"] for job in jobs)
    by_id = {answer["id"]: answer for answer in answers}
    assert by_id["bad"]["status"] == "failed" and "gone.jpg" in by_id["bad"]["error"]
    assert all(by_id[job["id"]]["status"] == "done" for job in jobs if job["id"] != "bad")
    assert len(list((tmp_path / "run").iterdir())) == 24


def test_threads_share_one_process(binary: str, photos: List[str], tmp_path: Path) -> None:
    pixels = {}

    def crop(n: int) -> None:
        answer = box.crop(photos[n % 4], rect=(0, 0, 0.5, 0.5), output=str(tmp_path / f"t{n}.jpg"))
        pixels[n] = answer["pixels"]["width"]

    with lightbox.Lightbox(binary, jobs=2) as box:
        threads = [threading.Thread(target=crop, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(pixels) == list(range(8))
    assert all(width > 0 for width in pixels.values())


def test_answers_out_of_order_reach_their_jobs(fake: str, tmp_path: Path) -> None:
    env = dict(os.environ, FAKE_HOLD="3")
    with lightbox.Lightbox(fake, jobs=3, env=env) as box:
        answers = list(box.run([{"id": n, "command": "crop", "input": f"{n}.jpg", "output": f"o{n}"} for n in range(6)]))
    assert [answer["id"] for answer in answers] == [2, 1, 0, 5, 4, 3]
    assert all(answer["output"] == f"o{answer['id']}" for answer in answers)


def test_a_bad_option_fails_at_construction_naming_it(binary: str, capfd: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    with pytest.raises(lightbox.LightboxError, match=r"status 64.*--quality '500'"):
        lightbox.Lightbox(binary, jobs=1, options=["--quality", "500"])
    with pytest.raises(lightbox.LightboxError, match=r"status 64.*--jobs"):
        lightbox.Lightbox(binary, jobs=0)
    assert time.monotonic() - started < 10
    # Not echoed beside the exception: Lightbox's words are in the exception (and the logger).
    assert capfd.readouterr().err == ""
    with pytest.raises(TypeError, match="list of lightbox batch arguments"):
        lightbox.Lightbox(binary, options="--quality 90")  # type: ignore[arg-type]
    # The client sends as many jobs at a time as Lightbox runs: it gives --jobs itself.
    for jobs in (["--jobs", "4"], ["--jobs=4"], ["-j", "4"]):
        with pytest.raises(ValueError, match="give jobs=N, not --jobs in options"):
            lightbox.Lightbox(binary, options=jobs)


def test_no_such_binary_is_a_lightbox_error(tmp_path: Path) -> None:
    with pytest.raises(lightbox.LightboxError, match="cannot start"):
        lightbox.Lightbox(str(tmp_path / "no-lightbox"))


def test_numbers_json_cannot_carry_are_refused_before_sending(binary: str, photos: List[str], tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(ValueError):
            box.crop(photos[0], rect=(float("nan"), 0, 1, 1), output=str(tmp_path / "nan.jpg"))
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=str(tmp_path / "after.jpg"))["status"] == "done"


def test_an_exception_in_the_with_block_stops_the_process(binary: str) -> None:
    with pytest.raises(RuntimeError):
        with lightbox.Lightbox(binary, jobs=1) as box:
            pid = box.pid
            raise RuntimeError("the caller's own error")
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_multi_rect_crop_writes_each_output_from_one_job(binary: str, photos: List[str], tmp_path: Path) -> None:
    rects = [(0.0, 0.0, 0.5, 0.5), (0.5, 0.5, 0.5, 0.5), (0.1, 0.2, 0.3, 0.4)]
    with lightbox.Lightbox(binary, jobs=1) as box:
        answer = box.crop(photos[2], crops=[(rect, str(tmp_path / f"m{n}.jpg")) for n, rect in enumerate(rects)])
    assert answer["status"] == "done" and len(answer["crops"]) == 3
    for n, rect in enumerate(rects):
        text = ",".join(str(value) for value in rect)
        assert cli(binary, "crop", photos[2], "--rect", text, "-o", f"c{n}.jpg", cwd=tmp_path).returncode == 0
        assert same_bytes(tmp_path / f"m{n}.jpg", tmp_path / f"c{n}.jpg")
        assert answer["crops"][n]["status"] == "done" and answer["crops"][n]["output"].endswith(f"m{n}.jpg")


def test_a_multi_rect_crop_that_fails_names_each_output(binary: str, photos: List[str], tmp_path: Path) -> None:
    gone = str(tmp_path / "gone.jpg")
    crops = [((0, 0, 0.5, 0.5), str(tmp_path / "a.jpg")), ((0.5, 0.5, 0.5, 0.5), str(tmp_path / "b.jpg"))]
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(lightbox.JobError) as missing:
            box.crop(gone, crops=crops)
        # A rect refused before any decoding fails alone, naming the rect; the other crop is done.
        with pytest.raises(lightbox.JobError, match=r"crops\[1\]\.rect: the rect lies outside the image") as refused:
            box.crop(photos[0], crops=[((0, 0, 0.5, 0.5), str(tmp_path / "c.jpg")), ((2, 2, 0.5, 0.5), str(tmp_path / "d.jpg"))])
    assert [crop["status"] for crop in refused.value.answer["crops"]] == ["done", "failed"]
    assert (tmp_path / "c.jpg").exists() and not (tmp_path / "d.jpg").exists()
    each = missing.value.answer["crops"]
    assert [crop["status"] for crop in each] == ["failed", "failed"]
    assert [crop["output"] for crop in each] == [path for _, path in crops]
    assert str(missing.value) == each[0]["error"] and "No such file or directory" in str(missing.value)
    assert not any((tmp_path / name).exists() for name in ("a.jpg", "b.jpg"))


def test_the_package_has_no_dependencies_and_is_typed() -> None:
    text = (ROOT / "python" / "pyproject.toml").read_text()
    assert "dependencies = []" in text and 'requires-python = ">=3.9"' in text
    assert (ROOT / "python" / "lightbox" / "py.typed").is_file()
    for source in (ROOT / "python" / "lightbox").glob("*.py"):
        ast.parse(source.read_text(), filename=str(source), feature_version=(3, 9))


def test_the_wheel_ships_every_module_and_py_typed(tmp_path: Path) -> None:
    source = tmp_path / "source"  # setuptools builds in the source folder: a copy, not the repo
    shutil.copytree(ROOT / "python", source, ignore=shutil.ignore_patterns("tests", "__pycache__", "*.egg-info", "build"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                            str(tmp_path), str(source)], capture_output=True, text=True, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    # The distribution is ours, lightbox-render (PyPI's "lightbox" is an unrelated 2008 package);
    # it still imports as lightbox.
    (wheel,) = tmp_path.glob("lightbox_render-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
    assert "\nName: lightbox-render\n" in zipfile.ZipFile(wheel).read(metadata).decode()
    modules = {f"lightbox/{source.name}" for source in (ROOT / "python" / "lightbox").glob("*.py")}
    assert "lightbox/py.typed" in names and modules <= names, sorted(names)
