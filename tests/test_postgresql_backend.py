"""The PostgreSQL backend (scorekeeper/postgresql/base.py) and how the settings choose it: a
kept connection is checked without a round trip, a connection the server ended is found
unusable and replaced, and the queries are prepared (scorekeeper/settings.py)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from unittest import mock

import pytest
from django.db import connection, connections
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoWrapper

from games.models import Club

POSTGRESQL = connection.vendor == "postgresql"
needs_postgresql = pytest.mark.skipif(not POSTGRESQL, reason="PostgreSQL's backend only")
PREPARED = "DATABASE_PREPARED_STATEMENTS"


def settings_for(url: str, **env: str) -> dict[str, object]:
    """The default database as scorekeeper/settings.py makes it of ``url``, in a process of
    its own (the settings are read once per process)."""
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default']))"
    )
    environment = {
        **{name: value for name, value in os.environ.items() if name != PREPARED},
        "DEBUG": "1",
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        **env,
    }
    out = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_postgresql_urls_get_the_backend_and_prepared_queries_and_keep_their_options() -> None:
    chosen = settings_for("postgres://user@db.example:5432/scores?sslmode=require")
    assert chosen["ENGINE"] == "scorekeeper.postgresql"
    assert chosen["OPTIONS"] == {
        "sslmode": "require",
        "server_side_binding": True,
        "prepare_threshold": 2,
    }
    assert chosen["CONN_HEALTH_CHECKS"] is True
    # A connection pooler that cannot keep prepared statements: the URL's options alone.
    pooled = settings_for(
        "postgres://user@db.example:5432/scores?sslmode=require", **{PREPARED: "0"}
    )
    assert pooled["ENGINE"] == "scorekeeper.postgresql"
    assert pooled["OPTIONS"] == {"sslmode": "require"}
    assert settings_for("sqlite:////tmp/x.sqlite3")["ENGINE"] == "scorekeeper.sqlite3"


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_is_checked_without_a_query() -> None:
    connection.ensure_connection()
    with mock.patch.object(DjangoWrapper, "is_usable", side_effect=AssertionError("SELECT 1")):
        assert connection.is_usable()
    # The queries are prepared: the server keeps them for this connection.
    for _ in range(3):
        Club.objects.filter(name="prepared?").exists()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        assert cursor.fetchone()[0] >= 1


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_ended_is_found_unusable_and_replaced() -> None:
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    # The server's word that it ended the connection reaches the socket.
    deadline = time.monotonic() + 10
    while not select.select([connection.connection.fileno()], [], [], 0.1)[0]:
        assert time.monotonic() < deadline
    assert not connection.is_usable()
    # As at the start of a request (CONN_HEALTH_CHECKS): closed, and a new one serves.
    connection.health_check_done = False
    connection.close_if_health_check_failed()
    assert connection.connection is None
    assert not Club.objects.exists()
    assert connection.connection.info.backend_pid != pid


@needs_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize(
    "written",
    [
        "2026-11-28 09:00:25.465808+00",
        "2026-11-28 09:00:25.4+00",
        "2026-11-28 09:00:25+00",
        "2026-11-28 10:00:25+01:30",  # written back in UTC, as the connection is
        "0099-01-01 00:00:00+00",
        "9999-12-31 23:59:59.999999+00",
    ],
)
def test_a_date_is_read_as_django_s_own_loader_reads_it(written: str) -> None:
    """The backend's loader of a timestamptz (``UTCTimestamptzLoader``) gives what Django's
    gives: the same instant, in Django's UTC."""
    from django.db.backends.postgresql.psycopg_any import register_tzloader

    from scorekeeper.postgresql.base import UTCTimestamptzLoader

    with connection.cursor() as cursor:
        loader = cursor.cursor.adapters.get_loader(
            cursor.cursor.adapters.types["timestamptz"].oid, 0
        )
        assert loader is UTCTimestamptzLoader
        cursor.execute("SELECT %s::timestamptz", [written])
        ours = cursor.fetchone()[0]
    djangos = connection.connection.cursor()
    register_tzloader(connection.timezone, djangos)
    djangos.execute("SELECT %s::timestamptz", [written])
    theirs = djangos.fetchone()[0]
    assert ours == theirs
    assert ours.tzinfo is theirs.tzinfo


@needs_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("written", ["infinity", "0044-03-15 12:00:00+00 BC"])
def test_a_date_python_cannot_hold_fails_as_with_django_s_own_loader(written: str) -> None:
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg import DataError

    ours, djangos = connection.connection.cursor(), connection.connection.cursor()
    register_tzloader(connection.timezone, djangos)
    failures = []
    for cursor in (ours, djangos):
        cursor.execute("SELECT %s::timestamptz", [written])
        with pytest.raises(DataError) as failed:
            cursor.fetchone()
        failures.append(str(failed.value))
    assert failures[0] == failures[1]
