#!/usr/bin/env python3
"""A real MCP client (the Python SDK, `pip install mcp`) against `wknd mcp` over stdio.

It starts the built `wknd mcp` as an agent would, lists its tools and resources, calls each tool against a mirror
of the built-in sample (filled by `wknd sync --fragments`) and against the emulator (`wknd serve --port 0`), and
checks the answers, the tool errors, the progress of a paged query, and a clean stop at the end of input.

    python3 Tests/MCPClient/check_wknd_mcp.py [path/to/wknd]     (default: .build/debug/wknd)

Prints one line per check and ends with "N passed, M failed"; exits 1 when a check failed.
"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

TOOLS = {
    "list_models", "list_fragments", "get_fragment", "search_fragments",
    "list_persisted_queries", "run_persisted_query", "get_schema",
}
WRITE_TOOLS = {
    "get_authored_fragment", "patch_fragment", "create_fragment", "publish_fragments", "unpublish_fragments",
}
ADVENTURES = "/content/dam/wknd-shared/en/adventures"
results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(("PASS " if condition else "FAIL ") + name + ("" if condition or not detail else f": {detail}"))


def field(value, snake, camel):
    """A result's member, as the SDK of either major version names it."""
    return getattr(value, snake, None) if hasattr(value, snake) else getattr(value, camel, None)


def structured(result):
    return field(result, "structured_content", "structuredContent")


def is_error(result):
    return bool(field(result, "is_error", "isError"))


def text(result):
    return "".join(getattr(block, "text", "") for block in result.content)


async def session_checks(label, wknd, args, env, checks, expected=TOOLS):
    params = StdioServerParameters(command=wknd, args=["mcp", *args], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            names = {tool.name for tool in tools.tools}
            check(f"{label}: the {len(expected)} tools are listed", names == expected, sorted(names))
            hints = {tool.name: tool.annotations for tool in tools.tools}
            check(f"{label}: only the author tools that change content say they are not read-only",
                  all(bool(field(hints[name], "read_only_hint", "readOnlyHint")) == (name not in WRITE_TOOLS - {"get_authored_fragment"})
                      for name in names), hints)
            schemas = {tool.name: field(tool, "input_schema", "inputSchema") for tool in tools.tools}
            check(f"{label}: each tool has an object schema", all(s.get("type") == "object" for s in schemas.values()))
            outputs = {tool.name: field(tool, "output_schema", "outputSchema") or {} for tool in tools.tools}
            check(f"{label}: each tool declares an object output schema",
                  all(s.get("type") == "object" for s in outputs.values()), outputs)
            await checks(session)


async def common_checks(label, session):
    first = await session.call_tool("list_fragments", {"folder": ADVENTURES, "limit": 5})
    page = structured(first) or {}
    check(f"{label}: list_fragments gives a page of 5 and a cursor",
          not is_error(first) and len(page.get("items", [])) == 5 and page.get("cursor"), text(first)[:200])
    second = await session.call_tool("list_fragments", {"folder": ADVENTURES, "limit": 5, "cursor": page.get("cursor")})
    paths = {item["path"] for item in (structured(second) or {}).get("items", [])}
    check(f"{label}: the next page holds other fragments",
          len(paths) == 5 and paths.isdisjoint(item["path"] for item in page["items"]))
    item = page["items"][0]
    by_path = structured(await session.call_tool("get_fragment", {"path": item["path"]})) or {}
    by_id = structured(await session.call_tool("get_fragment", {"id": item["id"]})) or {}
    check(f"{label}: get_fragment by path and by id", by_path.get("fragment", {}).get("id") == item["id"]
          and by_id.get("fragment", {}).get("path") == item["path"])
    models = structured(await session.call_tool("list_models", {})) or {}
    check(f"{label}: list_models has the adventure model with a title field",
          any(m["name"].lower() == "adventure" and any(f["name"] == "title" for f in m["fields"])
              for m in models.get("models", [])), json.dumps(models)[:300])
    bad = await session.call_tool("list_fragments", {"limit": 500})
    check(f"{label}: a bad argument is a tool error with one clear line",
          is_error(bad) and text(bad) == 'list_fragments "limit" must be a whole number from 1 to 50.', text(bad))
    unknown = await session.call_tool("get_fragment", {"path": "/content/dam/wknd-shared/en/nowhere"})
    check(f"{label}: a missing fragment is a tool error", is_error(unknown) and "nowhere" in text(unknown), text(unknown))
    again = await session.call_tool("get_fragment", {"path": item["path"]})
    check(f"{label}: the server goes on after errors", not is_error(again))
    read = await session.read_resource(f"aem://fragment{item['path']}")
    content = json.loads(read.contents[0].text)
    check(f"{label}: the resource aem://fragment/<path> is the fragment's JSON", content.get("id") == item["id"])
    templates = await session.list_resource_templates()
    uris = {field(t, "uri_template", "uriTemplate") for t in templates.resourceTemplates} if hasattr(
        templates, "resourceTemplates") else {t.uri_template for t in templates.resource_templates}
    check(f"{label}: the resource templates are listed", "aem://fragment/{+path}" in uris, uris)


async def mirror_checks(session):
    await common_checks("mirror", session)
    found = await session.call_tool("search_fragments", {"text": "surf"})
    items = (structured(found) or {}).get("items", [])
    check("mirror: search_fragments ranks the fragments that mention surf",
          items and [i["rank"] for i in items] == list(range(1, len(items) + 1))
          and all("surf" in json.dumps(i["fragment"]).lower() for i in items), text(found)[:300])
    queries = await session.call_tool("list_persisted_queries", {})
    check("mirror: list_persisted_queries says it needs the service",
          is_error(queries) and "without --store" in text(queries), text(queries))
    resources = await session.list_resources()
    check("mirror: every fragment is a resource", len(resources.resources) >= 20)


async def service_checks(session):
    await common_checks("emulator", session)
    queries = (structured(await session.call_tool("list_persisted_queries", {})) or {}).get("queries", [])
    names = {q["name"] for q in queries}
    check("emulator: list_persisted_queries lists the sample's queries", "wknd-shared/adventures-all" in names, names)
    answer = structured(await session.call_tool("run_persisted_query", {"name": "wknd-shared/adventures-all"})) or {}
    items = (answer.get("data") or {}).get("adventureList", {}).get("items", [])
    check("emulator: run_persisted_query answers 20 adventures", len(items) == 20, len(items))
    progress = []

    async def on_progress(done, total, message):
        progress.append(done)

    paged = await session.call_tool(
        "run_persisted_query", {"name": "wknd-shared/adventures-paginated", "all": True, "pageSize": 6},
        progress_callback=on_progress)
    paged = structured(paged) or {}
    check("emulator: all: true follows every page", len(paged.get("items", [])) == 20 and paged.get("pages") == 4,
          json.dumps(paged)[:200])
    check("emulator: a progress notification comes for each page", progress == [6, 12, 18, 20], progress)
    schema = structured(await session.call_tool("get_schema", {"configuration": "wknd-shared"})) or {}
    check("emulator: get_schema is the SDL", "type AdventureModel" in schema.get("sdl", ""))
    search = await session.call_tool("search_fragments", {"text": "surf"})
    check("emulator: search_fragments says it needs a mirror", is_error(search) and "--store" in text(search))
    read = await session.read_resource("aem://query/wknd-shared/adventures-all")
    check("emulator: the resource aem://query/<conf>/<name> is the query's text", "adventureList" in read.contents[0].text)


async def write_checks(session):
    path = ADVENTURES + "/lofoten-winter-surf/lofoten-winter-surf"
    patch_hints = None
    for tool in (await session.list_tools()).tools:
        if tool.name == "patch_fragment":
            patch_hints = tool.annotations
    check("writes: patch_fragment is destructive and idempotent",
          patch_hints and field(patch_hints, "destructive_hint", "destructiveHint")
          and field(patch_hints, "idempotent_hint", "idempotentHint"), patch_hints)
    read = structured(await session.call_tool("get_authored_fragment", {"path": path})) or {}
    etag = read.get("etag")
    check("writes: get_authored_fragment gives the fragment and its etag", etag and read.get("status") == "PUBLISHED",
          json.dumps(read)[:200])
    patched = await session.call_tool("patch_fragment", {"path": path, "etag": etag, "fields": {"groupSize": 4}})
    answer = structured(patched) or {}
    check("writes: patch_fragment changes a field by name", not is_error(patched) and answer.get("changed") == [
        "groupSize"] and answer.get("status") == "MODIFIED", text(patched)[:300])
    stale = await session.call_tool("patch_fragment", {"path": path, "etag": etag, "fields": {"groupSize": 5}})
    check("writes: a stale etag is refused", is_error(stale) and "changed on author" in text(stale), text(stale))
    published = await session.call_tool(
        "publish_fragments", {"fragments": [{"path": path, "etag": answer.get("etag")}]})
    items = (structured(published) or {}).get("items", [])
    check("writes: publish_fragments publishes under the etag",
          items and items[0].get("status") == "SUCCESS_TRIGGERED", text(published)[:300])
    served = structured(await session.call_tool("get_fragment", {"path": path, "references": "none"})) or {}
    check("writes: publish serves the change", served.get("fragment", {}).get("fields", {}).get("groupSize") == 4,
          json.dumps(served)[:300])


def stops_at_end_of_input(wknd, args, env):
    """Starts wknd mcp, sends initialize, closes its input and waits for a clean exit."""
    process = subprocess.Popen([wknd, "mcp", *args], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "check", "version": "1"}}}
    process.stdin.write((json.dumps(initialize) + "\n").encode())
    process.stdin.flush()
    first = process.stdout.readline()
    process.stdin.close()
    try:
        status = process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        status = None
    return b'"serverInfo"' in first, status


def main():
    wknd = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/wknd")
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    with tempfile.TemporaryDirectory() as home:
        env = {**base, "HOME": home, "WKND_CACHE_DIR": os.path.join(home, "cache")}
        mirror = os.path.join(home, "mirror")
        sync = subprocess.run([wknd, "sync", mirror, "--fragments", "/content/dam/wknd-shared"], env=env,
                              capture_output=True, text=True, timeout=300)
        check("a mirror of the built-in sample is synced", sync.returncode == 0, sync.stderr[-300:])
        asyncio.run(session_checks("mirror", wknd, ["--store", mirror], env, mirror_checks))
        answered, status = stops_at_end_of_input(wknd, ["--store", mirror], env)
        check("the server answers initialize and exits 0 at the end of its input", answered and status == 0, status)

        serve = subprocess.Popen([wknd, "serve", "--port", "0", "--author-port", "0", "--preview-port", "0",
                                  "--no-state"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = serve.stdout.readline().strip()
            author = serve.stdout.readline().strip()
            host = url.removeprefix("http://")
            check("the emulator is serving", url.startswith("http://127.0.0.1:") and author.startswith("http://"), url)
            service_env = {**env, "AEM_SCHEME": "http", "AEM_HOST": host}
            asyncio.run(session_checks("emulator", wknd, [], service_env, service_checks))
            author_env = {**service_env, "AEM_AUTHOR_HOST": author.removeprefix("http://"), "AEM_AUTH_TYPE": "basic",
                          "AEM_USERNAME": "admin", "AEM_PASSWORD": "admin"}
            asyncio.run(session_checks("writes", wknd, ["--allow-writes"], author_env, write_checks,
                                       expected=TOOLS | WRITE_TOOLS))
            started = time.monotonic()
            answered, status = stops_at_end_of_input(wknd, [], service_env)
            check("with the service too, it exits 0 at the end of its input", answered and status == 0, status)
            print(f"(stopped in {time.monotonic() - started:.1f} s)")
        finally:
            serve.terminate()
            serve.wait(timeout=10)

    failed = results.count(False)
    print(f"mcp: {results.count(True)} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
