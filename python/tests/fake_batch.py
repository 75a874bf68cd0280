#!/usr/bin/env python3
"""A stand-in for `lightbox batch` that follows docs/batch.md's protocol and contract, and draws no image.

Options: `--jobs N`, `--timeout S` (default 600), `--force`, `--quality Q`, `--quiet`, and the
roots (taken, not enforced); any other
is a usage error (exit 64), as Lightbox's are. Jobs take the narrowing keys `force`,
`quality`, `maxPixels`, `failOn`, `timeout` (seconds, not over `--timeout`) and
`skipExisting`; a key that would widen the policy fails its job. Answers carry `warnings`.

The environment says how it answers: FAKE_LOG (a file: each job received is appended as a
JSON line), FAKE_HOLD (answer only once this many jobs are waiting, newest first: answers out
of order), FAKE_DIE_AFTER (exit with status 70 after receiving this many jobs, answering none
of them), FAKE_WRITE (write each output done, b"fake", so `skipExisting` and "output exists"
apply, and answer its `bytes`), FAKE_SLOW (seconds a job whose input contains "slow" takes,
default 30; it is given up at its timeout unless FAKE_IGNORE_TIMEOUT is set, and answered
late), FAKE_WRITE_EARLY (a slow job writes its outputs first, then takes its time: a job
whose output is in place before its answer is), FAKE_STDERR (lines, split at `|`, written on
stderr at the start, as Lightbox's own words). A crop whose input
contains "bad" fails, "warn" warns; a multi-rect crop gets one answer per rect, in order; a
rect with no width fails alone in its place, as Lightbox does for a rect refused before
decoding. A cancel line (`{"command":"cancel","id":ID}`) stops a slow job of that id as Lightbox
does (answered failed, `cancelled by its client`, nothing written), unless FAKE_WRITE_EARLY had
it write first (then it is answered as done: it ended before the cancel could stop it); the
cancel's own answer, with `"command":"cancel"`, comes after the job's, or at once when no slow
job of that id runs.
"""

import json
import os
import sys
import threading
import time

LOCK = threading.RLock()
POLICY = {"timeout": 600.0, "force": False}
# The slow jobs running, by their id's JSON: a cancel line sets the event.
RUNNING = {}


def refused(job, line):
    """Why a job's keys widen the policy or are bad, or None."""
    if job.get("force") is True and not POLICY["force"]:
        return f"stdin:{line}: force: replacing outputs is not allowed here (no --force)"
    quality = job.get("quality")
    if quality is not None and not (isinstance(quality, int) and 1 <= quality <= 100):
        return f"stdin:{line}: quality: {quality!r}: expected a whole number from 1 to 100"
    timeout = job.get("timeout")
    if timeout is not None and not (isinstance(timeout, (int, float)) and 0 < timeout <= POLICY["timeout"]):
        return f"stdin:{line}: timeout: {timeout!r}: over the process's --timeout {POLICY['timeout']:g}"
    return None


def one(job, crop, index, line):
    """The answer of one crop (or of the job, `index` None): done, skipped or failed, with made-up pixels."""
    output = crop.get("output")
    prefix = f"crops[{index}]." if index is not None else ""
    base = {"output": output}
    rect = crop.get("rect") or [0, 0, 1, 1]
    if rect[2] <= 0:
        return dict(base, status="failed", error=f"stdin:{line}: {prefix}rect: width must be over 0")
    if "bad" in str(job.get("input", "")):
        return dict(base, status="failed", error=f"stdin:{line}: {job.get('input')}: cannot crop {output}")
    write = os.environ.get("FAKE_WRITE") and output
    if write and os.path.exists(output):
        if job.get("skipExisting"):
            return dict(base, status="skipped", bytes=os.path.getsize(output))
        if not (job.get("force") or POLICY["force"]):
            return dict(base, status="failed", error=f"stdin:{line}: {output}: output exists (use --force to replace it)")
    if write:
        os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
        with open(output, "wb") as file:
            file.write(b"fake")
        base["bytes"] = len(b"fake")
    x, y, w, h = rect
    done = dict(base, rect={"x": x, "y": y, "width": w, "height": h}, status="done",
                pixels={"left": round(x * 1000), "top": round(y * 1000), "width": round(w * 1000), "height": round(h * 1000)})
    if "warn" in str(job.get("input", "")):
        done["warnings"] = [f"stdin:{line}: rect partly outside the image; clipped to {x},{y},{w},{h}"]
    return done


def answer(job, line):
    """The answer docs/batch.md gives for `job`."""
    base = {"id": job.get("id"), "input": job.get("input")}
    problem = refused(job, line)
    if problem:
        return dict(base, status="failed", error=problem)
    if "crops" in job:
        crops = [one(job, crop, index, line) for index, crop in enumerate(job["crops"])]
        failed = [c for c in crops if c["status"] == "failed"]
        skipped = all(c["status"] == "skipped" for c in crops)
        base.update(crops=crops, status="failed" if failed else "skipped" if skipped else "done")
        if failed:
            base["error"] = failed[0]["error"]
        return base
    return dict(base, **one(job, job, None, line))


def send(answers):
    """Writes answers, one line each, at once."""
    with LOCK:
        for each in answers:
            sys.stdout.write(json.dumps(each) + "\n")
        sys.stdout.flush()


def slow(job, line, cancel):
    """A job that takes FAKE_SLOW seconds, given up at its timeout, or at a cancel, as Lightbox gives one up."""
    took = float(os.environ.get("FAKE_SLOW", "30"))
    limit = job.get("timeout") or POLICY["timeout"]
    in_time = os.environ.get("FAKE_IGNORE_TIMEOUT") or took <= limit
    early = answer(job, line) if os.environ.get("FAKE_WRITE_EARLY") and in_time else None
    cancelled = cancel.wait(took if in_time else limit)
    failed = {"id": job.get("id"), "input": job.get("input"), "output": job.get("output"), "status": "failed"}
    if cancelled and early is None:
        answers = [dict(failed, error=f"stdin:{line}: {job.get('input')}: cancelled by its client"),
                   {"id": job.get("id"), "command": "cancel", "status": "done", "jobs": 1}]
    elif cancelled:
        answers = [early, cancel_failed(job.get("id"), f"job {json.dumps(job.get('id'))} was answered before the "
                                        "cancel could stop it")]
    elif in_time:
        answers = [early or answer(job, line)]
    else:
        answers = [dict(failed, error=f"stdin:{line}: {job.get('input')}: timed out after {limit:g} s")]
    with LOCK:  # a cancel finds the job until its answer is out
        RUNNING.pop(json.dumps(job.get("id")), None)
        send(answers)


def cancel_failed(id, why):
    """The failed answer of a cancel line."""
    return {"id": id, "command": "cancel", "status": "failed", "error": f"stdin: cancel: {why}"}


def cancel(line):
    """Stops the slow job a cancel line names, or answers that none of its id runs."""
    with LOCK:
        running = RUNNING.get(json.dumps(line.get("id")))
        if running is not None:
            running.set()
            return
        send([cancel_failed(line.get("id"), f"no job with id {json.dumps(line.get('id'))} is queued or running "
                            "(unknown, or already answered)")])


def options(arguments):
    """Reads the options as `lightbox batch` would, exiting 64 on one it does not take."""
    arguments = list(arguments)
    while arguments:
        option = arguments.pop(0)
        if option in ("--jobs", "--timeout", "--quality", "--root", "--read-root", "--write-root") and arguments:
            value = arguments.pop(0)
            if option == "--timeout":
                POLICY["timeout"] = float(value)
            if option == "--jobs" and int(value) < 1:
                sys.stderr.write(f"Error: --jobs '{value}': expected a whole number over 0\n")
                sys.exit(64)
        elif option == "--force":
            POLICY["force"] = True
        elif option not in ("--quiet", "-"):
            sys.stderr.write(f"Error: unknown option '{option}'\nUsage: lightbox batch [<file>] [options]\n")
            sys.exit(64)


def main():
    options(sys.argv[2:] if sys.argv[1:2] == ["batch"] else sys.argv[1:])
    for said in filter(None, os.environ.get("FAKE_STDERR", "").split("|")):
        sys.stderr.write(said + "\n")
    sys.stderr.flush()
    log = os.environ.get("FAKE_LOG")
    hold = int(os.environ.get("FAKE_HOLD", "1"))
    die_after = int(os.environ.get("FAKE_DIE_AFTER", "0"))
    waiting, received, threads = [], 0, []
    for line in sys.stdin:
        job = json.loads(line)
        received += 1
        if log:
            with open(log, "a") as file:
                file.write(json.dumps(job) + "\n")
        if die_after and received >= die_after:
            sys.stderr.write("fake: giving up\n")
            sys.exit(70)
        if job.get("command") == "cancel":
            cancel(job)
            continue
        if "slow" in str(job.get("input", "")):
            stop = threading.Event()
            with LOCK:
                RUNNING[json.dumps(job.get("id"))] = stop
            threads.append(threading.Thread(target=slow, args=(job, received, stop)))
            threads[-1].start()
            continue
        waiting.append((job, received))
        if len(waiting) >= hold:
            send([answer(held, number) for held, number in reversed(waiting)])
            waiting = []
    send([answer(held, number) for held, number in reversed(waiting)])
    for thread in threads:
        thread.join()


if __name__ == "__main__":
    main()
