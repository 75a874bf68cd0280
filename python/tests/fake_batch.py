#!/usr/bin/env python3
"""A stand-in for `lightbox batch` that follows docs/batch.md's protocol and writes no image.

It reads job lines and answers them; the environment says how:
FAKE_LOG (a file: each job received is appended as a JSON line), FAKE_HOLD (answer only once
this many jobs are waiting, newest first: answers out of order), FAKE_DIE_AFTER (exit with
status 70 after receiving this many jobs, answering none of them). A crop whose input
contains "bad" fails; a multi-rect crop gets one answer per rect, in order; a rect with no
width fails alone in its place, as Lightbox does for a rect it refuses before decoding.
"""

import json
import os
import sys


def answer(job):
    """The answer docs/batch.md gives for `job`, with made-up pixels."""
    bad = "bad" in str(job.get("input", ""))
    base = {"id": job.get("id"), "input": job.get("input")}
    if "crops" in job:
        crops = []
        for index, crop in enumerate(job["crops"]):
            x, y, w, h = crop["rect"]
            if w <= 0:
                crops.append(dict(output=crop["output"], status="failed", error=f"stdin: crops[{index}].rect: width must be over 0"))
                continue
            done = not bad
            one = {"output": crop["output"], "rect": {"x": x, "y": y, "width": w, "height": h}}
            if done:
                one.update(pixels={"left": round(x * 1000), "top": round(y * 1000), "width": round(w * 1000),
                                   "height": round(h * 1000)}, status="done")
            else:
                one.update(status="failed", error=f"stdin: {job.get('input')}: cannot crop {crop['output']}")
            crops.append(one)
        failed = [c for c in crops if c["status"] == "failed"]
        base.update(crops=crops, status="failed" if failed else "done")
        if failed:
            base["error"] = failed[0]["error"]
        return base
    if bad:
        return dict(base, status="failed", error=f"stdin: {job.get('input')}: cannot open")
    if "rect" in job and job["rect"][2] <= 0:
        return dict(base, status="failed", error="stdin: rect: width must be over 0")
    return dict(base, output=job.get("output"), status="done")


def main():
    log = os.environ.get("FAKE_LOG")
    hold = int(os.environ.get("FAKE_HOLD", "1"))
    die_after = int(os.environ.get("FAKE_DIE_AFTER", "0"))
    waiting, received = [], 0
    for line in sys.stdin:
        job = json.loads(line)
        received += 1
        if log:
            with open(log, "a") as file:
                file.write(json.dumps(job) + "\n")
        if die_after and received >= die_after:
            sys.stderr.write("fake: giving up\n")
            sys.exit(70)
        waiting.append(job)
        if len(waiting) >= hold:
            for held in reversed(waiting):
                sys.stdout.write(json.dumps(answer(held)) + "\n")
            sys.stdout.flush()
            waiting = []
    for held in reversed(waiting):
        sys.stdout.write(json.dumps(answer(held)) + "\n")


if __name__ == "__main__":
    main()
