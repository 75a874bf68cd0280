#!/usr/bin/env python3
"""Runs commands in turn (A B C A B C ...) and reports each one's wall time, CPU time and memory
over its whole process tree. CPU is the task-clock `perf stat` counts over every process and
thread of the tree, in a second run of its own (steady when other work loads the machine, unlike
wall time; left out without perf). Memory is the sum of every process's peak resident memory
(VmHWM, sampled from /proc every millisecond while it runs; a worker process counts with the
process that started it).

usage: tree.py RUNS NAME=COMMAND...

A COMMAND is a shell-free command line; `ENV=value` words before it set its environment (such as
LIGHTBOX_NO_REGION=1). The first run of each is a warm-up and is not counted. Prints a Markdown
table: median and minimum milliseconds, how many times faster the first command is at the median,
the median CPU milliseconds and that ratio, and the median and largest memory over the tree (MB).
"""
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def children(pid):
    """Every descendant of `pid`, from /proc/PID/task/*/children."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{current}/task/{task}/children") as f:
                    kids = [int(k) for k in f.read().split()]
            except OSError:
                kids = []
            found += kids
            pending += kids
    return found


def peak(pid):
    """VmHWM of `pid` in kB, or None once it has exited."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def split(words):
    """The environment and argv of `words` (leading ENV=value words set the environment)."""
    env, argv = dict(os.environ), list(words)
    while argv and "=" in argv[0] and not argv[0].startswith(("/", ".")):
        key, value = argv.pop(0).split("=", 1)
        env[key] = value
    return env, argv


def cpu_ms(words):
    """CPU milliseconds of the tree of one run of `words`, counted by `perf stat`; None without perf."""
    if not shutil.which("perf"):
        return None
    env, argv = split(words)
    with tempfile.NamedTemporaryFile(mode="r", suffix=".perf") as out:
        subprocess.run(["perf", "stat", "-x,", "-e", "task-clock", "-o", out.name, "--"] + argv, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        for line in out.read().splitlines():
            if "task-clock" in line:
                return float(line.split(",")[0])
    return None


def run(words):
    """Wall seconds and the summed peak kB of the tree of one run of `words`."""
    env, argv = split(words)
    peaks = {}
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while process.poll() is None:
        for pid in [process.pid] + children(process.pid):
            value = peak(pid)
            if value is not None:
                peaks[pid] = max(peaks.get(pid, 0), value)
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"failed ({process.returncode}): {' '.join(words)}")
    return elapsed, sum(peaks.values())


def main():
    runs = int(sys.argv[1])
    commands = [(arg.split("=", 1)[0], shlex.split(arg.split("=", 1)[1])) for arg in sys.argv[2:]]
    times = {name: [] for name, _ in commands}
    cpu = {name: [] for name, _ in commands}
    memory = {name: [] for name, _ in commands}
    for n in range(runs + 1):
        for name, words in commands:
            seconds, kb = run(words)
            used = cpu_ms(words)
            if n > 0:
                times[name].append(seconds * 1000)
                memory[name].append(kb / 1024)
                if used is not None:
                    cpu[name].append(used)
    first = commands[0][0]
    base = statistics.median(times[first])
    base_cpu = statistics.median(cpu[first]) if cpu[first] else None
    print(f"| command | runs | median ms | min ms | {first} is faster by | CPU ms, median | by CPU"
          " | tree MB, median | tree MB, max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, _ in commands:
        median = statistics.median(times[name])
        used = f"{statistics.median(cpu[name]):.0f} | {statistics.median(cpu[name]) / base_cpu:.2f}x" if base_cpu else "- | -"
        print(f"| {name} | {len(times[name])} | {median:.0f} | {min(times[name]):.0f} | {median / base:.2f}x"
              f" | {used} | {statistics.median(memory[name]):.0f} | {max(memory[name]):.0f} |")


main()
