"""The phone scores pending hands by the server's own rules (issue 33, item 3): the pure engine
runs in the browser under Pyodide (static/js/offline-engine.js, scorekeeper/offline_engine.py),
and this differential check holds it to the server's, hand for hand, over randomized tables of
every game (tests/entries.py: the kits' entries, the documented hands, counted points steered to
each game's line, and mistakes the engine refuses): each hand's points, the totals after it,
whether the game is over and who won, and the problems of a refused hand; and the hands kept on
the phone (tests/kept_hands.py: a hand of every game posted as a phone posts it, after hands
stored) read by the game's own reader and scored there as the server's Python does. All of them
in a page whose engine is already running (tests/test_browser_offline.py: the phone's, started
offline from what its service worker kept), so the runtime starts once in the suite."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Page

from games.scoring import GAMES, EntryError, score_table
from games.scoring.phone import score, score_pending
from games.scoring.scoresheet import read_scoresheet, write_scoresheet
from scorekeeper.offline_engine import pyodide_installed
from tests.entries import entries, table_plans
from tests.kept_hands import kept_hands

T = TypeVar("T")

SHEETS_PER_GAME = 12
KEPT_PER_GAME = 10
MOST_HANDS = 6


@st.composite
def scoresheets(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """A table of ``game`` and up to MOST_HANDS hands drawn one after another for the table as
    it stands (its totals, who is out), as a phone enters them; a refused one ends the sheet."""
    plan = draw(table_plans(game))
    rules = GAMES[game]
    setup = rules.setup(plan.players, plan.options)
    tracker = rules.tracker(setup, plan.first_dealer)
    rounds: list[dict[str, object]] = []
    for _hand in range(draw(st.integers(1, MOST_HANDS))):
        state = tracker.state()
        if state.finished:
            break
        entry = draw(entries(setup, state.totals, tracker.out()))
        rounds.append(entry)
        try:
            tracker.add(entry)
        except EntryError:
            break
    document = write_scoresheet(game, plan.options, plan.players, setup.teams, rounds)
    return {"document": document, "dealer": plan.first_dealer}


def drawn(strategy: Callable[[str], st.SearchStrategy[T]], per_game: int) -> list[T]:
    """Examples of ``strategy`` for every game, the same on every run."""
    found: list[T] = []
    for game in GAMES:

        @settings(
            max_examples=per_game,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(strategy(game))
        def collect(example: T) -> None:
            found.append(example)

        collect()
    return found


def drawn_sheets() -> list[dict[str, Any]]:
    return drawn(scoresheets, SHEETS_PER_GAME)


def drawn_kept_hands() -> list[dict[str, Any]]:
    return [
        {"document": kept.document, "hands": [kept.fields], "dealer": kept.first_dealer}
        for kept in drawn(kept_hands, KEPT_PER_GAME)
    ]


def runtime_installed() -> bool:
    """Whether ``make pyodide`` has fetched the runtime; when it has not, a test that needs it
    says so and skips that part, and fails under SCOREKEEPER_REQUIRE_BROWSER (CI)."""
    if pyodide_installed():
        return True
    message = "the Pyodide runtime is not installed (make pyodide)"
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{message}; SCOREKEEPER_REQUIRE_BROWSER is set", pytrace=False)
    print(f"{message}: offline scoring not checked")
    return False


def check_the_phone_scores_every_game_as_the_server_does(page: Page) -> None:
    """On a page whose ScorekeeperEngine is ready (or becomes so)."""
    sheets = drawn_sheets()
    expected = [score(sheet["document"], sheet["dealer"]) for sheet in sheets]
    # The phone's scoring is the server's: where every hand scores, as score_table has it.
    for sheet, result in zip(sheets, expected, strict=True):
        if result["ok"]:
            parsed = read_scoresheet(sheet["document"])
            scores, state = score_table(parsed.game, parsed.table, parsed.rounds)
            assert result["totals"] == dict(state.totals)
            assert result["rounds"] == [{"points": dict(each.points)} for each in scores]
    assert {sheet["document"]["game"] for sheet in sheets} == set(GAMES)
    assert any(not result["ok"] for result in expected)
    assert any(result["finished"] for result in expected)

    on_phone = page.evaluate(
        """async (sheets) => {
          await ScorekeeperEngine.ready;
          return Promise.all(
            sheets.map((sheet) => ScorekeeperEngine.score(sheet.document, sheet.dealer))
          );
        }""",
        sheets,
    )
    for sheet, server, phone in zip(sheets, expected, on_phone, strict=True):
        assert phone == json.loads(json.dumps(server)), json.dumps(sheet)

    kept = drawn_kept_hands()
    expected = [score_pending(each["document"], each["hands"], each["dealer"]) for each in kept]
    assert {each["document"]["game"] for each in kept} == set(GAMES)
    scored = {
        each["document"]["game"]
        for each, result in zip(kept, expected, strict=True)
        if "points" in result["pending"][0]
    }
    assert scored == set(GAMES)
    assert any("points" not in result["pending"][0] for result in expected)
    on_phone = page.evaluate(
        """async (kept) => Promise.all(
          kept.map((each) => ScorekeeperEngine.pending(each.document, each.hands, each.dealer))
        )""",
        kept,
    )
    for each, server, phone in zip(kept, expected, on_phone, strict=True):
        assert phone == json.loads(json.dumps(server)), json.dumps(each)
