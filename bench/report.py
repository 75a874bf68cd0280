#!/usr/bin/env python3
"""Prints a Markdown table from measure.sh results: time, throughput ratio against the first row, peak memory.

usage: report.py RESULTS ITEMS
"""
import sys


def main():
    rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
    items = int(sys.argv[2])
    base = float(rows[0][1])
    print(f"| tool | seconds | items/s | {rows[0][0]} is faster by | peak RSS (MB) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, seconds, peak in rows:
        seconds = float(seconds)
        ratio = seconds / base if base > 0 else 0
        print(f"| {name} | {seconds:.2f} | {items / seconds:.1f} | {ratio:.2f}x | {int(peak) / 1024:.0f} |")


if __name__ == "__main__":
    main()
