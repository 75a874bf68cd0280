"""Photos given as bytes and images asked for as bytes: files in a private folder while Lightbox works.

`lightbox batch` reads and writes files (its standard streams carry the jobs), so bytes go
through a folder of the client's own (mode 0700, removed after the job, whatever happens).
Lightbox tells formats by their content, so the photo's file needs no extension.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, Optional, Tuple, Union

from . import fields
from .answers import Answer
from .fields import Path

Input = Union[Path, bytes, bytearray, memoryview]
"""A photo: a path, or its encoded bytes (a JPEG's, a PNG's...)."""

BYTES_LABEL = "<bytes>"


class Scratch:
    """Private folders under `temp_dir` (default: the system's temp folder)."""

    def __init__(self, temp_dir: Optional[Path]) -> None:
        self._parent = None if temp_dir is None else os.path.abspath(fields.path(temp_dir))

    @contextmanager
    def input(self, photo: Input) -> Iterator[Tuple[str, str]]:
        """Yields the path to send for `photo` and how answers should name it (a path names itself)."""
        if not isinstance(photo, (bytes, bytearray, memoryview)):
            name = fields.path(photo)
            yield name, name
            return
        with self._folder() as folder:
            path = os.path.join(folder, "input")
            with open(path, "wb") as file:
                file.write(photo)
            yield path, BYTES_LABEL

    @contextmanager
    def output(self, format: str) -> Iterator[Tuple[str, str, Callable[[], bytes]]]:
        """Yields an output path with `format`'s extension and save options, the file it names, and its reader."""
        if not format or "/" in format:
            raise ValueError(f"format is an extension with optional save options, such as '.jpg[Q=90]', not {format!r}")
        suffix = format if format.startswith(".") else "." + format
        with self._folder() as folder:
            output = os.path.join(folder, "output" + suffix)
            written = os.path.join(folder, "output" + suffix.split("[", 1)[0])

            def read() -> bytes:
                with open(written, "rb") as file:
                    return file.read()

            yield output, written, read

    @staticmethod
    def relabel(answer: Answer, sent: str, label: str) -> Answer:
        """The answer with the scratch file's path replaced by `label` (nothing to do for a path)."""
        if sent == label:
            return answer
        renamed: Answer = _replaced(answer, sent, label)
        return renamed

    @contextmanager
    def _folder(self) -> Iterator[str]:
        if self._parent is not None:
            os.makedirs(self._parent, mode=0o700, exist_ok=True)
        folder = tempfile.mkdtemp(prefix="lightbox-", dir=self._parent)
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def _replaced(value: Any, sent: str, label: str) -> Any:
    """`value` with every text's `sent` read as `label`, through dicts and lists."""
    if isinstance(value, str):
        return value.replace(sent, label)
    if isinstance(value, list):
        return [_replaced(item, sent, label) for item in value]
    if isinstance(value, dict):
        result: Dict[str, Any] = {key: _replaced(item, sent, label) for key, item in value.items()}
        return result
    return value
