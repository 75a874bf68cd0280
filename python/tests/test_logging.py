"""Lightbox's warnings and errors go to the `lightbox` logger; nothing is echoed on stderr beside an exception."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import lightbox
from conftest import ROOT


def test_warnings_go_to_the_logger_not_to_stderr(
    binary: str, photos: List[str], tmp_path: Path, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG, logger="lightbox")
    with lightbox.Lightbox(binary, jobs=1) as box:
        answer = box.crop(photos[0], rect=(0.8, 0.8, 0.5, 0.5), output=tmp_path / "clipped.jpg")
        with pytest.raises(lightbox.JobError, match="gone.jpg: cannot open"):
            box.crop(tmp_path / "gone.jpg", rect=(0, 0, 1, 1), output=tmp_path / "gone-crop.jpg")
    assert answer["clipped"] is True
    # The record's level says it is a warning; neither `warning: ` nor Lightbox's `stdin:N: ` is repeated.
    warned = [r for r in caplog.records if r.levelno == logging.WARNING and r.name == "lightbox"]
    assert [r.getMessage() for r in warned] == ["rect partly outside the image; clipped to 0.8,0.8,0.2,0.2"]
    assert answer["warnings"] == ["rect partly outside the image; clipped to 0.8,0.8,0.2,0.2"]
    assert capfd.readouterr().err == ""


@pytest.mark.parametrize("configured", [False, True])
def test_an_application_sees_the_warnings_where_its_logging_sends_them(
    binary: str, photos: List[str], tmp_path: Path, configured: bool
) -> None:
    """The package's logger has a NullHandler (the logging HOWTO's advice for libraries): no last-resort echo."""
    script = "\n".join([
        "import logging, sys, lightbox",
        "if sys.argv[3] == 'yes': logging.basicConfig(format='%(name)s %(levelname)s %(message)s')",
        "with lightbox.Lightbox(sys.argv[1], jobs=1) as box:",
        "    box.crop(sys.argv[2], rect=(0.8, 0.8, 0.5, 0.5), output='clipped.jpg')",
        "    try:",
        "        box.crop('gone.jpg', rect=(0, 0, 1, 1), output='x.jpg')",
        "    except lightbox.JobError as error:",
        "        print(error)",
    ])
    ran = subprocess.run([sys.executable, "-c", script, binary, photos[0], "yes" if configured else "no"], cwd=tmp_path,
                         env=dict(os.environ, PYTHONPATH=str(ROOT / "python")), capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "gone.jpg: cannot open: No such file or directory\n"
    warning = "lightbox WARNING rect partly outside the image; clipped to 0.8,0.8,0.2,0.2\n"
    assert ran.stderr == (warning if configured else "")


def test_lightboxs_own_lines_are_logged_at_their_level_without_saying_it_again(
    fake: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="lightbox")
    said = "warning: 3 lines of standard error were dropped|Error: something went wrong|12 done, 0 failed"
    with lightbox.Lightbox(fake, jobs=1, env=dict(os.environ, FAKE_STDERR=said)) as box:
        assert box.crop("a.jpg", rect=(0, 0, 1, 1), output="a")["status"] == "done"
    records = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "lightbox"]
    assert records == [("WARNING", "3 lines of standard error were dropped"), ("ERROR", "something went wrong"),
                       ("INFO", "12 done, 0 failed")]


def test_errors_and_warnings_carry_no_stdin_line_prefix_at_any_level(fake: str) -> None:
    """Lightbox numbers the client's own lines (`stdin:7: `): the client takes it off, as lightbox.ray does."""
    with lightbox.Lightbox(fake, jobs=1) as box:
        with pytest.raises(lightbox.JobError) as bad:
            box.crop("bad.jpg", rect=(0, 0, 1, 1), output="b")
        warned = box.submit({"command": "crop", "input": "warn.jpg", "crops": [
            {"rect": [0.5, 0.5, 0.5, 0.5], "output": "w1"}, {"rect": [0, 0, 0, 1], "output": "w2"}]}).result()
    assert str(bad.value) == "bad.jpg: cannot crop b" == bad.value.answer["error"]
    crops = warned["crops"]
    assert crops[0]["warnings"] == ["rect partly outside the image; clipped to 0.5,0.5,0.5,0.5"]
    assert crops[1]["error"] == "crops[1].rect: width must be over 0" == warned["error"]


def garbled(tmp_path: Path) -> str:
    """The upright landscape photo with 20 KB in the middle of its scan overwritten by seeded garbage, its end kept."""
    data = bytearray((ROOT / "Fixtures" / "exif-orientation" / "Landscape_1.jpg").read_bytes())
    marker = data.find(b"\xff\xda")
    scan = marker + 2 + (data[marker + 2] << 8 | data[marker + 3])
    middle = (scan + len(data) - 2) // 2
    noise = random.Random(7)
    for index in range(middle - 10_000, middle + 10_000):
        data[index] = noise.randrange(256)
    path = tmp_path / "garbled.jpg"
    path.write_bytes(bytes(data))
    return str(path)


def test_a_crop_written_despite_decoder_warnings_carries_them(
    binary: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="lightbox")
    photo = garbled(tmp_path)
    with lightbox.Lightbox(binary, jobs=1) as box:
        single = box.crop(photo, rect=(0, 0, 1, 1), output=tmp_path / "whole.png")
        several = box.crop(photo, crops=[((0, 0, 0.5, 1), tmp_path / "l.png"), ((0.5, 0, 0.5, 1), tmp_path / "r.png")])
        with pytest.raises(lightbox.JobError, match=r"\.jpg: Corrupt JPEG data: premature end of data segment"):
            box.crop(photo, rect=(0, 0, 1, 1), output=tmp_path / "strict.png", fail_on="warning")
    assert single["status"] == "done" and (tmp_path / "whole.png").is_file()
    assert [w == "Corrupt JPEG data: premature end of data segment" for w in single.get("warnings", [])] == [True]
    assert [crop.get("warnings") for crop in several["crops"]] == [single["warnings"]] * 2
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name == "lightbox"]
    assert logged.count(single["warnings"][0]) == 1
    assert logged.count(f"{photo}: {single['warnings'][0]}") == 2
