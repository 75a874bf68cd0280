"""The package's examples, in docs/batch.md and its README, run against the built binary."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List

from conftest import FIXTURES, ROOT, cli


def test_the_batch_docs_package_example_crops_and_reports_failures(
    binary: str, photos: List[str], tmp_path: Path
) -> None:
    blocks = re.findall(r"```python\n(.*?)\n```", (ROOT / "docs" / "batch.md").read_text(), re.S)
    script = tmp_path / "crops.py"
    script.write_text(next(block for block in blocks if "import lightbox" in block) + "\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    arguments = [photos[0], photos[1], str(tmp_path / "gone.jpg")]
    finished = subprocess.run([sys.executable, str(script), binary, *arguments], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout == "middle: 300 x 300\n4 done, 2 failed\n"
    assert finished.stderr.count("gone.jpg: cannot open: No such file or directory") == 2
    assert sorted(path.name for path in (tmp_path / "halves").iterdir()) == [
        "0-0.jpg", "0-1.jpg", "1-0.jpg", "1-1.jpg", "middle.jpg"]
    made = cli(binary, "crop", photos[1], "--rect", "0.5,0,0.5,1", "-o", "check.jpg", cwd=tmp_path)
    assert made.returncode == 0
    assert (tmp_path / "check.jpg").read_bytes() == (tmp_path / "halves" / "1-1.jpg").read_bytes()


def test_the_readme_example_runs_and_runs_again(binary: str, tmp_path: Path) -> None:
    (block,) = re.findall(r"```python\n(.*?)\n```", (ROOT / "python" / "README.md").read_text(), re.S)
    (tmp_path / "example.py").write_text(block + "\n")
    shutil.copyfile(FIXTURES / "photo.jpg", tmp_path / "photo.jpg")
    # As written, it runs the lightbox found on PATH.
    path = f"{Path(binary).parent}{os.pathsep}{os.environ['PATH']}"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), PATH=path)
    said = []
    for _ in range(2):
        ran = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, env=env, capture_output=True, text=True,
                             timeout=120)
        assert ran.returncode == 0, ran.stderr
        said.append(ran.stdout)
        made = (tmp_path / "crop.jpg").read_bytes()
    assert said == ["{'left': 60, 'top': 80, 'width': 300, 'height': 240}\n", "crop.jpg was made before\n"]
    assert cli(binary, "crop", "photo.jpg", "--rect", "0.1,0.2,0.5,0.6", "-o", "cli.jpg", cwd=tmp_path).returncode == 0
    assert made == (tmp_path / "cli.jpg").read_bytes()
