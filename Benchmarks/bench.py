#!/usr/bin/env python3
"""The benchmark driver behind Benchmarks/run (Python 3 standard library only).

Every figure is a ratio to a baseline measured in the same run, in interleaved pairs (A B, then
B A, and so on, so drift hits both sides alike), after one warm-up of each. Wall time is
the span from fork to wait4 of each child (measured by the small rss-exec helper, with
time.perf_counter() around it as a cross-check); peak resident memory is the child's ru_maxrss
from wait4 (KiB on Linux), read by the same helper.

stdout: the results as a markdown table (and the machine it ran on). stderr: progress.
It reports; it never asserts. A goal is "met" or "not met", in words.
"""

import argparse
import atexit
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CHILD_TIMEOUT_S = 600  # a child still running after this is killed (--timeout)


def progress(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Running children


class ChildFailed(Exception):
    pass


class Sample:
    def __init__(self, seconds, max_rss_kib):
        self.seconds = seconds
        self.max_rss_kib = max_rss_kib


RSS_EXEC = None  # the rss-exec helper (set in main)


def run_child(command, env=None, cwd=None, stdout=subprocess.DEVNULL):
    """Runs one command to the end: (wall seconds, peak RSS KiB). Raises ChildFailed on a non-zero exit.

    The command runs under rss-exec, which starts the clock at its fork and reads ru_maxrss from
    wait4: forked from this Python process directly, a command would inherit the driver's RSS as
    its floor (Linux keeps the pre-exec high-water mark). perf_counter() around the whole run is
    kept as a cross-check.
    """
    with tempfile.TemporaryFile() as stderr, tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        start = time.perf_counter()
        child = subprocess.Popen([RSS_EXEC, report.name] + command, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                 stdout=stdout, stderr=stderr)
        timer = threading.Timer(CHILD_TIMEOUT_S, child.kill)
        timer.daemon = True  # so that a SIGTERM to the driver is not held up until the timer fires
        timer.start()
        try:
            _, status, _ = os.wait4(child.pid, 0)
        finally:
            timer.cancel()
        outer = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            stderr.seek(0)
            detail = stderr.read().decode(errors="replace").strip().splitlines()
            raise ChildFailed(f"`{' '.join(command)}` exited with {child.returncode}: {' / '.join(detail[-3:])}")
        fields = report.read().split()
        if len(fields) != 2:
            raise ChildFailed(f"rss-exec reported nothing for `{' '.join(command)}`")
        seconds, max_rss_kib = int(fields[0]) / 1e9, int(fields[1])
        if seconds > outer:
            raise ChildFailed(f"rss-exec measured {seconds} s inside {outer} s")
        return Sample(seconds, max_rss_kib)


def output_of(command, env=None, cwd=None):
    """(stdout, stderr) of a command that must succeed."""
    done = subprocess.run(command, env=env, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=CHILD_TIMEOUT_S)
    if done.returncode != 0:
        raise ChildFailed(f"`{' '.join(command)}` exited with {done.returncode}: {done.stderr.strip()[-400:]}")
    return done.stdout, done.stderr


class Side:
    """One side of a comparison: a command line, made fresh for every run (e.g. a new output folder)."""

    def __init__(self, label, make_command, env=None, cwd=None, after=None):
        self.label = label
        self.make_command = make_command
        self.env = env
        self.cwd = cwd
        self.after = after  # called with the command's context after each run (clean-up, checks)

    def run(self):
        command, context = self.make_command()
        try:
            return run_child(command, env=self.env, cwd=self.cwd)
        finally:
            if self.after:
                self.after(context)


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


class Comparison:
    def __init__(self, name, a, b, pairs):
        self.name = name
        self.a_label = a.label
        self.b_label = b.label
        self.pairs = pairs
        self.a = []
        self.b = []
        progress(f"{name}: warm-up")
        a.run()
        b.run()
        progress(f"{name}: {pairs} interleaved pairs")
        for pair in range(pairs):
            first, second = (a, b) if pair % 2 == 0 else (b, a)
            one = first.run()
            two = second.run()
            if first is a:
                self.a.append(one)
                self.b.append(two)
            else:
                self.a.append(two)
                self.b.append(one)
        self.ratios = [x.seconds / y.seconds for x, y in zip(self.a, self.b)]

    def median_s(self, side):
        return statistics.median(s.seconds for s in side)

    @property
    def ratio(self):
        return statistics.median(self.ratios)

    @property
    def spread(self):
        q1, q3 = quartiles(self.ratios)
        return q1, q3, min(self.ratios), max(self.ratios)

    @staticmethod
    def peak_rss_mib(side):
        return max(s.max_rss_kib for s in side) / 1024


# ---------------------------------------------------------------------------------------------
# Formatting


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def times(value):
    return f"{value:.2f}×"


def spread_text(comparison):
    q1, q3, low, high = comparison.spread
    return f"IQR {q1:.2f}–{q3:.2f} (min–max {low:.2f}–{high:.2f})"


def goal_text(value, limit, unit="×"):
    verdict = "met" if value <= limit else "not met"
    return f"≤ {limit:g}{unit}: {verdict}"


class Table:
    def __init__(self):
        self.rows = []
        self.notes = []

    def add(self, *cells):
        self.rows.append([str(c) for c in cells])

    def not_measured(self, number, name, why):
        self.add(number, name, "—", "—", "—", "—", "—", f"not measured: {why}")

    def markdown(self):
        header = ["#", "benchmark (A vs baseline B)", "A median", "B median", "A/B median", "spread of A/B",
                  "peak RSS A / B", "goal"]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The emulator


class Server:
    """bench-server in the background for the whole run; killed (by its pid) at exit."""

    def __init__(self, binary, arguments, name):
        self.name = name
        self.process = subprocess.Popen([binary] + arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=sys.stderr, text=True)
        atexit.register(self.stop)
        self.base_url = self._line(30)
        if not self.base_url.startswith("http://"):
            raise ChildFailed(f"{name} printed {self.base_url!r} instead of its URL")
        self.urls = json.loads(self._line(10))
        self.host = self.base_url[len("http://"):].rstrip("/")
        progress(f"{name} listening at {self.base_url}")

    def _line(self, timeout):
        result = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not result or not result[0]:
            raise ChildFailed(f"{self.name} printed nothing within {timeout} s (exit code {self.process.poll()})")
        return result[0].strip()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def client_environment(server, base, cache_dir):
    env = {k: v for k, v in base.items() if not k.startswith("AEM_")}
    env.update({"AEM_SCHEME": "http", "AEM_HOST": server.host, "AEM_AUTH_TYPE": "none", "NO_COLOR": "1",
                "TERM": "dumb", "WKND_CACHE_DIR": cache_dir})
    return env


def requested_url(wknd, arguments, env, cwd):
    """The URL `wknd … --verbose` says it requests (its `GET <url>` line on stderr)."""
    _, stderr = output_of([wknd] + arguments + ["--verbose"], env=env, cwd=cwd)
    for line in stderr.splitlines():
        match = re.search(r"GET (http\S+)", line)
        if match:
            return match.group(1)
    return None


# ---------------------------------------------------------------------------------------------
# The benchmarks


# Item 10 mirrors this folder through the delivery API; bench-server's adventures are all below it.
SYNC_FRAGMENTS_FOLDER = "/content/dam/wknd-shared/en"

# Item 9q mirrors this query's items as its pages return them (offset paging, limit and offset).
SYNC_QUERY = "wknd-shared/adventures-all"

CURL_JSON = ["curl", "-s", "--fail", "-o", "/dev/null", "-H", "Accept: application/json"]


def fixed(command):
    return lambda: (command, None)


def bench_query(table, number, name, wknd_args, url, args, env, cwd, goal=None):
    a = Side("wknd", fixed([args.wknd] + wknd_args), env=env, cwd=cwd)
    b = Side("curl", fixed(CURL_JSON + [url]))
    c = Comparison(name, a, b, args.pairs)
    table.add(number, f"`wknd {' '.join(wknd_args)}` vs `curl` on the same URL", ms(c.median_s(c.a)),
              ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"{c.peak_rss_mib(c.a):.1f} / {c.peak_rss_mib(c.b):.1f} MiB",
              goal_text(c.ratio, goal) if goal else "— (report only)")
    return c


def bench_cached_list(table, args, env, work, url, uncached):
    """`wknd list` answered from a fresh response cache (filled by the warm-up; the emulator's answers stay fresh
    for 60 s, longer than the pairs take) against curl on the same URL, beside the uncached figure."""
    cached_env = dict(env, WKND_CACHE_DIR=fresh_dir(work, "cache-"))
    a = Side("wknd", fixed([args.wknd, "list"]), env=cached_env, cwd=work)
    b = Side("curl", fixed(CURL_JSON + [url]))
    c = Comparison("list from a fresh cache", a, b, args.pairs)
    _, stderr = output_of([args.wknd, "list"], env=cached_env, cwd=work)
    uncached_text = f"; uncached (item 1) {ms(uncached.median_s(uncached.a))}" if uncached else ""
    table.add("6", f"`wknd list` answered from a fresh response cache vs `curl` on the same URL{uncached_text}",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"{c.peak_rss_mib(c.a):.1f} / {c.peak_rss_mib(c.b):.1f} MiB", goal_text(c.ratio, 1.0))
    if stderr.strip():
        table.notes.append(f"Item 6: `wknd list` said on stderr: {stderr.strip()}")
    return c


def fresh_dir(work, prefix):
    return tempfile.mkdtemp(prefix=prefix, dir=work)


def folder_bytes(path):
    total, count = 0, 0
    for folder, _, files in os.walk(path):
        for name in files:
            if name.startswith("."):
                continue
            total += os.path.getsize(os.path.join(folder, name))
            count += 1
    return count, total


def has_download(wknd):
    done = subprocess.run([wknd, "download", "--help"], capture_output=True, text=True)
    return done.returncode == 0


def bench_downloads(table, args, env, work, list_json):
    cwd = work
    urls = [item.get("imageUrl") for item in list_json if item.get("imageUrl")]
    if not urls:
        table.not_measured("3", "`wknd download --all` vs `curl --parallel`", "`wknd list --json` gave no imageUrl")
        return
    concurrency = str(args.concurrency)

    def wknd_download(level):
        def make():
            folder = fresh_dir(work, "wknd-")
            return [args.wknd, "download", "--all", "--output", folder, "--concurrency", level], folder
        return make

    def curl_parallel():
        folder = fresh_dir(work, "curl-")
        command = ["curl", "--parallel", "--parallel-max", concurrency, "-s", "--fail"]
        for index, url in enumerate(urls):
            command += ["-o", os.path.join(folder, f"{index}.img"), url]
        return command, folder

    # One checked run of each: both sides must fetch the same images.
    checks = {}

    def check(label):
        def after(folder):
            if label not in checks:
                checks[label] = folder_bytes(folder)
            shutil.rmtree(folder, ignore_errors=True)
        return after

    a = Side("wknd", wknd_download(concurrency), env=env, cwd=cwd, after=check("wknd"))
    b = Side("curl", curl_parallel, after=check("curl"))
    c = Comparison("download --all", a, b, args.pairs)
    (wknd_files, wknd_bytes), (curl_files, curl_bytes) = checks["wknd"], checks["curl"]
    table.add("3", f"`wknd download --all --concurrency {concurrency}` vs `curl --parallel --parallel-max "
                   f"{concurrency}`, {len(urls)} images ({curl_bytes / 1e6:.1f} MB)",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"{c.peak_rss_mib(c.a):.1f} / {c.peak_rss_mib(c.b):.1f} MiB", goal_text(c.ratio, 1.2))
    if (wknd_files, wknd_bytes) != (curl_files, curl_bytes):
        table.notes.append(f"Item 3: wknd wrote {wknd_files} files / {wknd_bytes} bytes, curl {curl_files} files / "
                           f"{curl_bytes} bytes (check that both fetch the same images).")

    one = Side("wknd c1", wknd_download("1"), env=env, cwd=cwd, after=lambda f: shutil.rmtree(f, True))
    six = Side("wknd c6", wknd_download(concurrency), env=env, cwd=cwd, after=lambda f: shutil.rmtree(f, True))
    s = Comparison("download --all, concurrency 1 vs 6", one, six, args.pairs)
    table.add("3b", f"`wknd download --all --concurrency 1` vs `--concurrency {concurrency}` (A/B = the speed-up)",
              ms(s.median_s(s.a)), ms(s.median_s(s.b)), times(s.ratio), spread_text(s),
              f"{s.peak_rss_mib(s.a):.1f} / {s.peak_rss_mib(s.b):.1f} MiB", "— (report only)")


def bench_decode(table, args):
    progress(f"decode: decode-bench --runs {args.pairs} (generates {args.adventures} adventures)")
    stdout, _ = output_of([os.path.join(args.bin, "decode-bench"), "--adventures", str(args.adventures),
                           "--runs", str(args.pairs)])
    r = json.loads(stdout.strip().splitlines()[-1])
    table.add("4", f"decode {r['adventures']:,} adventures with rich text ({r['bytes'] / 1e6:.1f} MB): "
                   f"`Aem.decode` ({r['library_mb_per_s']:.0f} MB/s) vs `JSONSerialization` "
                   f"({r['jsonserialization_mb_per_s']:.0f} MB/s)",
              ms(r["library_median_s"]), ms(r["jsonserialization_median_s"]), times(r["ratio_median"]),
              f"IQR {r['ratio_q1']:.2f}–{r['ratio_q3']:.2f} (min–max {r['ratio_min']:.2f}–{r['ratio_max']:.2f})",
              "— (in-process)", "— (report only)")


def bench_package_load(table, args):
    progress(f"package load: package-load-bench --fragments {args.fragments} --runs {args.pairs}")
    stdout, _ = output_of([os.path.join(args.bin, "package-load-bench"), "--fragments", str(args.fragments),
                           "--runs", str(args.pairs)])
    r = json.loads(stdout.strip().splitlines()[-1])
    goal = f"{goal_text(r['load_median_s'], 2, ' s')}; {goal_text(r['peak_rss_mib'], 300, ' MiB')}"
    table.add("7", f"load a content package of {r['fragments']:,} fragments (`ContentPackage(jcrRoot:)`: "
                   f"{r['loaded']})",
              ms(r["load_median_s"]), "—", "—", f"min–max {ms(r['load_min_s'])}–{ms(r['load_max_s'])}",
              f"{r['peak_rss_mib']:.1f} MiB (in-process)", goal)


def bench_mirror(table, args, work):
    """Item 12: queries and search over a mirror of --mirror-fragments synthetic adventures (mirror-bench, in process,
    filled through SyncEngine): goals 5 ms for a filtered, sorted page of 50 and 20 ms for a search."""
    folder = fresh_dir(work, "mirror")
    progress(f"mirror: mirror-bench --fragments {args.mirror_fragments} --runs {args.pairs}")
    stdout, _ = output_of([os.path.join(args.bin, "mirror-bench"), "--fragments", str(args.mirror_fragments),
                           "--runs", str(args.pairs), "--folder", folder])
    r = json.loads(stdout.strip().splitlines()[-1])
    rows = [
        ("filtered_sorted_50", "`price < 500`, sorted by price, 50 (`--index price`)", 5),
        ("unindexed_sorted_50", "the same on a member without an index", None),
        ("search_20", "search a word in a quarter of the fragments, best 20", 20),
        ("search_rare_20", "search a word in 1 in 100 fragments, best 20", 20),
        ("search_filtered_20", "search with `price < 500`, sorted by price, 20", None),
    ]
    for key, what, goal in rows:
        e = r[key]
        table.add("12", f"mirror of {r['fragments']:,}: {what}", f"{e['median_ms']:.2f} ms", "—", "—",
                  f"min–max {e['min_ms']:.2f}–{e['max_ms']:.2f} ms", f"{r['peak_rss_mib']:.1f} MiB (in-process)",
                  goal_text(e["median_ms"], goal, " ms") if goal else "— (report only)")


def bench_large(table, args, work, slug):
    server = Server(os.path.join(args.bin, "bench-server"), ["--synthetic-image", f"{slug}={args.large_bytes}"],
                    "bench-server (large image)")
    env = client_environment(server, os.environ)
    stdout, _ = output_of([args.wknd, "show", slug, "--json"], env=env, cwd=work)
    url = json.loads(stdout).get("imageUrl")
    if not url:
        table.not_measured("5", "`wknd download` of a large image", "`wknd show --json` gave no imageUrl")
        return

    sizes = {}

    def wknd_one():
        folder = fresh_dir(work, "large-wknd-")
        return [args.wknd, "download", slug, "--output", folder], folder

    def curl_one():
        folder = fresh_dir(work, "large-curl-")
        return ["curl", "-s", "--fail", "-o", os.path.join(folder, "image"), url], folder

    def clean(label):
        def after(folder):
            sizes.setdefault(label, folder_bytes(folder)[1])
            shutil.rmtree(folder, ignore_errors=True)
        return after

    a = Side("wknd", wknd_one, env=env, cwd=work, after=clean("wknd"))
    b = Side("curl", curl_one, after=clean("curl"))
    c = Comparison("large image", a, b, args.large_pairs)
    server.stop()
    peak = c.peak_rss_mib(c.a)
    table.add("5", f"`wknd download {slug}`, one {args.large_bytes / 1e6:.0f} MB image, vs `curl` on its URL",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"**{peak:.1f}** / {c.peak_rss_mib(c.b):.1f} MiB", goal_text(peak, 64, " MiB peak RSS"))
    if sizes.get("wknd") != args.large_bytes:
        table.notes.append(f"Item 5: wknd wrote {sizes.get('wknd')} bytes, expected {args.large_bytes}.")


def curl_loop(urls):
    """The baseline of paging: a shell loop of curl fetching `urls` one after the other, as JSON."""
    loop = "for url in \"$@\"; do curl -s --fail -H 'Accept: application/json' \"$url\" || exit 1; echo; done"
    return Side("curl loop", fixed(["sh", "-c", loop, "sh"] + urls))


def bench_query_all(table, args, work):
    """`wknd query --all --jsonl` over many items (offset pages of `--page-size`, asking limit + 1 each) against a
    shell loop of curl fetching exactly the same page URLs, one after the other."""
    server = Server(os.path.join(args.bin, "bench-server"), ["--adventures", str(args.items + 20)],
                    "bench-server (many adventures)")
    env = client_environment(server, os.environ, fresh_dir(work, "cache-"))
    page = 100
    total = args.items + 20
    query = ["query", "wknd-shared/adventures-all", "--all", "--jsonl", "--paging", "offset", "--page-size", str(page)]
    stdout, stderr = output_of([args.wknd] + query + ["--verbose"], env=env, cwd=work)
    lines = stdout.count("\n")
    urls = re.findall(r"GET (http\S+)", stderr)
    expected = [f"{server.base_url.rstrip('/')}/graphql/execute.json/wknd-shared/adventures-all;limit={page + 1};offset={offset};"
                for offset in range(0, total, page)]
    if urls != expected:
        table.notes.append(f"Item 8: wknd requested {len(urls)} pages, the curl loop fetches {len(expected)} "
                           f"(first {urls[:1]} vs {expected[:1]}).")
    if lines != total:
        table.notes.append(f"Item 8: wknd printed {lines} items, expected {total}.")
    a = Side("wknd", fixed([args.wknd] + query), env=env, cwd=work)
    c = Comparison("query --all --jsonl", a, curl_loop(expected), args.pairs)
    server.stop()
    peak = c.peak_rss_mib(c.a)
    table.add("8", f"`wknd query wknd-shared/adventures-all --all --jsonl --page-size {page}`, {total:,} items in "
                   f"{len(expected)} pages, vs a shell loop of `curl` on the same page URLs",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"**{peak:.1f}** / {c.peak_rss_mib(c.b):.1f} MiB",
              f"{goal_text(c.ratio, 1.3)}; {goal_text(peak, 64, ' MiB peak RSS')}")


def bench_fragments_list(table, args, work):
    """Item 11: `wknd fragments list --all --jsonl` over many fragments (the delivery API's pages of 50, each
    naming the next by its cursor) against a shell loop of curl fetching exactly the page URLs wknd requested."""
    server = Server(os.path.join(args.bin, "bench-server"), ["--adventures", str(args.items)],
                    "bench-server (delivery API)")
    env = client_environment(server, os.environ, fresh_dir(work, "cache-"))
    command = ["fragments", "list", "--all", "--jsonl", "--no-cache"]
    stdout, stderr = output_of([args.wknd] + command + ["--verbose"], env=env, cwd=work)
    lines = stdout.count("\n")
    urls = re.findall(r"GET (http\S+) → 200", stderr)
    if lines < args.items:
        table.notes.append(f"Item 11: wknd printed {lines} fragments, expected at least {args.items:,}.")
    a = Side("wknd", fixed([args.wknd] + command), env=env, cwd=work)
    c = Comparison("fragments list --all --jsonl", a, curl_loop(urls), args.pairs)
    server.stop()
    peak = c.peak_rss_mib(c.a)
    table.add("11", f"`wknd fragments list --all --jsonl`, {lines:,} fragments in {len(urls)} pages of 50, vs a shell "
                    "loop of `curl` on the same page URLs",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"**{peak:.1f}** / {c.peak_rss_mib(c.b):.1f} MiB",
              f"{goal_text(c.ratio, 1.3)}; {goal_text(peak, 64, ' MiB peak RSS')}")


def bench_sync(table, args, work, number, count, source_args, what, check_counts=True):
    """Items 9, 9q and 10: `wknd sync` of many synthetic adventures (each with its own image) into a fresh folder,
    through the GraphQL queries (item 9: the adventures, each read by path; item 9q: `--query`, the items as the pages
    return them) or the delivery API (item 10, `--fragments`), against `curl --parallel` fetching the very URLs wknd
    requested (taken from one `--verbose` run: every page, every detail, every image) at the same concurrency; then a
    re-sync with nothing changed against the base sync. With `check_counts` the verbose run must add `count` items and
    fetch `count - 1` images; without it (item 9q: the query lists the English adventures only, and one sample
    adventure has no image) the row states what it added and fetched."""
    server = Server(os.path.join(args.bin, "bench-server"),
                    ["--adventures", str(count), "--image-bytes", str(args.sync_image_bytes)],
                    f"bench-server (item {number})")
    env = client_environment(server, os.environ, fresh_dir(work, "cache-"))
    concurrency = str(args.concurrency)
    sync_args = source_args + ["--concurrency", concurrency]
    probe = fresh_dir(work, "sync-probe-")
    progress(f"item {number}: one verbose run over {count} {what}, for the URLs")
    stdout, stderr = output_of([args.wknd, "sync", probe, "--json", "--verbose"] + sync_args, env=env, cwd=work)
    report = json.loads(stdout)
    urls = list(dict.fromkeys(re.findall(r"GET (http\S+) → 200", stderr)))
    config = os.path.join(work, f"sync-urls-{number}.curl")
    with open(config, "w") as file:
        for index, url in enumerate(urls):
            file.write(f'url = "{url}"\noutput = "{index}"\n')

    def wknd_base():
        folder = fresh_dir(work, "sync-wknd-")
        return [args.wknd, "sync", folder] + sync_args, folder

    def curl_base():
        folder = fresh_dir(work, "sync-curl-")
        script = 'cd "$1" && exec curl -s --fail --parallel --parallel-max "$2" -K "$3"'
        return ["sh", "-c", script, "sh", folder, concurrency, config], folder

    # Each run's folder stays until the benchmark exits (with its work folder), not deleted between runs: ext4 without
    # a journal skips inodes freed in the last minutes when it creates a file, so 10,000 files deleted just before a
    # run slow every file the run creates — the same for both sides, which hides how the two tools differ.
    # `--remove-sync-folders` deletes each folder after its run instead (how these items were measured before
    # 2026-11-27).
    def remove(folder):
        shutil.rmtree(folder, ignore_errors=True)

    cleanup = remove if args.remove_sync_folders else None

    command = " ".join(["wknd sync DIR"] + sync_args)
    a = Side("wknd sync", wknd_base, env=env, cwd=work, after=cleanup)
    b = Side("curl", curl_base, after=cleanup)
    c = Comparison(f"item {number} (base)", a, b, args.sync_pairs)
    peak = c.peak_rss_mib(c.a)
    counts = "" if check_counts else (f"; it added {report.get('added', 0):,} items and fetched "
                                      f"{report.get('imagesFetched', 0):,} images")
    table.add(number, f"`{command}` into a fresh folder, {count:,} {what} with their own "
                      f"{args.sync_image_bytes / 1000:.0f} kB image, vs `curl --parallel --parallel-max {concurrency}` "
                      f"on the same {len(urls):,} URLs ({report['requests']:,} requests{counts})",
              ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"**{peak:.1f}** / {c.peak_rss_mib(c.b):.1f} MiB",
              f"{goal_text(c.ratio, 1.3)}; {goal_text(peak, 128, ' MiB peak RSS')}")

    bench_client_floor(table, args, work, number, urls, a, curl_base, concurrency, cleanup)

    again = Side("wknd re-sync", fixed([args.wknd, "sync", probe] + sync_args), env=env, cwd=work)
    r = Comparison(f"item {number} (nothing changed)", again, a, args.sync_pairs)
    quiet_stdout, _ = output_of([args.wknd, "sync", probe, "--json"] + sync_args, env=env, cwd=work)
    quiet_report = json.loads(quiet_stdout)
    table.add(f"{number}b", f"`{command}` again with nothing changed ({quiet_report.get('requests', '?')} requests) "
                            "vs the base sync (A/B = the share of the base time)",
              ms(r.median_s(r.a)), ms(r.median_s(r.b)), times(r.ratio), spread_text(r),
              f"{r.peak_rss_mib(r.a):.1f} / {r.peak_rss_mib(r.b):.1f} MiB", goal_text(r.ratio, args.resync_goal))
    if check_counts and (report.get("imagesFetched") != count - 1 or report.get("added") != count):
        table.notes.append(f"Item {number}: the verbose run fetched {report.get('imagesFetched')} images and added "
                           f"{report.get('added')} {what} (expected {count} {what}, {count - 1} images).")
    server.stop()


def bench_client_floor(table, args, work, number, urls, sync, curl_base, concurrency, cleanup):
    """Rows `<number>f`, `<number>c` and `<number>s` of a sync item: the sync's URLs fetched by AsyncHTTPClient alone,
    each body written to a temporary name and renamed into place (`download-floor ahc-rename`: an atomic download with
    no store, no headers or checks of ours), against curl in the same run — the least a sync through this HTTP client
    can take, beside the sync's own row; the same through libcurl driven from Swift (`download-floor curl`), what
    another engine would leave; then the sync (`sync`, its Side) against its client's floor, side by side: what the
    sync adds to its HTTP client."""
    tool = os.path.join(args.bin, "download-floor")
    if not os.path.exists(tool):
        table.not_measured(f"{number}f", "the HTTP client's floor on the sync's URLs", "download-floor missing")
        return
    url_list = os.path.join(work, f"sync-urls-{number}.txt")
    with open(url_list, "w") as file:
        file.write("".join(url + "\n" for url in urls))

    def floor_run():
        folder = fresh_dir(work, "sync-floor-")
        return [tool, "ahc-rename", url_list, folder, "--concurrency", concurrency], folder

    a = Side("download-floor ahc-rename", floor_run, after=cleanup)
    b = Side("curl", curl_base, after=cleanup)
    c = Comparison(f"item {number} (the HTTP client's floor)", a, b, args.sync_pairs)
    table.add(f"{number}f", f"the same {len(urls):,} URLs through AsyncHTTPClient alone, each body written to a "
                            "temporary name and renamed (`download-floor ahc-rename --concurrency "
                            f"{concurrency}`: no store, no checks) vs curl — the least item {number} can take "
                            "through this client", ms(c.median_s(c.a)), ms(c.median_s(c.b)), times(c.ratio),
              spread_text(c), f"{c.peak_rss_mib(c.a):.1f} / {c.peak_rss_mib(c.b):.1f} MiB", "— (report only)")

    def engine_run():
        folder = fresh_dir(work, "sync-engine-")
        return [tool, "curl", url_list, folder, "--concurrency", concurrency], folder

    e = Comparison(f"item {number} (libcurl's floor)", Side("download-floor curl", engine_run, after=cleanup),
                   Side("curl", curl_base, after=cleanup), args.sync_pairs)
    table.add(f"{number}c", f"the same {len(urls):,} URLs through libcurl's multi interface driven from Swift tasks, "
                            "each body written to a temporary file by libcurl's thread and renamed (`download-floor "
                            f"curl --concurrency {concurrency}`) vs curl — what another HTTP engine would leave",
              ms(e.median_s(e.a)), ms(e.median_s(e.b)), times(e.ratio), spread_text(e),
              f"{e.peak_rss_mib(e.a):.1f} / {e.peak_rss_mib(e.b):.1f} MiB", "— (report only)")

    s = Comparison(f"item {number} (against its floor)", sync, a, args.sync_pairs)
    table.add(f"{number}s", f"item {number}'s sync vs its floor (row {number}f's `download-floor ahc-rename`) on the "
                            "same URLs: what the store, the checks and the bookkeeping add to the HTTP client",
              ms(s.median_s(s.a)), ms(s.median_s(s.b)), times(s.ratio), spread_text(s),
              f"{s.peak_rss_mib(s.a):.1f} / {s.peak_rss_mib(s.b):.1f} MiB", "— (report only)")


def bench_startup(table, args, env, cwd):
    a = Side("wknd --version", fixed([args.wknd, "--version"]))
    b = Side("curl --version", fixed(["curl", "--version"]))
    c = Comparison("start-up", a, b, args.pairs)
    table.add("0", "start-up only: `wknd --version` vs `curl --version` (no request)", ms(c.median_s(c.a)),
              ms(c.median_s(c.b)), times(c.ratio), spread_text(c),
              f"{c.peak_rss_mib(c.a):.1f} / {c.peak_rss_mib(c.b):.1f} MiB", "— (report only)")
    return c


def breakdown(args, env, work, list_url, slug):
    """Where a short command's time goes: several commands, round-robin (the order rotated every round)."""
    probe = lambda name: [os.path.join(args.bin, name)]
    rows = [
        ("`/bin/true` (process creation)", ["/bin/true"], None),
        ("Swift, no Foundation (`probe-bare`)", probe("probe-bare"), None),
        ("Swift + FoundationEssentials only, no ICU (`probe-essentials`)", probe("probe-essentials"), None),
        ("Swift + Foundation (`probe-foundation`)", probe("probe-foundation"), None),
        ("Swift + FoundationNetworking, libcurl (`probe-networking`)", probe("probe-networking"), None),
        ("`wknd --version`", [args.wknd, "--version"], None),
        ("`wknd config` (configuration resolved, no request)", [args.wknd, "config"], env),
        ("`wknd list --no-cache`", [args.wknd, "list", "--no-cache"], env),
        (f"`wknd show {slug} --no-cache`", [args.wknd, "show", slug, "--no-cache"], env),
        ("`curl --version`", ["curl", "--version"], None),
        ("`curl` on the list URL", CURL_JSON + [list_url], None),
    ]
    progress(f"start-up breakdown: warm-up, then {args.pairs} rounds of {len(rows)} commands")
    samples = [[] for _ in rows]
    for index, (_, command, child_env) in enumerate(rows):
        run_child(command, env=child_env, cwd=work)
    for round_number in range(args.pairs):
        shift = round_number % len(rows)
        for index in list(range(len(rows)))[shift:] + list(range(len(rows)))[:shift]:
            _, command, child_env = rows[index]
            samples[index].append(run_child(command, env=child_env, cwd=work))
    lines = ["| command | median wall | peak RSS |", "|---|---|---|"]
    for (label, _, _), runs in zip(rows, samples):
        median = statistics.median(s.seconds for s in runs)
        rss = max(s.max_rss_kib for s in runs) / 1024
        lines.append(f"| {label} | {ms(median)} | {rss:.1f} MiB |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = "?"
    try:
        with open("/proc/meminfo") as f:
            kib = int(f.readline().split()[1])
            memory = f"{kib / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" ")[:2]
    return (f"{os.cpu_count()} cores ({model}), {memory} memory, {platform.system()} {platform.release()}; "
            f"{swift[0] if swift else 'swift ?'}; {' '.join(curl)}")


def main():
    global RSS_EXEC, CHILD_TIMEOUT_S
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wknd", required=True, help="the release wknd binary")
    parser.add_argument("--bin", required=True, help="the folder with bench-server and decode-bench")
    parser.add_argument("--pairs", type=int, default=15, help="interleaved pairs per benchmark (default 15)")
    parser.add_argument("--large-pairs", type=int, default=10, help="pairs for the large image (default 10)")
    parser.add_argument("--large-bytes", type=int, default=500_000_000, help="the large image's size")
    parser.add_argument("--adventures", type=int, default=10_000, help="adventures in the decoding benchmark")
    parser.add_argument("--fragments", type=int, default=10_000, help="fragments in the package-loading benchmark")
    parser.add_argument("--concurrency", type=int, default=6, help="download concurrency (default 6)")
    parser.add_argument("--items", type=int, default=10_000, help="synthetic adventures for items 8 and 11 (default 10,000)")
    parser.add_argument("--sync-adventures", type=int, default=10_000, help="adventures in the sync benchmark")
    parser.add_argument("--sync-fragments", type=int, default=10_000,
                        help="fragments in the delivery sync benchmark (item 10; bench-server serves them as adventures)")
    parser.add_argument("--sync-image-bytes", type=int, default=16_384, help="bytes of each image in the sync benchmark")
    parser.add_argument("--sync-pairs", type=int, default=3, help="pairs for the sync benchmark (default 3)")
    parser.add_argument("--remove-sync-folders", action="store_true",
                        help="items 9, 9q and 10: delete each run's folder right after the run instead of when the "
                             "benchmark exits (on ext4 without a journal, files deleted in the last minutes slow the "
                             "next run's file creation for both sides)")
    parser.add_argument("--timeout", type=int, default=CHILD_TIMEOUT_S,
                        help=f"seconds after which a command is killed and the run fails (default {CHILD_TIMEOUT_S}; "
                             "raise it for syncs of 100,000 fragments)")
    parser.add_argument("--resync-goal", type=float, default=0.10,
                        help="goal of items 9b, 9qb and 10b: the re-sync's share of the base sync's time (default 0.10)")
    parser.add_argument("--mirror-fragments", type=int, default=100_000,
                        help="synthetic adventures in the mirror benchmark, item 12 (default 100,000)")
    parser.add_argument("--only", default="0,1,2,3,4,5,6,7,8,9,10,11,12",
                        help="comma-separated items to run (default all; 9q, the query sync, only when named); "
                             "a sync item (9, 9q, 10) brings its re-sync row (b), its HTTP client's floor (f), libcurl's "
                             "floor (c) and the sync against its client's floor (s)")
    args = parser.parse_args()
    RSS_EXEC = os.path.join(args.bin, "rss-exec")
    CHILD_TIMEOUT_S = args.timeout
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that atexit stops the servers
    only = set(args.only.split(","))
    if args.pairs < 1 or args.large_pairs < 1:
        parser.error("--pairs and --large-pairs must be at least 1")

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()[0]
    work = tempfile.mkdtemp(prefix="aem-bench-")
    atexit.register(shutil.rmtree, work, True)
    table = Table()

    server = Server(os.path.join(args.bin, "bench-server"), [], "bench-server")
    env = client_environment(server, os.environ, fresh_dir(work, "cache-"))
    # Items 1 and 2 measure the request itself, without the response cache (item 6 has it).
    list_args = ["list", "--no-cache"]
    stdout, _ = output_of([args.wknd, "list", "--json"], env=env, cwd=work)
    adventures = json.loads(stdout)
    slug = adventures[0]["slug"]

    list_url = requested_url(args.wknd, list_args, env, work) or server.urls["list"]
    show_url = requested_url(args.wknd, ["show", slug, "--no-cache"], env, work) or server.urls["show"][slug]
    for name, seen, built in (("list", list_url, server.urls["list"]), ("show", show_url, server.urls["show"][slug])):
        if seen != built:
            table.notes.append(f"`wknd {name} --verbose` requests {seen}, PersistedQuery.url(on:) builds {built}; curl used the former.")

    if "0" in only:
        bench_startup(table, args, env, work)
    uncached = None
    if "1" in only:
        uncached = bench_query(table, "1", "list", list_args, list_url, args, env, work, goal=1.3)
    if "2" in only:
        bench_query(table, "2", "show", ["show", slug, "--no-cache"], show_url, args, env, work)
    if "6" in only:
        bench_cached_list(table, args, env, work, list_url, uncached)
    where = breakdown(args, env, work, list_url, slug) if "0" in only else None
    download = has_download(args.wknd)
    if "3" in only:
        if download:
            bench_downloads(table, args, env, work, adventures)
        else:
            table.not_measured("3", "`wknd download --all` vs `curl --parallel`", "wknd download missing")
    server.stop()
    if "4" in only:
        bench_decode(table, args)
    if "5" in only:
        if download:
            bench_large(table, args, work, slug)
        else:
            table.not_measured("5", "peak memory of `wknd download` on a 500 MB image", "wknd download missing")
    if "7" in only:
        bench_package_load(table, args)
    if "8" in only:
        bench_query_all(table, args, work)
    if "9" in only:
        bench_sync(table, args, work, "9", args.sync_adventures, [], "adventures")
    if "9q" in only:
        bench_sync(table, args, work, "9q", args.sync_adventures, ["--query", SYNC_QUERY], "adventures served",
                   check_counts=False)
    if "11" in only:
        bench_fragments_list(table, args, work)
    if "12" in only:
        bench_mirror(table, args, work)
    if "10" in only:
        bench_sync(table, args, work, "10", args.sync_fragments, ["--fragments", SYNC_FRAGMENTS_FOLDER],
                   f"fragments below {SYNC_FRAGMENTS_FOLDER}")

    print(f"Taken {started:%Y-%m-%d %H:%M} UTC on {machine()}. "
          f"Load average (1 min) {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.")
    print(f"{args.pairs} interleaved pairs per row ({args.large_pairs} for item 5), order swapped every pair, "
          "one warm-up each; the ratio is the median of the per-pair ratios.")
    print()
    print(table.markdown())
    if where:
        print()
        print("Where the time of a short command goes (same run, round-robin, medians):")
        print()
        print(where)
    if table.notes:
        print()
        for note in table.notes:
            print(f"- {note}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ChildFailed as failure:
        print(f"bench: failed: {failure}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
