"""Round trip of small crop jobs: one `lightbox batch` process vs one process per crop vs `vips crop`.

usage: batch-client.py LIGHTBOX INPUT.jpg WORKDIR JOBS PROCESS_RUNS
Prints a Markdown table of median, minimum and 90th-percentile milliseconds per crop, then the resident
memory (supervisor and workers) sampled every tenth of the batch jobs.
"""
import json
import os
import statistics
import subprocess
import sys
import time


def rss_kb(pid):
    """Resident memory of a process and its children, in KB."""
    total = 0
    children = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            children += f.read().split()
    for p in [str(pid)] + children:
        with open(f"/proc/{p}/status") as f:
            total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return total


def batch(lightbox, photo, work, jobs):
    """Sequential request and answer over one batch process; returns the round trips (ms) and RSS samples."""
    server = subprocess.Popen([lightbox, "batch", "--jobs", "1", "--force"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    times, memory = [], []
    for n in range(jobs):
        job = {"id": n, "command": "crop", "input": photo, "rect": "0.25,0.25,0.5,0.5",
               "output": os.path.join(work, f"batch-{n % 10}.jpg")}
        start = time.perf_counter()
        server.stdin.write(json.dumps(job) + "\n")
        server.stdin.flush()
        answer = json.loads(server.stdout.readline())
        times.append((time.perf_counter() - start) * 1000)
        assert answer["id"] == n and answer["status"] == "done", answer
        if (n + 1) % max(1, jobs // 10) == 0:
            memory.append((n + 1, rss_kb(server.pid) // 1024))
    server.stdin.close()
    assert server.wait() == 0
    return times, memory


def processes(command, runs):
    """Wall time (ms) of `runs` runs of one command."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return times


def in_process(photo, work, runs):
    """The floor: the same crop with pyvips in one process (no start-up, no pipe), cache off as in a worker."""
    import pyvips
    pyvips.cache_set_max(0)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pyvips.Image.new_from_file(photo, access="sequential").crop(160, 120, 320, 240).write_to_file(os.path.join(work, "pyvips.jpg"))
        times.append((time.perf_counter() - start) * 1000)
    return times


def row(name, times):
    """One table row: median, minimum and 90th percentile."""
    ordered = sorted(times)
    p90 = ordered[int(len(ordered) * 0.9) - 1] if len(ordered) > 1 else ordered[0]
    return f"| {name} | {len(times)} | {statistics.median(times):.2f} | {ordered[0]:.2f} | {p90:.2f} |"


def main():
    lightbox, photo, work, jobs, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    os.makedirs(work, exist_ok=True)
    times, memory = batch(lightbox, photo, work, jobs)
    single = processes([lightbox, "crop", photo, "--rect", "0.25,0.25,0.5,0.5", "--force", "-o", os.path.join(work, "single.jpg")], runs)
    vips = processes(["vips", "crop", photo, os.path.join(work, "vips.jpg"), "160", "120", "320", "240"], runs)
    floor = in_process(photo, work, max(runs, 200))
    print("| way | crops | median ms | min ms | p90 ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(row("`lightbox batch`, one job after another", times))
    print(row("`lightbox crop`, one process per crop", single))
    print(row("`vips crop`, one process per crop", vips))
    print(row("floor: pyvips crop in its own process, no pipe", floor))
    print()
    print("| jobs done | RSS, supervisor and worker (MB) |")
    print("| ---: | ---: |")
    for done, mb in memory:
        print(f"| {done} | {mb} |")


main()
