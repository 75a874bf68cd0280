#!/usr/bin/env python3
"""Ray Data's half of bench/ray.sh: times lightbox.ray.Crops over each manifest in one Ray session.

usage: ray-crops.py LIGHTBOX OUT_DIR MANIFEST...   (prints "ray ROWS SECONDS" per manifest)

Ray starts once, before the first manifest; every manifest then runs on two fresh actors (one
`lightbox batch --jobs 1` each). The time counted runs from the first batch an actor starts to
the last one it finishes (each batch stamps both), so Ray's start-up and the actors' (seconds,
and varying) are left out, while Ray's work between batches is in.
"""
import os
import sys
import time

import ray

from lightbox.ray import Crops


class TimedCrops(Crops):
    """Crops that stamps each batch with when its call started and ended."""

    def __call__(self, batch):
        start = time.time()
        out = super().__call__(batch)
        out["call_start"] = start
        out["call_end"] = time.time()
        return out


def main():
    binary, out_dir, manifests = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    jobs = int(os.environ.get("RAY_JOBS", "1"))
    batch_size = int(os.environ.get("RAY_BATCH", "64"))
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    for manifest in manifests:
        rows = ray.data.read_csv(os.path.abspath(manifest))
        target = os.path.join(out_dir, os.path.basename(manifest).split(".")[0])
        result = rows.map_batches(
            TimedCrops,
            fn_constructor_kwargs={"out_dir": target, "binary": binary, "jobs": jobs, "cwd": os.path.dirname(manifest)},
            batch_format="pandas",
            batch_size=batch_size,
            compute=ray.data.ActorPoolStrategy(size=2),
            num_cpus=0.5,
        ).to_pandas()
        seconds = result["call_end"].max() - result["call_start"].min()
        failed = result[result["status"] != "done"]
        if len(failed):
            sys.exit(f"ray-crops: {len(failed)} rows failed, such as: {failed['error'].iloc[0]}")
        print(f"ray {len(result)} {seconds:.3f}", flush=True)


if __name__ == "__main__":
    main()
