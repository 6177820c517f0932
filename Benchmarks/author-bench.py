#!/usr/bin/env python3
"""The author tier of `wknd serve`, measured from outside as a client sees it, on loopback:

  latency   from a publish to a following mirror holding the change (`wknd sync DIR --fragments … --follow`),
            over N publishes (default 30): median, p90, max. Goal: median at most 1 s.
  writers   8 concurrent writers patching 1,000 fragments, each a read-modify-write of a counter field under
            If-Match, again after a 412: patches answered per second, and whether every acknowledged increment is
            there at the end (no lost update). Goal: at least 500 patches/s.
  kill      1,000 patches from 8 writers, the emulator killed with SIGKILL half-way, then started again on the same
            state folder: every acknowledged write must be there.

    python3 Benchmarks/author-bench.py --wknd .build-release/installed/wknd [--only latency,writers,kill]

Prints one JSON object per part on stdout, progress on stderr. Python standard library only; the mirror's SQLite file
is read read-only."""
import argparse, base64, http.client, json, os, random, shutil, signal, socket, sqlite3, statistics, subprocess
import sys, tempfile, threading, time

AUTH = "Basic " + base64.b64encode(b"admin:admin").decode()
FOLDER = "/content/dam/wknd-shared/en/adventures"
MODEL = "/conf/wknd-shared/settings/dam/cfm/models/adventure"
PUBLISH = "/var/workflow/models/scheduled_activation_with_references"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Serve:
    """`wknd serve` on free ports with its author state in `state`."""

    def __init__(self, wknd, state, reset):
        self.publish_port, self.author_port = free_port(), free_port()
        arguments = [wknd, "serve", "--port", str(self.publish_port), "--author-port", str(self.author_port),
                     "--state", state] + (["--reset"] if reset else [])
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if not self.process.stdout.readline() or not self.process.stdout.readline():
            sys.exit("wknd serve did not start (is wknd-serve beside wknd?)")

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        self.process.wait()


class Author:
    """One keep-alive connection to the author origin's Sites API."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(self, method, target, body=None, tag=None, content_type="application/json"):
        headers = {"Authorization": AUTH}
        if tag:
            headers["If-Match"] = tag
        if body is not None:
            headers["Content-Type"] = content_type
            body = json.dumps(body).encode()
        self.connection.request(method, "/adobe/sites" + target, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, response.getheader("ETag"), (json.loads(data) if data else None)

    def fragment(self, fragment_id):
        status, tag, body = self.send("GET", f"/cf/fragments/{fragment_id}")
        if status != 200:
            raise RuntimeError(f"GET {fragment_id}: {status} {body}")
        return body, tag


def field_index(fragment, name):
    return next(i for i, field in enumerate(fragment["fields"]) if field["name"] == name)


def model_id():
    return base64.urlsafe_b64encode(MODEL.encode()).decode().rstrip("=")


def create_fragments(port, count, prefix):
    """Makes `count` adventures (groupSize 0) and returns their ids."""
    author, ids = Author(port), []
    for number in range(count):
        slug = f"{prefix}-{number:05d}"
        status, _, body = author.send("POST", "/cf/fragments", {
            "title": f"Bench {number}", "name": slug, "modelId": model_id(), "parentPath": FOLDER + "/bench",
            "fields": [{"name": "title", "values": [f"Bench {number}"]}, {"name": "slug", "values": [slug]},
                       {"name": "groupSize", "values": [0]}]})
        if status != 201:
            raise RuntimeError(f"create {slug}: {status} {body}")
        ids.append(body["id"])
        if number % 100 == 99:
            sys.stderr.write(f"\rcreated {number + 1}/{count}")
    sys.stderr.write("\n")
    return ids


def increment(author, fragment_id):
    """Adds one to groupSize under the tag read, again after each 412. Returns (new value, 412s met)."""
    conflicts = 0
    while True:
        fragment, tag = author.fragment(fragment_id)
        index = field_index(fragment, "groupSize")
        value = (fragment["fields"][index]["values"] or [0])[0] + 1
        patch = [{"op": "replace", "path": f"/fields/{index}/values", "value": [value]}]
        status, _, body = author.send("PATCH", f"/cf/fragments/{fragment_id}", patch, tag,
                                      "application/json-patch+json")
        if status == 200:
            return value, conflicts
        if status != 412:
            raise RuntimeError(f"PATCH {fragment_id}: {status} {body}")
        conflicts += 1


def writers(port, ids, total, threads=8, on_ack=None, stop=None):
    """`total` increments from `threads` writers on random fragments of `ids`; returns (acknowledged, conflicts, s)."""
    lock, counts = threading.Lock(), {"done": 0, "conflicts": 0}
    errors = []

    def work(seed):
        author, rng = Author(port), random.Random(seed)
        while True:
            with lock:
                if counts["done"] >= total or (stop and stop.is_set()):
                    return
                counts["done"] += 1
            fragment_id = rng.choice(ids)
            try:
                value, conflicts = increment(author, fragment_id)
            except Exception as error:  # the server was killed: the write was not acknowledged
                errors.append(error)
                return
            with lock:
                counts["conflicts"] += conflicts
            if on_ack:
                on_ack(fragment_id, value)

    start = time.monotonic()
    pool = [threading.Thread(target=work, args=(seed,)) for seed in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return counts["done"] - len(errors), counts["conflicts"], time.monotonic() - start, errors


def part_writers(args, work):
    serve = Serve(args.wknd, os.path.join(work, "writers"), reset=True)
    try:
        ids = create_fragments(serve.author_port, 1000, "writers")
        acknowledged = {}
        lock = threading.Lock()

        def ack(fragment_id, value):
            with lock:
                acknowledged[fragment_id] = acknowledged.get(fragment_id, 0) + 1

        done, conflicts, seconds, errors = writers(serve.author_port, ids, args.patches, on_ack=ack)
        author = Author(serve.author_port)
        lost = 0
        for fragment_id in ids:
            fragment, _ = author.fragment(fragment_id)
            value = (fragment["fields"][field_index(fragment, "groupSize")]["values"] or [0])[0]
            lost += acknowledged.get(fragment_id, 0) - value
        return {"part": "writers", "writers": 8, "fragments": len(ids), "patches": done, "seconds": round(seconds, 2),
                "patches_per_s": round(done / seconds, 1), "conflicts_412": conflicts, "lost_updates": lost,
                "errors": len(errors)}
    finally:
        serve.stop()


def part_kill(args, work):
    state = os.path.join(work, "kill")
    serve = Serve(args.wknd, state, reset=True)
    ids = create_fragments(serve.author_port, 1000, "kill")
    acknowledged, lock, stop = {}, threading.Lock(), threading.Event()

    def ack(fragment_id, value):
        with lock:
            acknowledged[fragment_id] = max(acknowledged.get(fragment_id, 0), value)
            if sum(1 for _ in acknowledged) and len(acknowledged) and sum(acknowledged.values()) >= 500 \
                    and not stop.is_set():
                stop.set()
                serve.process.send_signal(signal.SIGKILL)

    writers(serve.author_port, ids, 1000, on_ack=ack, stop=stop)
    serve.process.wait()
    acked = dict(acknowledged)
    again = Serve(args.wknd, state, reset=False)
    try:
        author, missing = Author(again.author_port), 0
        for fragment_id, value in acked.items():
            fragment, _ = author.fragment(fragment_id)
            if (fragment["fields"][field_index(fragment, "groupSize")]["values"] or [0])[0] < value:
                missing += 1
        return {"part": "kill", "acknowledged_writes": sum(acked.values()), "fragments_written": len(acked),
                "missing_after_restart": missing}
    finally:
        again.stop()


def stored_title(database, path):
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as db:
            row = db.execute("SELECT json FROM fragment WHERE path = ?", (path,)).fetchone()
    except sqlite3.Error:
        return None
    if not row:
        return None
    return json.loads(bytes(row[0])).get("fields", {}).get("title")


def part_latency(args, work):
    serve = Serve(args.wknd, os.path.join(work, "latency"), reset=True)
    mirror = os.path.join(work, "mirror")
    env = dict(os.environ, AEM_SCHEME="http", AEM_HOST=f"127.0.0.1:{serve.publish_port}")
    follow = subprocess.Popen([args.wknd, "sync", mirror, "--fragments", FOLDER, "--follow"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    database = os.path.join(mirror, "content.sqlite")
    try:
        author = Author(serve.author_port)
        _, _, listed = author.send("GET", f"/cf/fragments?path={FOLDER}&limit=1")
        path, fragment_id = listed["items"][0]["path"], listed["items"][0]["id"]
        start = time.monotonic()
        while stored_title(database, path) is None:
            time.sleep(0.05)
            if time.monotonic() - start > 120:
                sys.exit("the mirror did not fill in 120 s")
        time.sleep(1.5)
        latencies = []
        for number in range(args.publishes):
            title = f"Published {number}"
            fragment, tag = author.fragment(fragment_id)
            patch = [{"op": "replace", "path": "/title", "value": title},
                     {"op": "replace", "path": f"/fields/{field_index(fragment, 'title')}/values", "value": [title]}]
            status, _, body = author.send("PATCH", f"/cf/fragments/{fragment_id}", patch, tag,
                                          "application/json-patch+json")
            if status != 200:
                sys.exit(f"PATCH: {status} {body}")
            start = time.monotonic()
            status, _, body = author.send("POST", "/cf/fragments/publish", {"paths": [path], "workflowModelId": PUBLISH})
            if status != 200:
                sys.exit(f"publish: {status} {body}")
            while stored_title(database, path) != title:
                time.sleep(0.01)
                if time.monotonic() - start > 30:
                    sys.exit(f"publish {number} did not reach the mirror in 30 s")
            latencies.append(time.monotonic() - start)
            sys.stderr.write(f"\rpublish {number + 1}/{args.publishes}: {latencies[-1]:.2f} s")
            time.sleep(random.uniform(0, 0.5))
        sys.stderr.write("\n")
        latencies.sort()
        return {"part": "latency", "publishes": len(latencies), "median_s": round(statistics.median(latencies), 3),
                "p90_s": round(latencies[int(len(latencies) * 0.9) - 1], 3), "max_s": round(latencies[-1], 3)}
    finally:
        follow.terminate()
        follow.wait()
        serve.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wknd", required=True)
    parser.add_argument("--only", default="latency,writers,kill")
    parser.add_argument("--publishes", type=int, default=30)
    parser.add_argument("--patches", type=int, default=4000, help="patches of the writers part (default 4000)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="author-bench-")
    parts = {"latency": part_latency, "writers": part_writers, "kill": part_kill}
    try:
        for name in args.only.split(","):
            sys.stderr.write(f"{name}…\n")
            print(json.dumps(parts[name](args, work)), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
