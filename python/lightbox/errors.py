"""The ways a request can fail: the job (a bad photo, a bad field, its timeout) or the process itself."""

from __future__ import annotations

from typing import Any, Mapping


class LightboxError(Exception):
    """`lightbox batch` could not take or answer a job: it did not start, or it exited."""


class JobError(LightboxError):
    """A job that Lightbox answered as failed; the message is the job's `error`.

    `answer` is the whole answer, so a multi-rect crop's `crops` tell which outputs were
    written and which failed.
    """

    def __init__(self, answer: Mapping[str, Any]) -> None:
        super().__init__(str(answer.get("error", "the job failed without an error message")))
        self.answer = dict(answer)

    @property
    def id(self) -> Any:
        """The job's id, as given (None when it had none)."""
        return self.answer.get("id")


class JobTimeout(JobError, TimeoutError):
    """A job given up at its timeout: by Lightbox (which killed its worker), or by the client when no answer came.

    It is a JobError (its `answer` says why) and a TimeoutError, so `except TimeoutError`
    catches it too.
    """
