"""``make wirecheck``: what the first load of a table page costs on the wire, in production mode.

Collects the static files (hashed and compressed, as in production), migrates a throwaway
SQLite database, starts gunicorn on a free port of 127.0.0.1 with DEBUG off, and drives
Debian's chromium through Playwright: a first phone starts a Scopa table through the form
(which makes its guest account and signs it in), then a fresh browser context with that
session but an empty cache loads the table page. Every request of that load is counted with
the bytes it took on the wire (headers and encoded body, as Chromium reports them).

Prints one line per request and the totals; fails (exit 1) over the targets of issue 14:
at most 4 requests and 50 KB. That load is measured with service workers blocked: the page's
own cost. Then the same load with them allowed shows what the service worker adds after the
page has loaded, reported apart: once per deploy its script and the static files it keeps,
and the pages it keeps for offline use (the table page itself, the home page, the rules and
the referees: scorekeeper/pwa.py).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Error, Request, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from production import GUNICORN_CONFIG  # how production runs gunicorn

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
MAX_REQUESTS = 4
MAX_KB = 50.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer {url} within 30 s")


def measure(
    base_url: str, access_log: Path, *, service_workers: bool = False
) -> list[tuple[str, int, str, int]]:
    """(url, status, content-encoding, bytes on the wire) for each request of the first load
    of a Scopa table page by a signed-in phone; with ``service_workers``, until the service
    worker is ready, its downloads included."""
    with sync_playwright() as playwright:

        def launch() -> Browser:
            return playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )

        browser = launch()
        try:
            maker = browser.new_context()
            page = maker.new_page()
            page.goto(f"{base_url}/tables/new/")
            page.get_by_label("Player 1", exact=True).fill("Ann")
            page.get_by_label("Player 2", exact=True).fill("Bob")
            page.get_by_role("button", name="Start the game").click()
            page.wait_for_url(re.compile(r"/tables/[a-z2-7]{16}/$"))
            table_url = page.url
            session = maker.storage_state()
        finally:
            browser.close()

        # A browser of its own: Chromium remembers icons (and a missing one) per browser.
        browser = launch()
        logged_before = len(access_log.read_text().splitlines())
        try:
            context = browser.new_context(
                storage_state=session, service_workers="allow" if service_workers else "block"
            )
            seen: list[tuple[str, int, str, int]] = []

            def finished(request: Request) -> None:
                try:
                    response = request.response()
                    sizes = request.sizes()
                except Error:
                    return  # still on its way when the context closed: the access log has it
                seen.append(
                    (
                        request.url.removeprefix(base_url),
                        response.status if response else 0,
                        (response.header_value("content-encoding") if response else None) or "-",
                        sizes["responseHeadersSize"] + sizes["responseBodySize"],
                    )
                )

            context.on("requestfinished", finished)
            context.on("requestfailed", lambda request: seen.append((request.url, 0, "-", 0)))
            page = context.new_page()
            page.goto(table_url, wait_until="networkidle")
            if service_workers:
                page.evaluate("navigator.serviceWorker.ready")
                page.wait_for_load_state("networkidle")
                # The pages kept for offline use come after the worker is ready, one by one.
                page.wait_for_timeout(2000)
                page.wait_for_load_state("networkidle")
            # Chromium asks for the icon after the load; give it the time to.
            page.wait_for_timeout(1000)
            context.close()
        finally:
            browser.close()
        time.sleep(0.5)  # the access log is written after the answer
        # Chromium tells Playwright nothing of its own /favicon.ico request: the server's
        # access log has every request of the load (body bytes only for those).
        reported = {url for url, *_rest in seen}
        for line in access_log.read_text().splitlines()[logged_before:]:
            status, size, url = line.split(" ", 2)
            if url not in reported:
                seen.append((url, int(status), "?", int(size) if size.isdigit() else 0))
        return seen


def main() -> int:
    scratch = Path(tempfile.mkdtemp(prefix="scorekeeper-wirecheck-"))
    port = _free_port()
    access_log = scratch / "access.log"
    access_log.touch()
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "wirecheck-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{scratch}/wirecheck.sqlite3",
        # One table and one guest from this address: far under the limits, but say so.
        "RATE_LIMITS": "guest.ip=0,table.ip=0,table.account=0",
    }
    server = None
    try:
        manage = [PYTHON, "manage.py"]
        subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True)
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True)
        server = subprocess.Popen(
            [
                PYTHON, "-m", "gunicorn", "--config", GUNICORN_CONFIG, "scorekeeper.wsgi",
                "--bind", f"127.0.0.1:{port}",
                "--workers", "2", "--log-level", "warning",
                "--access-logfile", str(access_log), "--access-logformat", "%(s)s %(B)s %(U)s",
            ],
            cwd=BASE_DIR,
            env=env,
        )  # fmt: skip
        base_url = f"http://127.0.0.1:{port}"
        _wait_until_up(f"{base_url}/", server)
        seen = measure(base_url, access_log)
        with_worker = measure(base_url, access_log, service_workers=True)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)

    print("First load of a Scopa table page (signed-in club member, empty cache):")
    for url, status, encoding, size in seen:
        print(f"  {status:>3}  {encoding:>5}  {size / 1000:6.1f} KB  {url}")
    total_kb = sum(size for *_rest, size in seen) / 1000
    print(
        f"{len(seen)} requests, {total_kb:.1f} KB on the wire "
        f"(targets: at most {MAX_REQUESTS} requests, {MAX_KB:.0f} KB)"
    )

    # Each measure starts a table of its own: compare the page's address without its id.
    def same(url: str) -> str:
        return re.sub(r"^/tables/[a-z2-7]{16}/", "/tables/ID/", url)

    # The page's own requests, once each: what is left is the worker's (the table page again
    # among them, kept for offline use, since the worker was not there when it loaded).
    page_urls = [same(url) for url, *_rest in seen]
    worker = []
    for row in with_worker:
        if "?part=" in row[0]:
            continue  # the page's own poll, once it has loaded
        if same(row[0]) in page_urls:
            page_urls.remove(same(row[0]))
        else:
            worker.append(row)
    static = [row for row in worker if row[0].startswith("/static/") or row[0] == "/sw.js"]
    pages = [row for row in worker if row not in static]
    print("Then, in the background after the load (never on a save-data connection):")
    for title, rows in (
        ("the service worker and the static files it keeps, once per deploy", static),
        ("the pages kept for offline use, once (a table's again after each hand)", pages),
    ):
        print(f" {title}:")
        for url, status, encoding, size in rows:
            print(f"  {status:>3}  {encoding:>5}  {size / 1000:6.1f} KB  {url}")
        print(f" {len(rows)} requests, {sum(row[3] for row in rows) / 1000:.1f} KB")
    print(f"{len(worker)} requests, {sum(row[3] for row in worker) / 1000:.1f} KB in all")
    failed = [url for url, status, *_rest in seen + worker if status >= 400 or status == 0]
    if failed:
        print("failed: " + ", ".join(failed))
    return 0 if len(seen) <= MAX_REQUESTS and total_kb <= MAX_KB and not failed else 1


if __name__ == "__main__":
    os.chdir(BASE_DIR)
    sys.exit(main())
