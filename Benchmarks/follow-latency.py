#!/usr/bin/env python3
"""Live content end to end: the time from saving an edit in a content package to the change being in a following
mirror, over N edits (default 50), with `wknd serve --content COPY --watch` and
`wknd sync DIR --fragments /content/dam/editorial --follow` on loopback. Prints the median, p90 and max, and the
journal requests an idle follower makes per second.

    python3 Benchmarks/follow-latency.py --wknd .build/release/wknd [--edits 50]

Another package, such as the 100,000 fragments scale-bench generates, with the folder followed and the fragment
edited in it (`--fragment` names the fragment's folder under the package's jcr_root):

    python3 Benchmarks/follow-latency.py --wknd … --package $TMPDIR/scale-bench-packages/scale-100000-images-1000-seed-1/jcr_root \
        --folder /content/dam/scale/en/adventures/batch-0000 \
        --fragment /content/dam/scale/en/adventures/batch-0000/adventure-000000

The package is copied first. Python standard library only; reads the mirror's SQLite file read-only."""
import argparse, json, os, re, shutil, socket, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "Tests/AEMEmulatorTests/Fixtures/editorial/jcr_root")
FOLDER = "/content/dam/editorial"
FRAGMENT = "/content/dam/editorial/articles/bridges-of-the-old-town"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stored_title(database, path):
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as db:
            row = db.execute("SELECT json FROM fragment WHERE path = ?", (path,)).fetchone()
    except sqlite3.Error:
        return None
    if not row:
        return None
    return json.loads(bytes(row[0])).get("fields", {}).get("title")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wknd", required=True)
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--package", default=PACKAGE, help="the jcr_root served (default: the editorial fixture)")
    parser.add_argument("--folder", default=FOLDER, help=f"the DAM folder mirrored (default {FOLDER})")
    parser.add_argument("--fragment", default=FRAGMENT, help=f"the fragment edited, in that folder (default {FRAGMENT})")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the service and the mirror")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="follow-latency-")
    package, mirror = os.path.join(work, "jcr_root"), os.path.join(work, "mirror")
    shutil.copytree(args.package, package)
    port = free_port()
    env = dict(os.environ, AEM_SCHEME="http", AEM_HOST=f"127.0.0.1:{port}")
    serve = subprocess.Popen([args.wknd, "serve", "--content", package, "--watch", "--port", str(port)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    if not serve.stdout.readline():
        sys.exit("wknd serve did not start (is wknd-serve beside wknd?)")
    log = open(os.path.join(work, "follow.log"), "w")
    follow = subprocess.Popen([args.wknd, "sync", mirror, "--fragments", args.folder, "--follow",
                               "--verbose"], stdout=subprocess.DEVNULL, stderr=log, env=env)
    database = os.path.join(mirror, "content.sqlite")
    try:
        start = time.monotonic()
        while stored_title(database, args.fragment) is None:
            time.sleep(0.05)
            if time.monotonic() - start > args.timeout:
                sys.exit(f"{args.fragment} did not reach the mirror in {args.timeout:.0f} s")
        time.sleep(1.5)
        file = os.path.join(package, args.fragment.lstrip("/"), ".content.xml")
        original = open(file, encoding="utf-8").read()
        latencies = []
        for edit in range(args.edits):
            title = f"Edit {edit}"
            text = re.sub(r'title="[^"]*"', f'title="{title}"', original, count=2)
            start = time.monotonic()
            with open(file + ".tmp", "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(file + ".tmp", file)
            while stored_title(database, args.fragment) != title:
                time.sleep(0.01)
                if time.monotonic() - start > 30:
                    sys.exit(f"edit {edit} did not reach the mirror in 30 s")
            latencies.append(time.monotonic() - start)
            sys.stderr.write(f"\redit {edit + 1}/{args.edits}: {latencies[-1]:.2f} s")
        sys.stderr.write("\n")
        before = open(log.name).read().count("/events/organizations/")
        time.sleep(10)
        idle = (open(log.name).read().count("/events/organizations/") - before) / 10
        latencies.sort()
        print(json.dumps({
            "edits": args.edits, "median_s": statistics.median(latencies),
            "p90_s": latencies[int(len(latencies) * 0.9) - 1], "max_s": latencies[-1],
            "idle_journal_requests_per_s": idle}))
    finally:
        follow.terminate()
        serve.terminate()
        follow.wait()
        serve.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
