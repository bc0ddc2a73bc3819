"""The load test's own parts (scripts/loadtest.py) without gunicorn: reading the pages, the
percentiles, the pacing, the stored-once check and the knee search; and that the hand it posts
is one the table page stores, with htmx's headers and a CSRF check as in production."""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import asdict

import pytest
from django.test import Client

from games.models import Round
from games.tables import services as table_services
from games.tournaments.tests.helpers import drawn, schafkopf_night
from tests.clubs import home_club, home_owner
from tests.pages import table_url
from tests.scripts import load_script

loadtest = load_script("loadtest")
load_phones = load_script("load_phones")
load_tournament = load_script("load_tournament")


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(20, 0, -1)]
    assert load_phones.percentile(values, 95) == 19
    assert load_phones.percentile(values, 50) == 10
    assert load_phones.percentile(values, 99) == 20
    assert load_phones.percentile(values, 100) == 20
    assert load_phones.percentile([7.0], 95) == 7
    assert math.isnan(load_phones.percentile([], 95))


def test_a_slow_save_is_followed_at_once_never_by_a_burst() -> None:
    assert load_phones.next_start(10.0, 10.3) == 11.0
    assert load_phones.next_start(10.0, 12.5) == 12.5  # late: at once, and paced from then
    assert load_phones.next_start(12.5, 12.6) == 13.5


def test_reading_the_version_and_the_csrf_token() -> None:
    page = (
        '<body hx-headers=\'{"X-CSRFToken": "AbC123"}\'>'
        '<input type="hidden" name="table_version" value="17" id="id_table_version">'
    )
    assert load_phones.table_version(page) == 17
    assert load_phones.csrf_token(page) == "AbC123"
    fragment = '<input type="hidden" name="csrfmiddlewaretoken" value="XyZ9">'
    assert load_phones.csrf_token(fragment) == "XyZ9"
    assert load_phones.table_version(fragment) is None
    assert load_phones.HAND_TOKEN_RE.fullmatch(load_phones.new_hand_token())


def test_stored_once_check() -> None:
    sent = {"t1": ["a", "b", "c"], "t2": ["d", "e"]}
    acknowledged = {"t1": ["a", "b"], "t2": ["d"]}
    # c timed out but was stored; e was never stored; all as it should be.
    check = load_phones.stored_once_check(
        sent, acknowledged, [("t1", "a"), ("t1", "b"), ("t1", "c")]
    )
    assert not check.ok
    assert (check.acknowledged, check.stored_once, check.missing) == (3, 2, 1)
    stored = [("t1", "a"), ("t1", "b"), ("t1", "c"), ("t2", "d")]
    check = load_phones.stored_once_check(sent, acknowledged, stored)
    assert check.ok
    assert check.unacknowledged == 1
    assert check.stored_once == 3
    assert not load_phones.stored_once_check(sent, acknowledged, [*stored, ("t2", "d")]).ok
    # A token stored at another table than the one it was sent to, or a hand without one.
    assert not load_phones.stored_once_check(sent, acknowledged, [*stored, ("t2", "a")]).ok
    assert load_phones.stored_once_check(sent, acknowledged, [*stored, ("t2", "")]).foreign == 1


def _search(capacity: int, refine: int = 1) -> tuple[list[int], int]:
    tried: dict[int, bool] = {}
    while (count := load_phones.knee_next(tried, refine)) is not None:
        assert count not in tried
        tried[count] = count <= capacity
    return list(tried), load_phones.knee_of(tried)


def test_the_knee_search() -> None:
    assert _search(60) == ([25, 50, 75, 62], 50)
    assert _search(70) == ([25, 50, 75, 62], 62)
    assert _search(60, refine=3) == ([25, 50, 75, 62, 56, 59], 59)
    assert _search(12) == ([25, 10, 17], 10)
    assert _search(0) == ([25, 10, 5, 2, 1], 0)
    assert _search(10_000)[1] == load_phones.KNEE_UP[-1]
    # A count that missed below one that met (noise): the knee stays under the first miss.
    assert load_phones.knee_of({25: True, 50: False, 75: True}) == 25


@pytest.mark.django_db
def test_the_posted_hands_are_stored_once_as_htmx_would_save_them() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(home_owner())
    page = phone.get(table_url(table)).content.decode()
    version, csrf = load_phones.table_version(page), load_phones.csrf_token(page)
    signature = load_phones.form_signature(page)
    assert version == 0
    assert csrf
    assert signature
    headers = {
        f"HTTP_{name.upper().replace('-', '_')}": value
        for name, value in load_phones.save_headers(csrf, "http://testserver/").items()
    }
    tokens = [load_phones.new_hand_token(), load_phones.new_hand_token()]
    # The first hand, sent twice (again on a new connection: the same hand), then the second,
    # whose answer is the out-of-band one (the phone empties its own form).
    for token, points, answered in ((tokens[0], 3, 1), (tokens[0], 3, 1), (tokens[1], 2, 2)):
        fields = load_phones.hand_fields(csrf, version, token, points, signature)
        response = phone.post(table_url(table), dict(fields), **headers)
        assert response.status_code == 200
        assert load_phones.table_version(response.content.decode()) == answered
        version = answered
        # The form the phone holds now: the first answer brings one (a table that typed its
        # last hand types the next), as the load test's phones keep it.
        signature = load_phones.form_signature(response.content.decode()) or signature
    # The second hand's answer had the phone empty its own form: its signature matched.
    assert json.loads(response["HX-Trigger-After-Swap"])["hand-recorded"]["reset"] is True
    stored = Round.objects.filter(table=table).values_list("table__public_id", "hand_token")
    sent = {table.public_id: tokens}
    check = load_phones.stored_once_check(sent, sent, stored)
    assert check.ok
    assert check.stored_once == 2
    entries = list(Round.objects.filter(table=table).order_by("number").values_list("entry"))
    assert entries == [({"points": {"Ann": 3, "Bob": 3}},), ({"points": {"Ann": 2, "Bob": 2}},)]


def test_a_result_goes_through_the_summary_file_and_into_the_table() -> None:
    stored = load_phones.stored_once_check({"t": ["a"]}, {"t": ["a"]}, [("t", "a")])
    result = load_phones.RoundResult(
        database="SQLite",
        tables=3,
        seconds=2.0,
        save=load_phones.figures([10.0, 20.0, 30.0], 2.0),
        page=load_phones.figures([], 2.0),
        errors={"save: 409": 1},
        stored=stored,
        cpu={"client": 1.0, "gunicorn": 50.0, "machine": 80.0},
    )
    document = json.loads(json.dumps({"results": [asdict(result)]}))
    (again,) = loadtest._read_result(document)
    assert (again.save, again.stored, again.errors) == (result.save, stored, result.errors)
    assert again.save.p95 == 30
    assert again.error_count == 1
    assert not again.meets_target()
    table = load_phones.result_table([again]).splitlines()
    assert table[0].split()[:3] == ["database", "tables", "s"]
    assert "1.5 (3)" in table[2]
    assert "20/30/30" in table[2]
    assert "ok 1/1 stored once" in table[2]
    assert "server CPU per save + page load: 333 ms" in loadtest._cpu_line(again)


def test_cpu_is_counted_for_processes_that_come_and_go() -> None:
    pids = [os.getpid()]
    watch = loadtest.CpuWatch(lambda: list(pids))
    started = time.process_time()
    while time.process_time() - started < 0.1:
        pass
    watch.sample()
    pids[:] = [2**22 + 1]  # this process gone from the set, a pid with no process in it
    watch.sample()
    assert 0.05 <= watch.spent() <= 1.0


@pytest.mark.django_db
def test_a_tournament_table_s_phone_saves_its_hands_through_its_table_link() -> None:
    """The tournament mode's phones (scripts/load_tournament.py): a phone with no account opens
    its table's link, and the Schafkopf hands it posts as htmx does are stored, each once."""
    (round_table,) = drawn(schafkopf_night(entrants=4, games_per_round=32)).tables.all()
    phone = Client(enforce_csrf_checks=True)
    opened = phone.get(f"/play/{round_table.link_token}/")
    assert opened.status_code == 302
    page = phone.get(opened["Location"]).content.decode()
    version, csrf = load_phones.table_version(page), load_phones.csrf_token(page)
    signature = load_phones.form_signature(page)
    assert version == 0
    assert csrf
    headers = {
        f"HTTP_{name.upper().replace('-', '_')}": value
        for name, value in load_phones.save_headers(csrf, "http://testserver/").items()
    }
    tokens = [load_phones.new_hand_token() for _ in range(4)]
    for points, token in enumerate(tokens, start=1):
        fields = load_tournament.schafkopf_hand_fields(csrf, version, token, points, signature)
        response = phone.post(opened["Location"], dict(fields), **headers)
        assert response.status_code == 200
        assert load_phones.table_version(response.content.decode()) == version + 1
        version += 1
        signature = load_phones.form_signature(response.content.decode()) or signature
    assert round_table.table is not None
    stored = Round.objects.filter(table=round_table.table).order_by("number")
    sent = {round_table.table.public_id: tokens}
    check = load_phones.stored_once_check(
        sent, sent, stored.values_list("table__public_id", "hand_token")
    )
    assert check.ok
    assert check.stored_once == 4
    # A Wenz won by each of the four in turn.
    declarers = [entry["declarer"] for entry in stored.values_list("entry", flat=True)]
    assert len(set(declarers)) == 4
    assert {entry["contract"] for entry in stored.values_list("entry", flat=True)} == {"wenz"}
