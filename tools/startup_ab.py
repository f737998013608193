#!/usr/bin/env python3
"""Interleaved one-shot timings of two checkouts' command lines: issue 69's first answers (--version,
count, query --limit 20, explore) run by each checkout's tools/thordb in turn, so that both see the
same minutes of a machine whose speed drifts. Prints each command's median, least and most, in ms.

Usage: tools/startup_ab.py BEFORE_CHECKOUT AFTER_CHECKOUT STORE [RUNS]
  e.g. git worktree add /tmp/before 583ebe8 && tools/startup_ab.py /tmp/before . target/bench/startup-ffo 15
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    before, after, store = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 15
    q = "year = 1990"
    commands = {
        "version": ["--version"],
        "count": ["count", "--db", store, q],
        "query": ["query", "--db", store, "--limit", "20", q],
        "explore": ["explore", "--db", store, "f5d6c3"],
    }
    tools = {"before": os.path.join(before, "tools", "thordb"), "after": os.path.join(after, "tools", "thordb")}
    for name, args in commands.items():
        for t in tools.values():  # each checkout's jar and start-up archive made, and the files in the page cache
            subprocess.run([t] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times = {k: [] for k in tools}
        for i in range(runs):
            order = list(tools.items()) if i % 2 == 0 else list(reversed(tools.items()))
            for k, t in order:
                t0 = time.perf_counter()
                subprocess.run([t] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                times[k].append((time.perf_counter() - t0) * 1000)
        print(name, "  ".join(f"{k}: median {statistics.median(v):.1f} ms ({min(v):.1f}-{max(v):.1f})"
                              for k, v in times.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
