#!/usr/bin/env python3
"""Runs a command and samples its worker processes (its children) every 5 ms: how often at least
one, and how often two or more, have a thread running or waiting for a core (state R). Unlike the
CPUs `perf stat` counts, this says how much parallel work the command offers even while other
programs hold the cores.

usage: busy.py COMMAND...
"""
import os
import subprocess
import sys
import time


def children(pid):
    """The direct children of `pid`."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(kid) for kid in f.read().split()]
    except OSError:
        pass
    return found


def busy(pid):
    """Whether a thread of `pid` is running or runnable."""
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "R":
                    return True
    except OSError:
        pass
    return False


def main():
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    one = two = 0
    while process.poll() is None:
        working = sum(busy(kid) for kid in children(process.pid))
        one += working >= 1
        two += working >= 2
        time.sleep(0.005)
    print(f"{100 * two / max(1, one):.0f}% of the time a worker was busy, another was too ({one} samples)")


main()
