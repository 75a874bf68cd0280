"""One `lightbox batch` process: its pipes, the threads that read its answers and its stderr, its last words.

The client starts one, and another if it dies; each hands its answer lines, and then its end,
to the client's callbacks. What it writes on stderr goes to the `lightbox` logger.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import subprocess
import threading
from collections import deque
from typing import Callable, Deque, Dict, Iterable, List, Optional

from .errors import LightboxError

log = logging.getLogger("lightbox")

# A stderr line's own level: `warning: ...`, `error: ...` (`Error: ...` from the option parser).
LEVEL = re.compile(r"^(warning|error): ", re.IGNORECASE)


class Server:
    """A running `lightbox batch` (the command is `arguments`), in a session of its own.

    `on_answer(server, line)` is called for each line of its standard output, in order, on
    one thread; `on_end(server, status)` once, after the last line and the process's exit.
    """

    def __init__(
        self,
        arguments: List[str],
        cwd: Optional[str],
        env: Optional[Dict[str, str]],
        on_answer: Callable[["Server", bytes], None],
        on_end: Callable[["Server", int], None],
    ) -> None:
        try:
            # A session of its own: a terminal's Ctrl-C (SIGINT to the foreground process group)
            # reaches Python alone, which may go on using the server after a KeyboardInterrupt.
            self._process = subprocess.Popen(
                arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                start_new_session=True,
            )
        except OSError as error:
            raise LightboxError(f"cannot start {arguments[0]}: {error.strerror or error}") from error
        self.answered = 0
        # Set by the client: it asked the process to end (its input closed, a signal sent)...
        self.stopping = False
        # ...and it has handled the end (the jobs sent to it failed), under its own lock.
        self.ended = False
        self.stderr_tail: Deque[str] = deque(maxlen=20)
        self._on_answer = on_answer
        self._on_end = on_end
        self._ended = threading.Event()
        self._signals = threading.Lock()  # `stopping` is set, and a signal sent, by one thread at a time
        self._writing = threading.Lock()  # a job line and a cancel line (`give_up`) never mix
        self._readers = [
            threading.Thread(target=self._read_answers, name="lightbox-answers", daemon=True),
            threading.Thread(target=self._read_stderr, name="lightbox-stderr", daemon=True),
            threading.Thread(target=self._watch_exit, name="lightbox-exit", daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    @property
    def pid(self) -> int:
        """The process id."""
        return self._process.pid

    def send(self, line: bytes) -> None:
        """Writes one line (a job, or a cancel); OSError or ValueError if the process can take no more."""
        with self._writing:
            stdin = self._process.stdin
            if stdin is None or stdin.closed:
                raise ValueError("the process's input is closed")
            stdin.write(line)
            stdin.flush()

    def close_input(self) -> None:
        """Closes the jobs' input: the process answers every job sent, then exits."""
        self.stopping = True
        with self._writing:
            stdin = self._process.stdin
            if stdin is not None and not stdin.closed:
                try:
                    stdin.close()
                except OSError:
                    pass

    def terminate(self) -> None:
        """SIGTERM, if it still runs: Lightbox kills its workers, removes their temp files and exits."""
        with self._signals:
            self.stopping = True
            if self._process.poll() is None:
                self._process.terminate()

    def kill(self) -> None:
        """SIGKILL to the process and what it started, and waits for the exit."""
        with self._signals:
            self.stopping = True
            if self._process.poll() is None:
                _kill_group(self.pid)
        self._process.wait()

    def exited(self) -> bool:
        """Whether the process has exited, reaped or not (it is not reaped here)."""
        waitid = getattr(os, "waitid", None)
        if waitid is None or self._process.returncode is not None:
            return self._process.poll() is not None
        try:
            return waitid(os.P_PID, self.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG) is not None
        except ChildProcessError:  # reaped meanwhile
            return True

    def poll(self) -> Optional[int]:
        """The exit status, or None while it runs."""
        return self._process.poll()

    def wait_ended(self) -> int:
        """Waits until its end has been handed to `on_end`, and returns its exit status."""
        self._ended.wait()
        return self._process.wait()

    def ended_message(self, status: Optional[int], what: str = "") -> str:
        """Why the process can take no more jobs: `what`, its exit status and the last lines it wrote."""
        return ended_message(status, self.stderr_tail, what)

    def _read_answers(self) -> None:
        """Hands each answer line on, then the end."""
        assert self._process.stdout is not None
        try:
            for raw in self._process.stdout:
                self.answered += 1
                try:
                    self._on_answer(self, raw)
                except Exception:  # nothing an answer or a caller does stops the reader
                    log.exception("an answer could not be delivered: %r", raw[:200])
            for reader in self._readers[1:]:
                reader.join()  # stderr's last lines; what the process left running, stopped before it is reaped
            status = self._process.wait()
            self._on_end(self, status)
        finally:
            self._ended.set()

    def _watch_exit(self) -> None:
        """Once the process has exited unasked (killed, crashed), kills what it left running in its group.

        Asked to end, Lightbox ends its workers itself; killed, it can leave a worker on its
        job, which would still write the output of a job that has failed here, and holds its
        pipes open until then. The process is waited for without being reaped, so its id, its
        group's, is still its own when the group is killed.
        """
        waitid = getattr(os, "waitid", None)
        if waitid is None:  # not on every Unix (macOS)
            return
        try:
            waitid(os.P_PID, self.pid, os.WEXITED | os.WNOWAIT)
        except OSError:  # reaped already: stopped by the client
            return
        with self._signals:
            if not self.stopping:
                _kill_group(self.pid)

    def _read_stderr(self) -> None:
        """Logs what Lightbox writes on stderr (warnings as warnings, without `warning: `), keeping the last lines."""
        assert self._process.stderr is not None
        for raw in self._process.stderr:
            text = raw.decode("utf-8", "replace").rstrip("\n")
            self.stderr_tail.append(text)
            said = LEVEL.match(text)
            if said:  # the record's level says what the line's own `warning: ` or `error: ` said
                level = logging.WARNING if said.group(1).lower() == "warning" else logging.ERROR
                log.log(level, "%s", text[said.end():])
            elif text:
                log.info("%s", text)


def ended_message(status: Optional[int], said: Iterable[str], what: str = "") -> str:
    """`what`, "lightbox batch exited with status N" and the last lines it wrote on stderr (`said`)."""
    words = "; ".join(line for line in said if line)
    parts = [what] if what else []
    parts.append("lightbox batch exited" + (f" with status {status}" if status is not None else ""))
    return ": ".join(parts) + (f": {words}" if words else "")


def _kill_group(pid: int) -> None:
    """SIGKILL to process group `pid` (the process leads its own session), if any of it is left."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:  # none of it is left
        pass
