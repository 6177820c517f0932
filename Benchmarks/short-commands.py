#!/usr/bin/env python3
"""Side by side: the short commands of two wknd builds against one emulator, in interleaved pairs.

Measures `wknd --version`, `wknd list --no-cache` and `wknd list` from a fresh response cache, with the candidate
(--wknd) and a baseline (--baseline), against one `wknd serve` run from the candidate. Each pair runs both sides, the
order swapped every pair, after one warm-up each; the ratio is the median of the per-pair ratios (candidate over
baseline), so a figure above 1.00x means the candidate is slower. Benchmarks/short-commands builds both and runs this.
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def progress(message):
    print(f"short-commands: {message}", file=sys.stderr, flush=True)


def run(command, env):
    """Wall seconds of one run of `command`, which must succeed."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=120)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        detail = done.stderr.decode(errors="replace").strip()[-300:]
        raise SystemExit(f"short-commands: `{' '.join(command)}` exited with {done.returncode}: {detail}")
    return seconds


def compare(name, candidate, baseline, pairs):
    """(candidate median s, baseline median s, median ratio, first and third quartile of the ratios)."""
    progress(f"{name}: warm-up, then {pairs} pairs")
    candidate(), baseline()
    ours, theirs = [], []
    for pair in range(pairs):
        if pair % 2 == 0:
            ours.append(candidate())
            theirs.append(baseline())
        else:
            theirs.append(baseline())
            ours.append(candidate())
    ratios = [a / b for a, b in zip(ours, theirs)]
    q1, _, q3 = statistics.quantiles(ratios, n=4, method="inclusive")
    return statistics.median(ours), statistics.median(theirs), statistics.median(ratios), q1, q3


def serve(wknd):
    """`wknd serve --port 0` in the background: the process and its host:port."""
    process = subprocess.Popen([wknd, "serve", "--port", "0"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://"):
        process.kill()
        raise SystemExit(f"short-commands: wknd serve printed {url!r} instead of its URL")
    return process, url[len("http://"):].rstrip("/")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wknd", required=True, help="the candidate wknd (release, as installed)")
    parser.add_argument("--baseline", required=True, help="the baseline wknd, built the same way")
    parser.add_argument("--label", default="baseline", help="what to call the baseline in the table")
    parser.add_argument("--pairs", type=int, default=41, help="interleaved pairs per command (default 41)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="short-commands-")
    server, host = serve(args.wknd)
    try:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("AEM_", "WKND_"))}
        base.update({"AEM_SCHEME": "http", "AEM_HOST": host, "AEM_AUTH_TYPE": "none", "NO_COLOR": "1",
                     "TERM": "dumb", "HOME": work})
        rows = []
        # The warm-up of the last row fills each side's own cache folder.
        for name, arguments in (("`wknd --version`", ["--version"]),
                                ("`wknd list --no-cache`", ["list", "--no-cache"]),
                                ("`wknd list` from a fresh cache", ["list"])):
            def side(wknd, folder):
                env = dict(base, WKND_CACHE_DIR=os.path.join(work, folder))
                return lambda: run([wknd] + arguments, env)
            rows.append((name, compare(name, side(args.wknd, "ours"), side(args.baseline, "theirs"), args.pairs)))
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
        shutil.rmtree(work, ignore_errors=True)

    load = os.getloadavg()[0]
    print(f"{args.pairs} interleaved pairs per row, order swapped every pair, one warm-up each; load average "
          f"(1 min) {load:.1f} at the end. Ratio: median of the per-pair ratios (this build / {args.label}).")
    print()
    print(f"| command | this build | {args.label} | ratio | middle half of the ratios |")
    print("|---|---:|---:|---:|---|")
    for name, (ours, theirs, ratio, q1, q3) in rows:
        print(f"| {name} | {ours * 1000:.1f} ms | {theirs * 1000:.1f} ms | {ratio:.2f}× | {q1:.2f}–{q3:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
