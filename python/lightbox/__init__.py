"""Lightbox from Python: one long-lived `lightbox batch` process, many jobs in flight.

    with lightbox.Lightbox(jobs=2) as box:
        box.crop("photo.jpg", rect=(0.1, 0.2, 0.5, 0.6), output="crop.jpg")

`lightbox.ray.Crops` runs crops from a Ray Data pipeline (docs/ray.md).
"""

from .client import Answer, Lightbox, Rect
from .errors import JobError, LightboxError

__all__ = ["Answer", "JobError", "Lightbox", "LightboxError", "Rect"]
__version__ = "0.1.0"
