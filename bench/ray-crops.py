#!/usr/bin/env python3
"""Ray Data's half of bench/ray.sh: times lightbox.ray.Crops over each manifest in one Ray session.

usage: ray-crops.py LIGHTBOX OUT_DIR MANIFEST...   (prints "ray ROWS SECONDS" per manifest)

Ray starts once, before the first manifest; every manifest then runs on two fresh actors (one
`lightbox batch --jobs 1` each), so the difference between two manifests' times is the
marginal cost of their extra rows, Ray's and the actors' start-up excluded.
"""
import os
import sys
import time

import ray

from lightbox.ray import Crops


def main():
    binary, out_dir, manifests = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    for manifest in manifests:
        rows = ray.data.read_csv(os.path.abspath(manifest))
        target = os.path.join(out_dir, os.path.basename(manifest).split(".")[0])
        start = time.monotonic()
        result = rows.map_batches(
            Crops,
            fn_constructor_kwargs={"out_dir": target, "binary": binary, "jobs": 1, "cwd": os.path.dirname(manifest)},
            batch_format="pandas",
            batch_size=64,
            compute=ray.data.ActorPoolStrategy(size=2),
            num_cpus=0.5,
        ).to_pandas()
        seconds = time.monotonic() - start
        failed = result[result["status"] != "done"]
        if len(failed):
            sys.exit(f"ray-crops: {len(failed)} rows failed, such as: {failed['error'].iloc[0]}")
        print(f"ray {len(result)} {seconds:.3f}", flush=True)


if __name__ == "__main__":
    main()
