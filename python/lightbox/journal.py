"""The outputs a folder's crops are known to have made whole: `--resume`'s journal rule, for many writers.

`lightbox crop --resume --report FILE` skips an output without opening it when its journal
recorded it `done` (or `skipped`) with the byte size it still has. A Ray pipeline has many
processes, on many nodes, writing into one `out_dir`: each keeps a journal file of its own in
the journal folder (`<out_dir>/.lightbox-journal/<host>-<pid>-<random>.jsonl`, one JSON line
per output, `{"output": "a/b.jpg", "bytes": 12345}` with the path relative to `out_dir`, so
nodes that mount it at different places agree) and reads everyone's. Lines are appended whole
(one write each) and a line not yet ended is read later, so readers never see half of one.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
import uuid
from typing import Dict, Iterable, Optional, Tuple

FOLDER = ".lightbox-journal"


class Journal:
    """One folder's journal, as this process reads and writes it (one per folder and process: `of`)."""

    def __init__(self, out_dir: str, folder: str) -> None:
        self.out_dir = out_dir
        self.folder = folder
        self._known: Dict[str, int] = {}  # output (relative to out_dir) -> bytes recorded
        self._read: Dict[str, Tuple[int, int]] = {}  # journal file -> (bytes read up to a line's end, its inode)
        self._own: Optional[str] = None
        self._loaded = False
        self._lock = threading.Lock()

    def load(self) -> None:
        """Reads the journal files once, at this process's first look; later, only what it records itself is added."""
        if not self._loaded:
            self.refresh()

    def refresh(self) -> None:
        """Reads what the journal files gained since the last look (one listing and a stat per file)."""
        self._loaded = True
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return
        with self._lock:
            for name in names:
                if not name.endswith(".jsonl") or name == self._own:
                    continue
                path = os.path.join(self.folder, name)
                try:
                    with open(path, "rb") as file:
                        status = os.fstat(file.fileno())
                        offset, inode = self._read.get(name, (0, status.st_ino))
                        if inode != status.st_ino or status.st_size < offset:
                            offset = 0  # replaced or cut: read it again
                        if status.st_size == offset:
                            continue
                        file.seek(offset)
                        data = file.read(status.st_size - offset)
                except OSError:
                    continue
                end = data.rfind(b"\n") + 1
                self._read[name] = (offset + end, status.st_ino)
                for line in data[:end].splitlines():
                    self._learn(line)

    def whole(self, output: str) -> bool:
        """Whether `output` (absolute, inside out_dir) was recorded with the size the regular file there still has."""
        size = self._known.get(self._relative(output))
        if size is None:
            return False
        try:
            status = os.lstat(output)
        except OSError:
            return False
        return stat.S_ISREG(status.st_mode) and status.st_size == size

    def record(self, outputs: Iterable[Tuple[str, int]]) -> None:
        """Appends each (absolute output, bytes) made or found whole to this process's own journal file."""
        lines = []
        for output, size in outputs:
            relative = self._relative(output)
            self._known[relative] = size
            lines.append(json.dumps({"output": relative, "bytes": size}, separators=(",", ":")) + "\n")
        if not lines:
            return
        with self._lock:
            if self._own is None:
                os.makedirs(self.folder, exist_ok=True)
                self._own = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}.jsonl"
            descriptor = os.open(os.path.join(self.folder, self._own), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(descriptor, "".join(lines).encode("utf-8"))
            finally:
                os.close(descriptor)

    def _learn(self, line: bytes) -> None:
        try:
            entry = json.loads(line)
            self._known[str(entry["output"])] = int(entry["bytes"])
        except (ValueError, KeyError, TypeError):
            pass  # not a line of ours: it proves nothing, so nothing is skipped for it

    def _relative(self, output: str) -> str:
        return os.path.relpath(output, self.out_dir)


_journals: Dict[Tuple[str, str], Journal] = {}
_journals_lock = threading.Lock()


def of(out_dir: str, folder: str) -> Journal:
    """This process's Journal of `folder` for the outputs in `out_dir` (every Crops of the process shares it)."""
    with _journals_lock:
        journal = _journals.get((out_dir, folder))
        if journal is None:
            journal = _journals[out_dir, folder] = Journal(out_dir, folder)
        return journal
