"""The peer bench's own parts (scripts/peerbench.py, ``make bench-peer``) without servers: the
interleaving, the figures and issue 31's targets, the peer's database work-arounds, and the
one line it prints when no peer clone is given. The bench itself never runs in the suite."""

from __future__ import annotations

import math
import random
import sqlite3
from contextlib import closing
from itertools import pairwise
from pathlib import Path

import pytest

from tests.scripts import load_script

peerbench = load_script("peerbench")
OURS, PROXY, PEER, KEEP, NEW = (
    peerbench.OURS, peerbench.PROXY, peerbench.PEER, peerbench.KEEP, peerbench.NEW,
)  # fmt: skip


def test_ours_and_the_peer_take_turns_request_by_request() -> None:
    for sides in ([OURS], [OURS, PROXY]):
        for cycle in (0, 1):
            order = peerbench.schedule(cycle, sides)
            who = [side for _kind, _mode, side in order]
            assert all((a == PEER) != (b == PEER) for a, b in pairwise(who))
            assert who[0] == (PEER if cycle % 2 else OURS)
            # Every kind over both modes, once for each of our sides and once against it.
            expected = {(k, m, s) for k in peerbench.KINDS for m in (NEW, KEEP) for s in sides}
            assert {entry for entry in order if entry[2] != PEER} == expected
            assert len(order) == 2 * len(expected)


def _sample(kind: str, side: str, ms: float, error: str = "", wire: int = 100) -> object:
    return peerbench.Sample(kind, KEEP, side, ms, error, wire, wire * 4, True)


def test_figures_leave_out_errors_and_give_the_median_answers_bytes() -> None:
    samples = [
        _sample("record", OURS, 10.0, wire=1000),
        _sample("record", OURS, 30.0, wire=3000),
        _sample("record", OURS, 20.0, wire=2000),
        _sample("record", OURS, 1.0, error="save: 409", wire=9),
    ]
    figure = peerbench.figures(samples)[("record", KEEP, OURS)]
    assert (figure.count, figure.errors) == (3, 1)
    assert (figure.p50, figure.p95) == (20.0, 30.0)
    assert (figure.wire_bytes, figure.body_bytes) == (2000, 8000)


def _figures(ours: dict[str, float], peer: dict[str, float], wire: dict[str, int]) -> dict:
    table = {}
    for kind in peerbench.KINDS:
        for side, values in ((OURS, ours), (PEER, peer)):
            size = wire.get(kind, 100) if side == OURS else 100
            table[(kind, KEEP, side)] = peerbench.Figure(
                10, 0, values.get(kind, math.nan), 0.0, size, size * 7
            )
    return table


def test_targets_are_ratios_of_this_runs_p50s_over_keep_alive() -> None:
    ours = {"floor": 3.0, "static": 1.0, "record": 5.0, "standings": 3.0, "page 10": 4.0,
            "page 500": 4.4}  # fmt: skip
    peer = {"floor": 1.0, "static": 1.0, "record": 5.0, "standings": 4.0, "page 10": 4.0,
            "page 500": 4.0}  # fmt: skip
    found = peerbench.targets(_figures(ours, peer, {"page 10": 1000, "page 500": 1300}), OURS)
    verdicts = {target.what: (round(target.value, 2), target.passed) for target in found}
    assert verdicts == {
        f"recording a result, {OURS} / peer": (1.0, True),
        f"table page, 10 hands / round, {OURS} / peer": (1.0, True),
        f"table page, 500 hands / round, {OURS} / peer": (1.1, False),
        f"standings, {OURS} / peer": (0.75, True),
        f"floor, {OURS}: bare view / our static": (3.0, False),
        f"table page, {OURS}: 500 / 10 hands, time": (1.1, True),
        f"table page, {OURS}: 500 / 10 hands, bytes sent": (1.3, False),
        f"table page, {OURS}: 500 / 10 hands, bytes of the page": (1.3, False),
    }
    assert found[0].line() == f"PASS  recording a result, {OURS} / peer: 1.00 (target <= 1)"
    assert found[4].line().startswith("FAIL  floor")


def test_a_kind_not_measured_fails_its_target() -> None:
    assert not any(target.passed for target in peerbench.targets({}, OURS))
    # Every request of every kind failed, but the floor's and the static file's.
    samples = [
        _sample(kind, side, 1.0, error="" if kind in ("floor", "static") else "GET: 500")
        for kind in peerbench.KINDS
        for side in (OURS, PEER)
    ]
    found = peerbench.targets(peerbench.figures(samples), OURS)
    assert [target.passed for target in found] == [False] * 4 + [True] + [False] * 3
    assert "nan" in found[0].line()


def test_the_peers_database_skips_its_broken_first_migration_and_has_its_audit_log(
    tmp_path: Path,
) -> None:
    database = tmp_path / "skt.sqlite3"
    with closing(sqlite3.connect(database)) as connection, connection:
        # What its init_db would have left after a first try: version 1.
        connection.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
        connection.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    peerbench.peer_database_prepare(database)
    peerbench.peer_database_prepare(database)  # again: no harm
    with closing(sqlite3.connect(database)) as connection:
        meta = dict(connection.execute("SELECT k, v FROM meta"))
        connection.execute(
            "INSERT INTO audit_log(tournament_id, action, tp_id, note) VALUES (1, 'swap', 2, 'x')"
        )
        logged = connection.execute("SELECT action, created_at IS NOT NULL FROM audit_log")
        assert logged.fetchall() == [("swap", 1)]
    assert meta == {"schema_version": "3", "migr_years_to_markers": "1"}


def test_a_tables_result_for_the_peer_sums_to_zero() -> None:
    rng = random.Random(1)
    results = [peerbench.zero_sum_points(rng) for _ in range(200)]
    assert all(len(points) == 4 and sum(points) == 0 for points in results)
    assert len({tuple(points) for points in results}) > 150


def test_without_a_peer_clone_it_says_it_is_skipped_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SCOREKEEPER_PEER", raising=False)
    assert peerbench.main([]) == 0
    assert peerbench.main(["--peer", ""]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [peerbench.SKIPPED, peerbench.SKIPPED]
    assert "skipped" in peerbench.SKIPPED
