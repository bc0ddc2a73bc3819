"""Every game has a test kit, found by its file alone (issue 16): the shared test helpers ask the
kit, so a new game adds games/plugins/<package>/tests/kit.py and no line in them.

A made-up game, registered in a test with a kit in a module of its own, gets tables, entries,
counted rounds and a finished league table from the shared helpers.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.hands import HAND_ENTRIES
from games.plugins.swoops.engine import Swoops
from games.plugins.swoops.entry import SwoopsHandEntry
from games.scoring import GAMES, EntryError
from games.scoring.registry import GAME_PACKAGES
from tests import kits
from tests.entries import entries, table_plans
from tests.kits import GameKit, find_kits, kit_for, sample_setup
from tests.leagues import finished
from tests.scoring.strategies import counted_entries

MADE_UP = "made-up-rummy"


class MadeUpRummy(Swoops):
    """Swoops' rules under a key no kit module names."""

    key = MADE_UP
    name = "Made-up rummy"


def test_every_registered_game_has_a_kit() -> None:
    missing = [game for game in GAMES if game not in kits.registry()]
    assert missing == [], [kits.kit_file(game) for game in missing]
    for game in GAMES:
        assert isinstance(kit_for(game), GameKit)
        assert sample_setup(game).game == game


def test_the_kits_are_found_in_the_game_packages() -> None:
    found = find_kits()
    assert found == kits.registry()
    modules = {type(kit).__module__ for kit in found.values()}
    assert modules == {kits.kit_module(package) for package in GAME_PACKAGES}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_kits_counted_hand_is_one_the_rules_allow_and_decides_nothing(game: str) -> None:
    setup = sample_setup(game)
    rules = GAMES[game]

    score = rules.score_round(kit_for(game).counted_hand(setup), setup)

    assert not rules.game_state([score], setup).finished


def test_a_game_without_a_kit_names_the_file_to_add(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, MADE_UP, MadeUpRummy())

    with pytest.raises(AssertionError, match=r"add games/plugins/<its package>/tests/kit\.py"):
        kit_for(MADE_UP)

    @settings(max_examples=1, database=None)
    @given(data=st.data())
    def draw_a_table(data: st.DataObject) -> None:
        data.draw(table_plans(MADE_UP))

    # The shared helpers ask the kit, and say which file to add.
    with pytest.raises(AssertionError, match=r"add games/plugins/<its package>/tests/kit\.py"):
        draw_a_table()


@pytest.fixture
def made_up_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game registered as a package registers it, with its kit in its package's tests."""
    kit = tmp_path / "made_up_rummy" / "tests" / "kit.py"
    kit.parent.mkdir(parents=True)
    for package in (kit.parent.parent, kit.parent):
        (package / "__init__.py").write_text("", encoding="utf-8")
    kit.write_text(
        "from games.plugins.swoops.tests.kit import SwoopsKit\n\n"
        f"KITS = {{{MADE_UP!r}: SwoopsKit()}}\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(tmp_path)
    found = find_kits(("made_up_rummy",))
    assert list(found) == [MADE_UP]
    monkeypatch.setitem(GAMES, MADE_UP, MadeUpRummy())
    monkeypatch.setitem(HAND_ENTRIES, MADE_UP, SwoopsHandEntry())
    monkeypatch.setitem(kits.registry(), MADE_UP, found[MADE_UP])
    yield MADE_UP
    for name in [name for name in sys.modules if name.partition(".")[0] == "made_up_rummy"]:
        del sys.modules[name]


def test_the_shared_helpers_draw_a_made_up_games_tables_and_entries(made_up_game: str) -> None:
    rules = GAMES[made_up_game]

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        plan = data.draw(table_plans(made_up_game))
        assert plan.game == made_up_game
        assert 3 <= len(plan.players) <= 5
        setup = rules.setup(plan.players, plan.options)
        for entry in (
            data.draw(entries(setup)),
            data.draw(counted_entries(made_up_game, setup.sides)),
        ):
            # Scored, or refused in words (a mistake the helpers draw on purpose).
            with contextlib.suppress(EntryError):
                rules.score_round(entry, setup)

    check()


@pytest.mark.django_db
def test_the_shared_helpers_finish_a_made_up_games_table(made_up_game: str) -> None:
    table = finished(made_up_game, ["Ann", "Bob", "Cy"], "Cy")

    assert table.game == made_up_game
    assert [seat.player.name for seat in table.seats.filter(won=True)] == ["Cy"]
