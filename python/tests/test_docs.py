"""The package's example in docs/batch.md, run against the built binary."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List

from conftest import ROOT, cli


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
