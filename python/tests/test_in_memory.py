"""Bytes in and bytes out, as pyvips' `new_from_buffer`/`write_to_buffer` and Pillow's BytesIO users expect."""

from __future__ import annotations

from pathlib import Path
from typing import List

import pytest

import lightbox
from conftest import cli


def test_a_photo_given_as_bytes_crops_as_its_file_does(binary: str, photos: List[str], tmp_path: Path) -> None:
    data = Path(photos[2]).read_bytes()  # EXIF orientation 6: the bytes keep it
    with lightbox.Lightbox(binary, jobs=1, temp_dir=tmp_path / "scratch") as box:
        answer = box.crop(data, rect=(0.1, 0.2, 0.5, 0.6), output=tmp_path / "from-bytes.jpg")
        many = box.crop(bytearray(data), crops=[((0, 0, 0.5, 0.5), tmp_path / "m0.jpg"), ((0.5, 0.5, 0.5, 0.5), tmp_path / "m1.jpg")])
    assert answer["status"] == "done" and answer["input"] == "<bytes>"
    assert [crop["status"] for crop in many["crops"]] == ["done", "done"]
    assert cli(binary, "crop", photos[2], "--rect", "0.1,0.2,0.5,0.6", "-o", "cli.jpg", cwd=tmp_path).returncode == 0
    assert (tmp_path / "from-bytes.jpg").read_bytes() == (tmp_path / "cli.jpg").read_bytes()
    assert list((tmp_path / "scratch").iterdir()) == []


@pytest.mark.parametrize("form", ["path", "bytes"])
@pytest.mark.parametrize("format, option", [(".png", []), (".jpg[Q=90]", ["--quality", "90"]), ("webp", [])])
def test_a_crop_comes_back_as_bytes(binary: str, photos: List[str], tmp_path: Path, form: str, format: str,
                                    option: List[str]) -> None:
    source = photos[3] if form == "path" else Path(photos[3]).read_bytes()
    with lightbox.Lightbox(binary, jobs=1, temp_dir=tmp_path / "scratch") as box:
        data = box.crop_to_bytes(source, (0.25, 0.25, 0.5, 0.5), format, angle=10)
    extension = format.split("[")[0].lstrip(".")
    made = cli(binary, "crop", photos[3], "--rect", "0.25,0.25,0.5,0.5", "--angle", "10", *option, "-o", f"cli.{extension}",
               cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert data == (tmp_path / f"cli.{extension}").read_bytes()
    assert list((tmp_path / "scratch").iterdir()) == []


def test_bytes_that_are_no_image_fail_naming_the_bytes_and_leave_nothing(binary: str, tmp_path: Path) -> None:
    with lightbox.Lightbox(binary, jobs=1, temp_dir=tmp_path / "scratch") as box:
        with pytest.raises(lightbox.JobError, match=r"^<bytes>: is not an image \(it starts with text\)$") as raised:
            box.crop_to_bytes(b"not an image", (0, 0, 1, 1), ".png")
        with pytest.raises(ValueError, match="format is an extension"):
            box.crop_to_bytes(b"", (0, 0, 1, 1), "out/x.png")
    assert str(tmp_path / "scratch") not in str(raised.value.answer)
    assert list((tmp_path / "scratch").iterdir()) == []
