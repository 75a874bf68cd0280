#!/usr/bin/env python3
"""Runs a command and prints the peak resident memory of its whole process tree (the supervisor and its workers).

usage: tree-rss.py COMMAND...   (prints "peak tree RSS N MB" on stderr; exits with the command's status)

`ps` is sampled every 50 ms and the RSS of the process and all its descendants summed, so shared
libraries count once per process: an upper bound of what the tree holds.
"""
import subprocess
import sys
import time


def tree_rss(root):
    """The summed RSS, in KB, of `root` and its descendants."""
    rows = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,rss="], capture_output=True, text=True).stdout
    children, rss = {}, {}
    for line in rows.splitlines():
        pid, parent, kilobytes = map(int, line.split())
        children.setdefault(parent, []).append(pid)
        rss[pid] = kilobytes
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack += children.get(pid, [])
    return total


def main():
    process = subprocess.Popen(sys.argv[1:])
    peak = 0
    while process.poll() is None:
        peak = max(peak, tree_rss(process.pid))
        time.sleep(0.05)
    print(f"peak tree RSS {peak / 1024:.0f} MB", file=sys.stderr)
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
