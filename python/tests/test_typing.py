"""`mypy --strict` on the package, on every Python example of the docs, and on the mistakes it must catch."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from conftest import ROOT

pytest.importorskip("mypy")

EXAMPLES = [ROOT / "docs" / "batch.md", ROOT / "docs" / "ray.md", ROOT / "python" / "README.md"]


def mypy(paths: List[Path], folder: Path) -> subprocess.CompletedProcess:
    """`mypy --strict` with the package importable; Ray and pandas ship no types, so only their imports are let through."""
    config = folder / "mypy.ini"
    config.write_text("[mypy]\nmypy_path = {}\n\n[mypy-ray.*]\nignore_missing_imports = True\n\n"
                      "[mypy-pandas.*]\nignore_missing_imports = True\n".format(ROOT / "python"))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", str(config),
                           *map(str, paths)], capture_output=True, text=True, cwd=folder)


def test_the_package_type_checks_strictly(tmp_path: Path) -> None:
    checked = mypy([ROOT / "python" / "lightbox"], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_python_example_of_the_docs_type_checks_strictly(tmp_path: Path) -> None:
    scripts = []
    for document in EXAMPLES:
        for n, block in enumerate(re.findall(r"```python\n(.*?)\n```", document.read_text(), re.S)):
            script = tmp_path / f"{document.stem}_{n}.py"
            script.write_text(block + "\n")
            scripts.append(script)
    assert len(scripts) >= 4
    for script in scripts:
        checked = mypy([script], tmp_path)
        assert checked.returncode == 0, f"{script.name}:\n{script.read_text()}\n{checked.stdout}{checked.stderr}"


def test_numpy_numbers_type_check(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    script = tmp_path / "with_numpy.py"
    script.write_text(
        "import numpy as np\nimport lightbox\n\n"
        "with lightbox.Lightbox(jobs=np.int64(2)) as box:\n"
        "    answer = box.crop('a.jpg', rect=(np.float32(0.1), np.float64(0.2), 0.5, np.int64(1)), output='b.jpg',\n"
        "                      angle=np.float32(15), quality=np.int64(90), timeout=np.float32(2.5))\n"
        "    width: int = answer['pixels']['width']\n"
        "    data: bytes = box.crop_to_bytes(b'...', (0, 0, 1, 1), '.png')\n")
    checked = mypy([script], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize(
    "call, message",
    [
        ("box.crop('a.jpg', rect=(0, 0, 1, 1), output='b.jpg', qualty=90)", r'Unexpected keyword argument "qualty"'),
        ("box.crop('a.jpg', rect=(0, 0, 1), output='b.jpg')", r'Argument "rect" to "crop" of "Lightbox" has incompatible'),
        ("box.crop('a.jpg', rect=(0, 0, 1, 1), output='b.jpg', oriented='sideways')", r'Argument "oriented"'),
        ("box.crop('a.jpg', rect=(0, 0, 1, 1), output='b.jpg', fail_on='never')", r'Argument "fail_on"'),
        ("box.view('a.jpg', 'b.png', zoom='2')", r'Argument "zoom" to "view"'),
        ("box.board('b.png', photos=['a.jpg'])", r'Missing named argument "board"'),
        ("box.board('b.png', photos=['a.jpg'], board='420x300')", r'Argument "board" to "board"'),
        ("box.crop('a.jpg', rect=(0, 0, 1, 1), output='b.jpg')['pixel']", r'TypedDict "CropAnswer" has no key "pixel"'),
    ],
    ids=["misspelt-key", "three-number-rect", "bad-oriented", "bad-fail-on", "text-zoom", "board-without-size", "board-size-as-text",
         "misspelt-answer-key"],
)
def test_mypy_catches_the_mistakes(tmp_path: Path, call: str, message: str) -> None:
    script = tmp_path / "mistake.py"
    script.write_text(f"import lightbox\n\nwith lightbox.Lightbox() as box:\n    {call}\n")
    checked = mypy([script], tmp_path)
    assert checked.returncode == 1, checked.stdout
    assert re.search(message, checked.stdout), checked.stdout
