"""numpy's numbers go wherever numbers go, and give the bytes plain Python numbers give; the package never imports numpy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import lightbox
from conftest import ROOT, cli

np = pytest.importorskip("numpy")


def test_numpy_scalars_and_arrays_crop_as_python_numbers_do(binary: str, photos: List[str], tmp_path: Path) -> None:
    rect = (np.float32(0.125), np.float64(0.2), np.float32(0.5), np.float16(0.5))  # float32's 0.1 is not 0.1
    with lightbox.Lightbox(binary, jobs=np.int64(2)) as box:
        one = box.crop(photos[1], rect=rect, output=tmp_path / "np.png", angle=np.int64(15), square=np.bool_(False),
                       oriented="upright")
        plain = box.crop(photos[1], rect=(0.125, 0.2, 0.5, 0.5), output=tmp_path / "plain.png", angle=15, oriented="upright")
        many = box.crop(photos[2], crops=[(np.array([0.0, 0.0, 0.5, 0.5], dtype=np.float32), tmp_path / "a.jpg"),
                                          {"rect": np.array([[0.5, 0.5], [0.5, 0.5]]), "output": tmp_path / "b.jpg",
                                           "angle": np.float32(30)}])
        answers = list(box.run([{"id": np.int64(7), "command": "crop", "input": photos[0],
                                 "rect": np.array([0.1, 0.1, 0.4, 0.4]), "output": str(tmp_path / "run.jpg")}]))
        shot = box.view(photos[0], tmp_path / "view.png", screen=(np.int32(390), np.int32(844)), zoom=np.float32(2.5),
                        offset=np.array([60, 0]), page=np.int64(0), scale=np.float64(1))
    assert one["pixels"] == plain["pixels"] and one["outputSize"] == plain["outputSize"]
    assert (tmp_path / "np.png").read_bytes() == (tmp_path / "plain.png").read_bytes()
    assert many["status"] == "done" and [c["status"] for c in many["crops"]] == ["done", "done"]
    assert answers[0]["status"] == "done" and answers[0]["id"] == 7
    assert shot["zoom"] == 2.5 and shot["offset"] == {"x": 60, "y": 0}
    made = cli(binary, "view", photos[0], "--screen", "390x844", "--zoom", "2.5", "--offset", "60,0", "-o", "cli.png",
               cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "view.png").read_bytes() == (tmp_path / "cli.png").read_bytes()


def test_a_numpy_nan_is_refused_before_sending(binary: str, photos: List[str], tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=1) as box:
        with pytest.raises(ValueError, match="NaN"):
            box.crop(photos[0], rect=(np.float32("nan"), 0, 1, 1), output=tmp_path / "nan.jpg")
        with pytest.raises(ValueError, match="four|4 numbers|got 3"):
            box.crop(photos[0], rect=np.array([0, 0, 1]), output=tmp_path / "three.jpg")  # type: ignore[arg-type]
        assert box.crop(photos[0], rect=(0, 0, 1, 1), output=tmp_path / "after.jpg")["status"] == "done"


def test_the_package_never_imports_numpy() -> None:
    code = "import sys, lightbox, lightbox.ray; assert 'numpy' not in sys.modules, 'numpy imported'"
    ran = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "python", capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
