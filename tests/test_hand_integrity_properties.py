"""For every game: after any sequence of record, edit and delete, what is stored is exactly what
the engine makes of the stored entries, and the table's export scores with ``manage.py score``
to the same totals. A refused change leaves nothing changed.

Entries are mostly points counted at the table (any game takes them, and they steer totals
into eliminations and game ends), mixed with the documented example hands where the game has
them, and now and then a bad one.
"""

from __future__ import annotations

import io
import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import selectors, services
from games.models import Round, RoundPoints, Seat, Table
from games.scoring import GAMES, EntryError, score_table
from games.scoring.ciapano import active_players
from tests.scoring.strategies import counted_entries

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# Each game's table: its players, and options under which games end (or players go out) within
# a few hands, so edits and deletes of earlier hands change who is out and whether it is over.
TABLES: dict[str, tuple[list[str], dict[str, object]]] = {
    "scopa": (["Ann", "Bob"], {"target": 11, "re_bello": True}),
    "scopone": (["Ann", "Bob", "Cy", "Di"], {"target": 11}),
    "pirate-scopa": (["Ann", "Bob", "Cy"], {"target": 11}),
    "ciapano": (["Ann", "Bob", "Cy", "Di"], {"elimination_at": 12}),
    "swoops": (["Ann", "Bob", "Cy"], {"limit": 40}),
    "schafkopf": (["Ann", "Bob", "Cy", "Di"], {"cents_per_point": 10}),
}
EXAMPLE_FILES = {"scopa": "scopa.json", "schafkopf": "schafkopf.json", "swoops": "swoops.json"}


def test_every_game_is_covered() -> None:
    assert set(TABLES) == set(GAMES)


def example_rounds(game: str) -> list[dict[str, object]]:
    name = EXAMPLE_FILES.get(game)
    if name is None:
        return []
    return list(json.loads((EXAMPLES / name).read_text())["rounds"])


@st.composite
def entries(draw: st.DrawFn, game: str, sides: list[str]) -> dict[str, object]:
    """An entry for the table as it stands, ``sides`` being those still in the game: one of
    the documented example hands now and then, else points or aces and thirds counted."""
    examples = example_rounds(game)
    if examples and draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(examples))
    return draw(counted_entries(game, sides))


def operation(data: Any, game: str, table: Table) -> tuple[Any, ...]:
    """The next thing a phone does to the table, drawn knowing who is still in."""
    setup = table.setup()
    sides = list(setup.sides)
    if game == "ciapano":
        hands = list(
            Round.objects.filter(table=table).order_by("number").prefetch_related("points")
        )
        scores = [selectors.round_score(round_) for round_ in hands]
        sides = list(active_players(setup, scores)) or sides
    kinds = ["record", "record", "edit", "delete"] + (
        ["stop", "resume"] if game == "schafkopf" else []
    )
    kind = data.draw(st.sampled_from(kinds))
    if kind == "record":
        return (kind, data.draw(entries(game, sides)))
    if kind == "edit":
        return (kind, data.draw(st.integers(0, 30)), data.draw(entries(game, sides)))
    if kind == "delete":
        return (kind, data.draw(st.integers(0, 30)))
    return (kind,)


def snapshot(table: Table) -> tuple[object, ...]:
    """Everything stored about a table and its hands."""
    table.refresh_from_db()
    return (
        table.version,
        table.finished_at,
        list(table.winners),
        table.hands_played,
        list(Round.objects.filter(table=table).values_list("pk", "number", "dealer", "entry")),
        list(
            RoundPoints.objects.filter(round__table=table)
            .order_by("round_id", "side")
            .values_list("round_id", "side", "points")
        ),
        list(Seat.objects.filter(table=table).values_list("pk", "total", "place", "won")),
    )


def apply(table: Table, operation: tuple[Any, ...]) -> None:
    kind = operation[0]
    hands = list(Round.objects.filter(table=table).order_by("number"))
    if kind == "record":
        services.round_record(table, operation[1])
    elif kind == "stop":
        services.table_stop(table)
    elif kind == "resume":
        services.table_resume(table)
    elif hands and kind == "edit":
        services.round_update(hands[operation[1] % len(hands)], operation[2])
    elif hands and kind == "delete":
        services.round_delete(hands[operation[1] % len(hands)])


def assert_stored_is_what_the_engine_makes(table: Table) -> None:
    table.refresh_from_db()
    rules, setup = GAMES[table.game], table.setup()
    rounds = list(Round.objects.filter(table=table).order_by("number").prefetch_related("points"))
    assert [round_.number for round_ in rounds] == list(range(1, len(rounds) + 1))
    scores, state = score_table(rules, setup, [round_.entry for round_ in rounds])
    dealer = table.first_dealer
    for index, (round_, score) in enumerate(zip(rounds, scores, strict=True)):
        if index:
            dealer = rules.dealer_after(setup, scores[:index], dealer)
        assert {row.side: row.points for row in round_.points.all()} == dict(score.points)
        assert round_.breakdown == json.loads(json.dumps(dict(score.breakdown)))
        assert round_.dealer == dealer, f"hand {round_.number}"
    assert table.hands_played == len(rounds)
    if not rules.ends_when_players_stop:
        assert table.is_finished == state.finished
    seats = {seat.player.name: seat for seat in table.seats.select_related("player")}
    if table.is_finished:
        winners = state.winners if state.finished else rules.stopped_winners(state)
        assert table.winners == list(winners)
        expected = services.seat_results(rules, setup, replace(state, winners=winners))
        for name, outcome in expected.items():
            assert (seats[name].total, seats[name].won) == (outcome.total, outcome.won)
    else:
        assert table.winners == []
        assert all(seat.total is None and seat.place is None for seat in seats.values())
    assert_export_scores_alike(table, dict(state.totals))


def assert_export_scores_alike(table: Table, totals: dict[str, int]) -> None:
    document = selectors.table_scoresheet(table)
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        call_command("score", str(path), stdout=out)
    scored = json.loads(out.getvalue())
    assert scored["totals"] == totals == selectors.table_totals(table, table.setup())


@pytest.mark.parametrize("game", list(TABLES))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_stored_hands_are_always_what_the_engine_makes_of_them(game: str, data: Any) -> None:
    players, options = TABLES[game]
    table = services.table_create(game=game, players=players, options=options)
    for _step in range(data.draw(st.integers(1, 14))):
        change = operation(data, game, table)
        before = snapshot(table)
        try:
            apply(table, change)
        except EntryError:
            assert snapshot(table) == before, change
        assert_stored_is_what_the_engine_makes(table)
