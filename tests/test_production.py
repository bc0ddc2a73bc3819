"""The production set-up (scripts/production.py, ``make production``) on loopback: nginx in
front of two gunicorn app servers sharing one PostgreSQL.

(a) 20 slow clients sending their headers a byte at a time do not slow the saves of a hand
    through nginx (p50 at most twice the p50 of the same saves without them, measured in the
    same run, and no save waits for a slow client), and nginx drops them after its header
    timeout; the same slow clients sent straight at an app server's threads do hold a
    save up, which is what the proxy is for.
(b) Two phones, each on its own app server (their loopback ports): signed in on one, the
    session works on the other; a hand saved on one is in the other's poll; a rate limit
    counted on one counts on the other.

Needs nginx (apt-get install nginx) and PostgreSQL (DATABASE_URL when it names PostgreSQL's
server, else postgres://postgres@127.0.0.1:5432/postgres), on which the set-up gets a throwaway
database of its own (dropped at the end, and only it). Without either the tests are skipped,
unless SCOREKEEPER_REQUIRE_NGINX=1 (as in CI), which makes them fail.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import random
import re
import secrets
import select
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.conf import settings

from scorekeeper import gunicorn_conf
from tests.scripts import load_script

BASE_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SLOW_CLIENTS = 20
SAVES = 15
# nginx's header timeout in these tests: a slow client still sending after it is dropped.
CLIENT_TIMEOUT = 3
# Rate limits: tables an account may start, guest accounts one address may make.
TABLE_LIMIT = 3
GUEST_LIMIT = 2
# Workers per app server in the set-up (each of gunicorn_conf.threads threads).
APP_WORKERS = 2

# The set-up runs on PostgreSQL whichever database the pass has: CI runs it once, in the
# PostgreSQL pass, which has the time for it.
pytestmark = [pytest.mark.production, pytest.mark.postgresql_pass]


production = load_script("production")
loadtest = load_script("loadtest")
load_phones = load_script("load_phones")


def _unavailable(reason: str) -> None:
    if os.environ.get("SCOREKEEPER_REQUIRE_NGINX", "").strip() not in ("", "0"):
        pytest.fail(f"SCOREKEEPER_REQUIRE_NGINX is set but {reason}", pytrace=False)
    pytest.skip(f"The production set-up's tests need {reason}; skipped.")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _postgres_server() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.split(":", 1)[0] in {"postgres", "postgresql"}:
        return url.rsplit("/", 1)[0]
    return "postgres://postgres@127.0.0.1:5432"


@dataclass
class SetUp:
    port: int  # nginx
    app_ports: list[int]
    username: str
    password: str
    tables: list[str]
    session: dict[str, str]  # the cookie of the phone that made the account, signed in
    state: Path  # nginx's configuration and logs


TABLE_RE = re.compile(r"/tables/([a-z2-7]{16})/")
GUESTS = 1  # guest accounts the set-up makes (the guest.ip limit counts them)
TABLES = 2  # tables the set-up's account starts (the table.account limit counts them)


def start_table(at: Any) -> tuple[int, str | None]:
    """A Scopa table for Ann and Bob through the new-table form (as a guest when the phone
    has no account yet): the answer's status and, when one was started, its public id."""
    status, html = at.request("GET", "/tables/new/")
    token = load_phones.csrf_token(html)
    assert status == 200
    assert token
    _status, home = at.request("GET", "/")
    before = set(TABLE_RE.findall(home))
    fields = [("csrfmiddlewaretoken", token), ("game", "scopa"), ("player_0", "Ann"),
              ("player_1", "Bob")]  # fmt: skip
    status, _html = at.request("POST", "/tables/new/", fields)
    if status != 302:
        return int(status), None
    _status, home = at.request("GET", "/")
    (made,) = set(TABLE_RE.findall(home)) - before
    return 302, str(made)


def account_on(port: int) -> tuple[str, str, list[str], dict[str, str]]:
    """What a first phone does: starts tables as a guest, then gives the account a name and a
    password ("Keep your games"). The name, the password, the tables and the phone's session."""
    guest = phone(port)
    tables = [start_table(guest)[1] for _ in range(TABLES)]
    assert all(tables)
    username, password = f"ann-{secrets.token_hex(3)}", secrets.token_urlsafe(12)
    _status, html = guest.request("GET", "/accounts/keep/")
    fields = [("csrfmiddlewaretoken", load_phones.csrf_token(html) or ""), ("username", username),
              ("password1", password), ("password2", password)]  # fmt: skip
    status, html = guest.request("POST", "/accounts/keep/", fields)
    assert status == 302, html
    tables_made = [str(table) for table in tables]
    return username, password, tables_made, {"sessionid": guest.cookies["sessionid"]}


@pytest.fixture(scope="module")
def setup() -> Iterator[SetUp]:
    if production.nginx_binary() is None:
        _unavailable("nginx, which is not installed (apt-get install nginx)")
    server = _postgres_server()
    name = f"test_scorekeeper_production_{os.getpid()}_{secrets.token_hex(4)}"
    try:
        with psycopg.connect(f"{server}/postgres", autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        _unavailable(f"PostgreSQL at {server}, which cannot be reached ({error})")
    scratch = Path(tempfile.mkdtemp(prefix="scorekeeper-production-test-"))
    port = _free_port()
    app_ports = [_free_port(), _free_port()]
    env = {
        **os.environ,
        "SECRET_KEY": "production-test-" + secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"{server}/{name}",
        "RATE_LIMITS": f"table.account={TABLE_LIMIT},guest.ip={GUEST_LIMIT}",
        "LOG_LEVEL": "ERROR",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    running = production.Production(
        port=port,
        app_ports=app_ports,
        host=HOST,
        workers=APP_WORKERS,
        client_timeout=CLIENT_TIMEOUT,
        state=scratch,
        static_root=scratch / "static",
        env=env,
        quiet=True,
    )
    try:
        began = time.monotonic()
        running.start()
        print(f"started in {time.monotonic() - began:.1f} s")
        yield SetUp(port, app_ports, *account_on(port), scratch)
    finally:
        began = time.monotonic()
        running.stop()
        print(f"stopped in {time.monotonic() - began:.1f} s")
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(scratch, ignore_errors=True)


# -- slow clients ---------------------------------------------------------------------------------


class SlowClient(threading.Thread):
    """A slowloris: a request line, then a header a byte every 0.1 s, never its end, for at
    most ``hold`` seconds. ``dropped`` is how long the server let it go on (None: not
    dropped before it gave up)."""

    def __init__(self, port: int, hold: float) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.hold = hold
        self.connected = threading.Event()
        self.dropped: float | None = None
        self.answer = b""

    def run(self) -> None:
        started = time.monotonic()
        with socket.create_connection((HOST, self.port), timeout=self.hold) as sock:
            sock.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}\r\n".encode())
            self.connected.set()
            header = b"X-Slow: " + b"a" * 1000
            for byte in header:
                if time.monotonic() - started >= self.hold:
                    return
                readable, _w, _x = select.select([sock], [], [], 0.1)
                if readable:
                    with contextlib.suppress(OSError):
                        self.answer = sock.recv(4096)
                    self.dropped = time.monotonic() - started
                    return
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    self.dropped = time.monotonic() - started
                    return


def slow_clients(port: int, hold: float, count: int = SLOW_CLIENTS) -> list[SlowClient]:
    clients = [SlowClient(port, hold) for _ in range(count)]
    for client in clients:
        client.start()
    for client in clients:
        assert client.connected.wait(5), "a slow client could not connect"
    return clients


# -- phones ---------------------------------------------------------------------------------------


def phone(port: int, cookies: dict[str, str] | None = None) -> Any:
    made = load_phones.Phone(port, timeout=30)
    made.cookies.update(cookies or {})
    return made


def open_table(at: Any, public_id: str) -> Any:
    run = load_phones.TableRun(at, f"/tables/{public_id}/", public_id)
    run.load()
    return run


def save(run: Any) -> float:
    """One hand saved as htmx does; its milliseconds."""
    before = run.version
    run.save_and_load(time.perf_counter(), random.Random(len(run.sent)))
    kind, _at, milliseconds, error = run.samples[-2]
    assert kind == load_phones.SAVE
    assert not error, run.first_error
    assert run.version == before + 1
    return float(milliseconds)


def test_slow_clients_do_not_slow_saves_through_nginx(setup: SetUp) -> None:
    run = open_table(phone(setup.port, setup.session), setup.tables[0])
    for _ in range(3):  # warm: each app server's workers have loaded the page once
        save(run)
    alone = [save(run) for _ in range(SAVES)]

    # Held longer than nginx's header timeout: nginx drops every one of them first.
    hold = CLIENT_TIMEOUT + 2
    clients = slow_clients(setup.port, hold)
    started = time.monotonic()
    beside = [save(run) for _ in range(SAVES)]
    saved_within = time.monotonic() - started
    still_sending = sum(1 for client in clients if client.is_alive())
    for client in clients:
        client.join(hold + 2)

    median_alone = load_phones.percentile(alone, 50)
    median_beside = load_phones.percentile(beside, 50)
    print(
        f"saves through nginx: p50 {median_alone:.0f} ms alone, {median_beside:.0f} ms beside "
        f"{SLOW_CLIENTS} slow clients (max {max(beside):.0f} ms); slow clients dropped after "
        + ", ".join(sorted({f"{c.dropped:.1f} s" for c in clients if c.dropped is not None}))
    )
    # The saves ran while every slow client was still sending.
    assert saved_within < CLIENT_TIMEOUT
    assert still_sending == SLOW_CLIENTS
    assert median_beside <= 2 * median_alone
    # None waited for a slow client to give up or be dropped.
    assert max(beside) < 1000 * CLIENT_TIMEOUT / 2
    # nginx dropped each one (408) at its header timeout, before the client would have quit.
    for client in clients:
        assert client.dropped is not None
        assert CLIENT_TIMEOUT - 0.5 <= client.dropped < hold
        assert client.answer == b"" or client.answer.startswith(b"HTTP/1.1 408")


def test_slow_clients_hold_up_an_app_server_without_nginx(setup: SetUp) -> None:
    """What the proxy is for: slow clients straight at one app server take every thread of its
    workers (APP_WORKERS of gunicorn_conf.threads each) and keep a save waiting until they
    give up."""
    direct = phone(setup.app_ports[0], setup.session)
    run = open_table(direct, setup.tables[1])
    quick = save(run)
    hold = 1.5
    # Five for each thread: however unevenly the workers take them (a busy machine once left
    # one worker with fewer slow clients than threads, and the save went through), every
    # thread of each is held.
    clients = slow_clients(setup.app_ports[0], hold, count=5 * APP_WORKERS * gunicorn_conf.threads)
    # Connected means the kernel took them; the workers take them from it a moment later.
    time.sleep(0.2)
    held = save(run)
    for client in clients:
        client.join(hold + 2)
    print(f"a save straight at an app server: {quick:.0f} ms alone, {held:.0f} ms beside them")
    assert held >= 1000 * hold / 2
    assert held > 2 * quick


def test_nginx_passes_on_the_compressed_answers(setup: SetUp) -> None:
    """Static files and compression as without nginx: a page gzipped by Django, a static file
    in WhiteNoise's brotli copy, cached for good."""

    def get(path: str, encoding: str) -> tuple[Any, bytes]:
        connection = http.client.HTTPConnection(HOST, setup.port, timeout=30)
        try:
            connection.request("GET", path, headers={"Accept-Encoding": encoding})
            response = connection.getresponse()
            return response, response.read()
        finally:
            connection.close()

    page, body = get("/", "gzip")
    assert page.status == 200
    assert page.getheader("Content-Encoding") == "gzip"
    match = re.search(
        r'href="(/static/css/bundle\.[0-9a-f]+\.css)"', gzip.decompress(body).decode()
    )
    assert match
    styles, _body = get(match.group(1), "br, gzip")
    assert styles.status == 200
    assert styles.getheader("Content-Encoding") == "br"
    assert "immutable" in styles.getheader("Cache-Control", "")


def test_nginx_keeps_a_phones_connection_alive(setup: SetUp) -> None:
    """A phone's save, its page and its polls go over one connection to nginx (issue 31: no
    new connection per request)."""
    at_table = open_table(phone(setup.port, setup.session), setup.tables[0])
    kept = at_table.phone.connection.sock
    assert kept is not None
    assert at_table.phone.kept_alive
    for _ in range(2):
        save(at_table)
    status, _html = at_table.phone.request("GET", f"/tables/{setup.tables[0]}/")
    assert status == 200
    assert at_table.phone.connection.sock is kept
    assert at_table.phone.retried == 0


# -- two phones, two app servers ------------------------------------------------------------------


def test_two_app_servers_share_sessions_hands_and_rate_limits(setup: SetUp) -> None:
    first = phone(setup.app_ports[0])
    first.sign_in(setup.username, setup.password)
    # The session made on the first app server, on the second.
    second = phone(setup.app_ports[1], {"sessionid": first.cookies["sessionid"]})
    path = f"/tables/{setup.tables[1]}/"
    stranger_status, _html = phone(setup.app_ports[1]).request("GET", path)
    assert stranger_status != 200
    watching = open_table(second, setup.tables[1])
    saving = open_table(first, setup.tables[1])
    assert watching.version == saving.version

    def poll(known: int) -> tuple[int, str]:
        """The page's poll, as htmx sends it with the version the page shows."""
        headers = {"HX-Request": "true", "If-None-Match": f'"t{known}"'}
        status, html = second.request("GET", f"{path}?part=live", headers=headers)
        return int(status), str(html)

    assert poll(watching.version)[0] == 304
    save(saving)
    status, html = poll(watching.version)
    assert status == 200
    assert load_phones.table_version(html) == saving.version == watching.version + 1

    # The limit on starting tables, counted on both servers together: the set-up's account
    # has TABLES - 1 counted (its first table was started before it was an account), so one
    # more here and one there reach TABLE_LIMIT; the next is refused on either.
    assert TABLES - 1 + 2 == TABLE_LIMIT
    assert start_table(first)[0] == 302
    assert start_table(second)[0] == 302
    assert start_table(first)[0] == 429
    assert start_table(second)[0] == 429


# -- which app server answers a phone ------------------------------------------------------------

# Phones told apart only by their session cookie: at 16, the chance that every one of them
# hashes to the same one of two app servers is 2 in 65,536.
PHONES = 16
UPSTREAM_RE = re.compile(
    r'"GET /\?phone=([\w-]+) [^"]*" (\d+) .*upstream ((?:[\d.]+:\d+(?:, )?)+) '
)


def upstream(port: int) -> str:
    """An app server as nginx's access log names it ($upstream_addr)."""
    return f"{production.APP_HOST}:{port}"


def get_as(port: int, cookie: str, path: str) -> int:
    """A GET with the session cookie ``cookie`` (none when empty), whatever the answer sets:
    the status."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("GET", path, headers={"Cookie": f"sessionid={cookie}"} if cookie else {})
        response = connection.getresponse()
        response.read()
        return int(response.status)
    finally:
        connection.close()


def ask_as_phones(port: int, rounds: int, cookies: bool = True) -> dict[str, str]:
    """PHONES phones (a random session cookie each, or none) each asking for the home page
    ``rounds`` times, in turns: each phone's name, as its requests' paths carry it."""
    run = secrets.token_hex(4)
    phones = {
        f"{run}-{number}": secrets.token_urlsafe(24) if cookies else "" for number in range(PHONES)
    }
    for _ in range(rounds):
        for name, cookie in phones.items():
            assert get_as(port, cookie, f"/?phone={name}") == 200
    return phones


def servers_tried(state: Path, phones: dict[str, str], requests: int) -> dict[str, list[list[str]]]:
    """From nginx's access log, for each of ``phones``' requests, the app servers nginx tried
    in turn ($upstream_addr), once all ``requests`` are logged (nginx logs a request after its
    answer has gone)."""
    deadline = time.monotonic() + 5
    while True:
        tried: dict[str, list[list[str]]] = {name: [] for name in phones}
        for line in (state / "access.log").read_text().splitlines():
            match = UPSTREAM_RE.search(line)
            if match and match.group(1) in tried:
                assert match.group(2) == "200"
                tried[match.group(1)].append(match.group(3).split(", "))
        if sum(map(len, tried.values())) >= requests or time.monotonic() > deadline:
            return tried
        time.sleep(0.05)


def test_each_phone_stays_with_one_app_server(setup: SetUp) -> None:
    """nginx sends all of a phone's requests to one app server, the one its session cookie
    hashes to, which keeps that phone's session and table warm in that server's processes;
    many phones spread over both servers."""
    phones = ask_as_phones(setup.port, rounds=3)
    tried = servers_tried(setup.state, phones, 3 * PHONES)
    both = {upstream(port) for port in setup.app_ports}
    answering = {}
    for name, requests in tried.items():
        assert len(requests) == 3
        assert all(len(servers) == 1 for servers in requests)  # none was tried twice
        (answering[name],) = {servers[0] for servers in requests}
    assert set(answering.values()) == both


def test_requests_without_a_session_go_to_each_app_server_in_turn(setup: SetUp) -> None:
    """Phones without a session (a table link's guests behind one Wi-Fi, all from one address)
    are spread over the app servers in turn, not all sent to one."""
    phones = ask_as_phones(setup.port, rounds=1, cookies=False)
    tried = servers_tried(setup.state, phones, PHONES)
    answered = [servers[-1] for requests in tried.values() for servers in requests]
    assert len(answered) == PHONES
    for server in map(upstream, setup.app_ports):
        assert answered.count(server) >= PHONES // 4


def test_a_phone_goes_on_when_its_app_server_is_down(setup: SetUp) -> None:
    """With the app server a phone's cookie picks unreachable (its port closed), nginx passes
    the phone's requests to the other one: every phone is answered."""
    closed = _free_port()
    state = Path(tempfile.mkdtemp(prefix="scorekeeper-production-proxy-"))
    proxy = production.Production(
        port=_free_port(), app_ports=[closed, setup.app_ports[0]], host=HOST,
        client_timeout=CLIENT_TIMEOUT, state=state, quiet=True,
    )  # fmt: skip
    nginx = production.nginx_binary()
    assert nginx is not None
    try:
        proxy.start_proxy(nginx)
        phones = ask_as_phones(proxy.port, rounds=2)
        tried = servers_tried(state, phones, 2 * PHONES)
    finally:
        proxy.stop()
        shutil.rmtree(state, ignore_errors=True)
    closed_at, open_at = upstream(closed), upstream(setup.app_ports[0])
    requests = [servers for each in tried.values() for servers in each]
    assert len(requests) == 2 * PHONES
    assert all(servers[-1] == open_at for servers in requests)
    # Some phones were sent to the closed one first (nginx then counts it down for a while).
    assert any(servers[0] == closed_at for servers in requests)


def test_rate_limits_count_the_phones_address_through_nginx(setup: SetUp) -> None:
    """New guest accounts are counted against the address nginx got the request from (a phone
    on 127.0.0.2 here; nginx itself reaches the app servers from 127.0.0.1), whatever
    X-Forwarded-For the phone sent."""
    other = "127.0.0.2"
    for number in range(GUEST_LIMIT):
        assert start_table(phone_from(other, setup.port, f"198.51.100.{number}"))[0] == 302
    assert start_table(phone_from(other, setup.port, "203.0.113.9"))[0] == 429
    # 127.0.0.1 has made the set-up's guest only: one more is allowed.
    assert GUESTS + 1 == GUEST_LIMIT
    assert start_table(phone_from(HOST, setup.port, "203.0.113.9"))[0] == 302


def phone_from(address: str, port: int, forwarded_for: str) -> Any:
    """A phone connecting from ``address`` that sends an X-Forwarded-For (and an https
    X-Forwarded-Proto) of its own making."""
    made = phone(port)
    made.connection = http.client.HTTPConnection(
        HOST, port, timeout=30, source_address=(address, 0)
    )
    request = made.request

    def with_headers(method: str, path: str, fields: Any = None, headers: Any = None) -> Any:
        sent = {"X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": "https", **(headers or {})}
        return request(method, path, fields, sent)

    made.request = with_headers
    return made


# -- the configuration, without nginx --------------------------------------------------------------


def test_nginx_configuration_names_both_app_servers_and_buffers(tmp_path: Path) -> None:
    conf = production.nginx_conf(tmp_path, "0.0.0.0:8000", [8001, 8002], client_timeout=7)
    assert "{{" not in conf
    assert "listen 0.0.0.0:8000;" in conf
    assert "server 127.0.0.1:8001 " in conf
    assert "server 127.0.0.1:8002 " in conf
    for directive in (
        "proxy_request_buffering on;",
        "proxy_buffering on;",
        f"hash $cookie_{settings.SESSION_COOKIE_NAME} consistent;",
        "client_header_timeout 7s;",
        "client_body_timeout 7s;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        f"client_body_temp_path {tmp_path}/client_body;",
    ):
        assert directive in conf


def test_the_set_up_needs_postgresql_and_a_key(tmp_path: Path) -> None:
    for env in ({"DATABASE_URL": "sqlite:///db.sqlite3", "SECRET_KEY": "k"}, {"DATABASE_URL": ""}):
        with pytest.raises(SystemExit, match="DATABASE_URL"):
            production.Production(port=1, app_ports=[2, 3], env=env, state=tmp_path).check_env()
    postgres = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/x"}
    with pytest.raises(SystemExit, match="SECRET_KEY"):
        production.Production(port=1, app_ports=[2, 3], env=postgres, state=tmp_path).check_env()
