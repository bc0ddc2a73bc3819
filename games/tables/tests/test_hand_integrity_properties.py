"""For every game: after any sequence of record, edit and delete through the services (and, for
Schafkopf, ending and taking up the evening), what is stored is exactly what the engine makes of
the stored entries, and the table's export scores with ``manage.py score`` to the same totals.

After every step: the hands are numbered 1..n with no gap and hold the entries asked for; each
hand's stored points, breakdown and dealer are the engine's for the stored entries; the table's
result (finished, winners, hands played, version), the totals it keeps for the next save
(its tally, when it is for that version) and each seat's result follow; the export
scores to the totals the database sums. A change is refused (EntryError) exactly when the
entries would no longer form a valid game, and a refused change leaves every stored row of the
table (table, seats, hands, points, change log) exactly as it was.

Entries come from tests/entries.py: mostly valid (captured cards, penalty cards or counts,
contracts, cards held), counted points that take a total to the line (Scopa target, Ciapanò out
at 12 to 21, a Swoops limit of 40 to 150) or just short of it, corrections of counted hands, and
now and then a mistake. So edits and deletes of earlier hands change who is out, whether the game
is over and who deals the later hands.

Each Hypothesis example runs in its own transaction, rolled back at its end, inside the test's
database (pytest-django's ``django_db``): every example starts from an empty database.
"""

from __future__ import annotations

import copy
import io
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Round, RoundPoints, Seat, Table, TableChange
from games.scoring import GAMES, EntryError, Game, TableSetup, score_table
from games.scoring.scoresheet import score_scoresheet
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables import write_path as table_write_path
from tests.clubs import home_club
from tests.entries import Entry, TablePlan, entries, table_plans
from tests.kits import kit_for

pytestmark = pytest.mark.django_db

# Sized so that the whole file runs in under a minute on SQLite; set
# HAND_INTEGRITY_EXAMPLES=500 for a longer search, with HYPOTHESIS_PROFILE=ci (the dev profile
# runs at most 20 examples a test, tests/conftest.py).
# The games whose search CI runs in its PostgreSQL pass (the others in the SQLite pass): half
# of them, Briscola's (the slowest there, 21 s against 4 s on SQLite) left to SQLite.
ON_POSTGRESQL = frozenset({"scopone", "cirulla", "swoops", "schafkopf", "custom"})
EXAMPLES_PER_GAME = int(os.environ.get("HAND_INTEGRITY_EXAMPLES", "25"))
MOST_STEPS = 16

Operation = tuple[Any, ...]


@dataclass
class Expected:
    """What the table should hold after the changes so far: the entries in order, each hand's
    id, whether the players ended the evening (Schafkopf), and the table's version."""

    entries: list[Entry] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    stopped: bool = False
    version: int = 0


# -- the property ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game",
    # Each game's search runs once in CI, half of the games in each pass (the passes run side by
    # side within CI's time): the write path is the same code on both databases, and the races
    # on each database are tests of their own (test_table_races.py).
    [
        pytest.param(
            game,
            marks=pytest.mark.postgresql_pass if game in ON_POSTGRESQL else pytest.mark.sqlite_pass,
        )
        for game in GAMES
    ],
)
@settings(
    max_examples=EXAMPLES_PER_GAME,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_stored_hands_are_always_what_the_engine_makes_of_the_entries(
    game: str, data: st.DataObject
) -> None:
    plan = data.draw(table_plans(game), label="table")
    with transaction.atomic():
        table = table_services.table_create(
            club=home_club(),
            game=plan.game,
            players=plan.players,
            options=plan.options,
            first_dealer=plan.first_dealer,
        )
        setup = table.setup()
        expected = Expected()
        opening = data.draw(st.integers(0, 6), label="hands recorded first")
        steps = data.draw(st.integers(1, MOST_STEPS), label="steps after them")
        for step in range(1, opening + steps + 1):
            operation = data.draw(
                operations(setup, expected, record_only=step <= opening), label=f"step {step}"
            )
            before = list(expected.entries)
            accepted = change(table.pk, setup, operation, expected)
            event(f"{operation[0]} {'accepted' if accepted else 'refused'}")
            if accepted and operation[0] in ("edit", "delete"):
                rescored = later_hands_change(setup, operation, before)
                event(f"{operation[0]} changed later hands: {rescored}")
            # manage.py score itself after the last step, the function it prints before.
            assert_stored_is_what_the_engine_makes(table.pk, expected, cli=step == opening + steps)
        state = score_table(GAMES[game], setup, expected.entries)[1]
        event(f"game over at the end: {state.finished}; somebody out: {bool(state.eliminated)}")
        event(f"hands at the end: {len(expected.entries)}")
        transaction.set_rollback(True)


@st.composite
def operations(
    draw: st.DrawFn, setup: TableSetup, expected: Expected, record_only: bool = False
) -> Operation:
    """The next thing a phone does: ``("record", entry)``, ``("edit", number, entry)``,
    ``("delete", number)``, ``("stop",)`` or ``("resume",)``; hands by number from 1.

    An entry is drawn for the table as it stands before that hand (totals, who is out)."""
    rules = GAMES[setup.game]
    kinds = ["record"] * 6
    if expected.entries and not record_only:
        kinds += ["edit"] * 3 + ["delete"]
    if rules.ends_when_players_stop and not record_only:
        kinds += ["stop", "resume"]
    kind = draw(st.sampled_from(kinds))
    if kind == "record":
        return (kind, draw(entries(setup, *standing(setup, expected.entries))))
    if kind in ("edit", "delete"):
        number = draw(st.integers(1, len(expected.entries)))
        if kind == "delete":
            return (kind, number)
        earlier = expected.entries[: number - 1]
        was = expected.entries[number - 1]
        if "points" in was and draw(st.booleans()):
            return (kind, number, draw(corrections(setup, was)))
        return (kind, number, draw(entries(setup, *standing(setup, earlier))))
    return (kind,)


@st.composite
def corrections(draw: st.DrawFn, setup: TableSetup, entry: Entry) -> Entry:
    """A counted hand corrected, as when a typo is fixed: a few points taken from one side,
    and (always where the points are a balance, or a Ciapanò deal's 11) given to another. It
    moves a total across the line (out, the target, the limit) or back, so later hands change
    or the change is refused."""
    points = dict(entry["points"])
    sides = sorted(points)
    if not sides:
        return entry
    balance = GAMES[setup.game].ends_when_players_stop
    # Schafkopf's balance adds up to zero and a Ciapanò deal to 11 (games/plugins/schafkopf/rules.md
    # §7, games/plugins/ciapano/rules.md §3): the points taken from one side go to another.
    keeps_total = balance or kit_for(setup.game).counted_total_is_fixed
    # Mostly the biggest number, the likeliest typo.
    top = max(sides, key=lambda side: points[side])
    giver = top if draw(st.booleans()) else draw(st.sampled_from(sides))
    moved = draw(st.integers(1, 3))
    if keeps_total and not balance:
        moved = min(moved, points[giver])
    points[giver] = points[giver] - moved if balance else max(0, points[giver] - moved)
    others = [side for side in sides if side != giver]
    if others and (keeps_total or draw(st.booleans())):
        points[draw(st.sampled_from(others))] += moved
    return {**entry, "points": points}


def standing(setup: TableSetup, earlier: Sequence[Entry]) -> tuple[dict[str, int], list[str]]:
    """The totals and the players out after ``earlier`` (a valid game's first hands)."""
    _scores, state = score_table(GAMES[setup.game], setup, earlier)
    return dict(state.totals), list(state.eliminated)


def later_hands_change(setup: TableSetup, operation: Operation, before: Sequence[Entry]) -> bool:
    """Whether an accepted edit or delete changes what the engine makes of a later hand: its
    points, breakdown or dealer."""
    rules = GAMES[setup.game]
    number = operation[1]
    old = dealt(rules, setup, before)[number:]
    new = dealt(rules, setup, entries_after(operation, before))[
        number - (operation[0] == "delete") :
    ]
    return old != new


def dealt(rules: Game, setup: TableSetup, rounds: Sequence[Entry]) -> list[tuple[object, ...]]:
    """Each hand's points, breakdown and dealer (from seat 0), as the engine makes them."""
    scores = score_table(rules, setup, rounds)[0]
    tracker = rules.tracker(setup)
    for score in scores:
        tracker.push(score)
    return [
        (dict(score.points), as_json(score.breakdown), dealer)
        for score, dealer in zip(scores, tracker.dealers, strict=True)
    ]


def entries_after(operation: Operation, before: Sequence[Entry]) -> list[Entry]:
    after = list(before)
    kind = operation[0]
    if kind == "record":
        after.append(operation[1])
    elif kind == "edit":
        after[operation[1] - 1] = operation[2]
    elif kind == "delete":
        del after[operation[1] - 1]
    return after


def engine_accepts(rules: Game, setup: TableSetup, rounds: Sequence[Entry]) -> bool:
    try:
        score_table(rules, setup, rounds)
    except EntryError:
        return False
    return True


def change(pk: int, setup: TableSetup, operation: Operation, expected: Expected) -> bool:
    """Apply one operation through the services; check it was refused exactly when the engine
    says the entries would not form a valid game, and that a refusal changed nothing. True if
    it was accepted."""
    rules = GAMES[setup.game]
    kind = operation[0]
    after = entries_after(operation, expected.entries)
    if kind == "stop":
        acceptable = bool(after)
    elif kind == "resume":
        acceptable = True
    else:
        # A stopped evening takes no new hand until it is taken up again.
        acceptable = engine_accepts(rules, setup, after) and not (
            kind == "record" and expected.stopped
        )
    # Only a change the engine refuses is compared with the rows before it (a change it
    # accepts fails as soon as it is refused), so those of the others are not read.
    before = None if acceptable else snapshot(pk)
    try:
        result = apply(pk, operation, expected)
    except EntryError as error:
        problems = [problem.text() for problem in error.problems]
        assert not acceptable, f"{kind} refused, though the engine accepts the hands: {problems}"
        assert snapshot(pk) == before, f"the refused {kind} changed what is stored"
        return False
    assert acceptable, f"{kind} accepted, though the engine refuses the hands"
    if kind == "record":
        assert isinstance(result, Round)
        expected.ids.append(result.public_id)
    elif kind == "edit":
        assert isinstance(result, Round)
        assert result.public_id == expected.ids[operation[1] - 1]
    elif kind == "delete":
        del expected.ids[operation[1] - 1]
    changed_result = (kind == "stop") != expected.stopped
    if kind in ("record", "edit", "delete") or changed_result:
        expected.version += 1
    if kind in ("stop", "resume"):
        expected.stopped = kind == "stop"
    expected.entries = after
    # An evening with no hands left is not over.
    expected.stopped = expected.stopped and bool(after)
    return True


def apply(pk: int, operation: Operation, expected: Expected) -> object:
    table = Table.objects.get(pk=pk)
    kind = operation[0]
    if kind == "record":
        return table_services.round_record(table, copy.deepcopy(operation[1]))
    if kind == "stop":
        return table_services.table_stop(table)
    if kind == "resume":
        return table_services.table_resume(table)
    hand = Round.objects.get(public_id=expected.ids[operation[1] - 1])
    if kind == "edit":
        return table_services.round_update(hand, copy.deepcopy(operation[2]))
    return table_services.round_delete(hand)


def snapshot(pk: int) -> tuple[list[dict[str, Any]], ...]:
    """Every stored row of the table, every column."""
    return (
        list(Table.objects.filter(pk=pk).values()),
        list(Seat.objects.filter(table_id=pk).order_by("pk").values()),
        list(Round.objects.filter(table_id=pk).order_by("pk").values()),
        list(RoundPoints.objects.filter(round__table_id=pk).order_by("pk").values()),
        list(TableChange.objects.filter(table_id=pk).order_by("pk").values()),
    )


# -- what is stored, against the engine -----------------------------------------------------------


def points_of(round_: Round) -> dict[str, int]:
    return {row.side: row.points for row in round_.points.all()}


def as_json(value: Mapping[str, object]) -> object:
    return json.loads(json.dumps(dict(value)))


def assert_stored_is_what_the_engine_makes(pk: int, expected: Expected, cli: bool = True) -> None:
    table = Table.objects.get(pk=pk)
    rules, setup = table.rules, table.setup()
    rounds = list(table.rounds.order_by("number").prefetch_related("points"))
    assert [round_.number for round_ in rounds] == list(range(1, len(rounds) + 1))
    assert [round_.entry for round_ in rounds] == expected.entries
    assert [round_.public_id for round_ in rounds] == expected.ids
    # The stored entries always form a valid game: this must not raise.
    scores, state = score_table(rules, setup, [round_.entry for round_ in rounds])
    dealer = table.first_dealer
    for index, (round_, score) in enumerate(zip(rounds, scores, strict=True)):
        if index:
            dealer = rules.dealer_after(setup, scores[:index], dealer)
        where = f"hand {round_.number} of {len(rounds)}"
        assert points_of(round_) == dict(score.points), f"{where}: stored points"
        assert round_.breakdown == as_json(score.breakdown), f"{where}: stored breakdown"
        assert round_.dealer == dealer, f"{where}: stored dealer"
    assert table.hands_played == len(rounds)
    assert table.version == expected.version
    # The totals a save resumes from, when they are for the table as it is now.
    if table.tally is not None and table.tally["version"] == table.version:
        assert table.tally == {
            "version": table.version,
            "hands": len(rounds),
            "totals": dict(state.totals),
            "last_dealer": rounds[-1].dealer if rounds else None,
        }
    if rules.ends_when_players_stop:
        finished = expected.stopped
        winners = rules.stopped_winners(state) if finished else ()
    else:
        finished, winners = state.finished, state.winners
    assert table.is_finished == finished
    seats = list(table.seats.select_related("player").order_by("position"))
    if finished:
        assert table.winners == list(winners)
        outcomes = table_write_path.seat_results(rules, setup, replace(state, winners=winners))
        for seat in seats:
            outcome = outcomes[seat.player.name].fields()
            stored = {name: getattr(seat, name) for name in outcome}
            assert stored == outcome, f"{seat.player.name}'s seat"
    else:
        assert table.winners == []
        for seat in seats:
            assert (seat.total, seat.place, seat.won) == (None, None, False), seat.player.name
    assert_export_scores_alike(table, setup, rounds, cli)


def assert_export_scores_alike(
    table: Table, setup: TableSetup, rounds: Sequence[Round], cli: bool = True
) -> None:
    """The table's export (``table_selectors.table_scoresheet``, what
    ``games.tables.views.table_export`` sends) scored as ``manage.py score`` scores it: the same
    totals as the database sums, hand by hand the same points, and the same result.

    ``cli`` runs the command itself; otherwise the function it prints (``score_scoresheet``)
    scores the document as read back from JSON, which is quicker."""
    text = json.dumps(table_selectors.table_scoresheet(table), ensure_ascii=False)
    if cli:
        out = io.StringIO()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{table.game}-{table.pk}.json"
            path.write_text(text, encoding="utf-8")
            call_command("score", str(path), stdout=out)
        scored = json.loads(out.getvalue())
    else:
        scored = json.loads(json.dumps(score_scoresheet(json.loads(text))))
    assert scored["totals"] == table_selectors.table_totals(table, setup)
    assert [hand["points"] for hand in scored["rounds"]] == [points_of(r) for r in rounds]
    if not table.rules.ends_when_players_stop:
        assert scored["finished"] == table.is_finished
        assert scored["winners"] == table.winners


# -- worked examples ------------------------------------------------------------------------------


def record_all(plan: TablePlan, hands: Sequence[Entry]) -> tuple[Table, Expected]:
    table = table_services.table_create(
        club=home_club(),
        game=plan.game,
        players=plan.players,
        options=plan.options,
        first_dealer=plan.first_dealer,
    )
    for entry in hands:
        table_services.round_record(table, entry)
    table.refresh_from_db()
    ids = list(table.rounds.order_by("number").values_list("public_id", flat=True))
    return table, Expected(list(hands), ids, version=table.version)


def points(**by_side: int) -> Entry:
    return {"points": dict(by_side)}


# Each: a table, its hands, and an edit or delete after which the game would be decided before
# its last hand.
ENDS_EARLY: dict[str, tuple[TablePlan, list[Entry], Operation]] = {
    "scopa: an edit reaches the target in hand 1 of 3": (
        TablePlan("scopa", ["Ann", "Bob"], {"target": 11}, 0),
        [points(Ann=5, Bob=3), points(Ann=4, Bob=4), points(Ann=1, Bob=2)],
        ("edit", 1, points(Ann=11, Bob=0)),
    ),
    "scopa: an edit makes hand 2 of 3 a capotto": (
        TablePlan("scopa", ["Ann", "Bob"], {"capotto": True}, 1),
        [points(Ann=2, Bob=2), points(Ann=3, Bob=1), points(Ann=1, Bob=2)],
        ("edit", 2, {"points": {"Ann": 4, "Bob": 0}, "capotto": "Ann"}),
    ),
    "scopa: a delete leaves hand 2 of 3 alone in the lead": (
        # 0-1, then 12-12 (level leaders play on), then 13-12; without hand 1, 12-11 wins.
        TablePlan("scopa", ["Ann", "Bob"], {"target": 11}, 0),
        [points(Ann=0, Bob=1), points(Ann=12, Bob=11), points(Ann=1, Bob=0)],
        ("delete", 1),
    ),
    "scopone: an edit reaches the target in hand 2 of 3": (
        TablePlan("scopone", ["Ann", "Bob", "Cy", "Di"], {"target": 11}, 2),
        [
            {"points": {"Ann & Cy": 4, "Bob & Di": 3}},
            {"points": {"Ann & Cy": 2, "Bob & Di": 5}},
            {"points": {"Ann & Cy": 1, "Bob & Di": 1}},
        ],
        ("edit", 2, {"points": {"Ann & Cy": 7, "Bob & Di": 0}}),
    ),
    "pirate-scopa: an edit reaches the target in hand 1 of 2": (
        TablePlan("pirate-scopa", ["Ann", "Bob", "Cy"], {"target": 5}, 0),
        [points(Ann=2, Bob=1, Cy=1), points(Ann=1, Bob=2, Cy=1)],
        ("edit", 1, points(Ann=5, Bob=0, Cy=0)),
    ),
    "ciapano: an edit puts everybody but Cy out in hand 1 of 2": (
        # Out at 11, so that one deal can do it: hand 1 edited into Cy's moon.
        TablePlan("ciapano", ["Ann", "Bob", "Cy"], {"elimination_at": 11}, 0),
        [points(Ann=5, Bob=5, Cy=1), points(Ann=1, Bob=1, Cy=9)],
        ("edit", 1, points(Ann=11, Bob=11, Cy=0)),
    ),
    "swoops: an edit takes Bob over the limit in hand 1 of 3": (
        TablePlan("swoops", ["Ann", "Bob", "Cy"], {"limit": 30}, 0),
        [points(Ann=0, Bob=10, Cy=10), points(Ann=5, Bob=0, Cy=10), points(Ann=5, Bob=10, Cy=0)],
        ("edit", 1, {"went_out": "Ann", "remaining": {"Bob": ["JOKER"], "Cy": ["2"]}}),
    ),
}


@pytest.mark.parametrize("case", list(ENDS_EARLY))
def test_a_change_that_would_end_the_game_before_later_hands_is_refused(case: str) -> None:
    plan, hands, operation = ENDS_EARLY[case]
    table, expected = record_all(plan, hands)
    setup = table.setup()
    after = entries_after(operation, hands)
    assert not engine_accepts(table.rules, setup, after)
    # Refused for ending the game early, not for a hand that cannot be: every hand is fine on
    # its own.
    for entry in after:
        table.rules.score_round(entry, setup)
    before = snapshot(table.pk)

    with pytest.raises(EntryError):
        apply(table.pk, operation, expected)

    assert snapshot(table.pk) == before
    assert_stored_is_what_the_engine_makes(table.pk, expected)
