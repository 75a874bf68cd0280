"""Cold start: one crop of a small JPEG per process, several programs interleaved in one run.

usage: coldstart.py INPUT.jpg WORKDIR RUNS NAME=COMMAND...
Each COMMAND is a shell-free command line in which {in} and {out} stand for the input and an
output path. The commands run in turn (A B C A B C ...), so a burst of load from other processes
hits them all alike; prints a Markdown table of the median, minimum and 10th percentile (ms).
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def main():
    photo, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    commands = [arg.split("=", 1) for arg in sys.argv[4:]]
    os.makedirs(work, exist_ok=True)
    times = {name: [] for name, _ in commands}
    for n in range(runs + 1):
        for index, (name, line) in enumerate(commands):
            out = os.path.join(work, f"cold-{index}.jpg")
            argv = [part.format(**{"in": photo, "out": out}) for part in shlex.split(line)]
            if os.path.exists(out):
                os.remove(out)
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            elapsed = (time.perf_counter() - start) * 1000
            assert os.path.getsize(out) > 0, name
            if n > 0:
                times[name].append(elapsed)
    print("| command | runs | median ms | min ms | p10 ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, _ in commands:
        ordered = sorted(times[name])
        p10 = ordered[max(0, len(ordered) // 10 - 1)]
        print(f"| {name} | {len(ordered)} | {statistics.median(ordered):.1f} | {ordered[0]:.1f} | {p10:.1f} |")


main()
