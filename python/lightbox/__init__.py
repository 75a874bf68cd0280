"""Lightbox from Python: one long-lived `lightbox batch` process, many jobs in flight.

    with lightbox.Lightbox(jobs=2) as box:
        box.crop("photo.jpg", rect=(0.1, 0.2, 0.5, 0.6), output="crop.jpg")

Lightbox's warnings go to the `lightbox` logger. `lightbox.ray.Crops` runs crops from a Ray
Data pipeline (docs/ray.md).
"""

import logging

from .answers import Answer, BoardAnswer, CropAnswer, PixelRect, Status, ViewAnswer
from .client import Lightbox
from .errors import JobError, JobTimeout, LightboxError
from .fields import BoardPhoto, CropSpec, Rect
from .scratch import Input

# A library's logger stays quiet until the application configures logging (the logging HOWTO).
logging.getLogger("lightbox").addHandler(logging.NullHandler())

__all__ = [
    "Answer",
    "BoardAnswer",
    "BoardPhoto",
    "CropAnswer",
    "CropSpec",
    "Input",
    "JobError",
    "JobTimeout",
    "Lightbox",
    "LightboxError",
    "PixelRect",
    "Rect",
    "Status",
    "ViewAnswer",
]
__version__ = "0.1.0"
