"""Per-game test kits (issue 16): what the shared test helpers need to know about a game.

The shared helpers (tests/entries.py, tests/leagues.py, tests/scoring/strategies.py,
tests/phone_pages.py, tests/test_counted_points.py, tests/scoring/test_tracker.py,
games/tables/tests/test_hand_integrity_properties.py) never name a game: they ask the game's
kit. Each game
family of games has one module ``games/plugins/<package>/tests/kit.py`` exposing ``KITS`` (game
key -> kit); this module finds them from the registry's ``GAME_PACKAGES``, so adding a game adds
its kit module and nothing here.

A kit subclasses ``GameKit`` and answers every method the helpers call; a method it leaves out
fails with the kit and the method named. Strategy methods take hypothesis's ``draw`` first and
are called from inside the helpers' ``@st.composite`` strategies, so the draws happen in the
order the helpers always made them.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hypothesis import strategies as st

from games.scoring import GAMES, RoundScore, TableSetup
from games.scoring import registry as game_registry

if TYPE_CHECKING:
    from playwright.sync_api import Page

Entry = dict[str, Any]


class GameKit:
    """What the shared test helpers need from one game; the defaults are the common case."""

    # -- tests/scoring/test_tracker.py: a small table, and one that goes on for long ----------
    #: The players of a small table (their number fixes any partnership).
    sample_players: tuple[str, ...] = ("Ann", "Bob")
    #: Its options, besides the game's defaults.
    sample_options: Mapping[str, object] = {}
    #: How many rounds the cost test plays, against how many (a game that must end sooner
    #: plays fewer).
    steady_rounds: ClassVar[tuple[int, int]] = (400, 100)
    #: Methods of the engine that walk one earlier round each time they are called, counted by
    #: the cost test with the rounds ``game_state`` and ``score_round`` read.
    round_walkers: ClassVar[tuple[tuple[type, str], ...]] = ()

    # -- tests/scoring/test_breakdowns.py ---------------------------------------------------------
    #: Keys a stored breakdown may leave out (parts a table option adds, keys hands stored before
    #: a change lack): leaving one of them out is not a mistake.
    optional_breakdown_keys: ClassVar[frozenset[str]] = frozenset()

    # -- tests/test_counted_points.py ------------------------------------------------------------
    #: Whether counted points score as given (not, where a deal's card points give the match
    #: points to its winner).
    scores_counted_points_as_given: ClassVar[bool] = True

    # -- games/tables/tests/test_hand_integrity_properties.py -------------------------
    #: Whether a counted hand always adds up to the same (a corrected typo moves points from one
    #: side to another); a game whose points are a balance keeps its total anyway.
    counted_total_is_fixed: ClassVar[bool] = False

    # -- tests/entries.py: tables and entries as a phone sends them ------------------------------
    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        """How many play and the options of a table of ``game`` that ends within a few
        hands."""
        raise self._missing("table_plan")

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        """One hand's entry, in any form the hand form accepts; ``out`` are the players already
        out of the game."""
        raise self._missing("entry")

    def steer_line(self, setup: TableSetup) -> int | None:
        """The total that decides the game or puts a player out (None: entries are not steered
        to a line)."""
        return None

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        """Counted points that give ``side`` ``wanted`` points (or as near as a hand allows)."""
        raise self._missing("steered")

    def mistake(self, setup: TableSetup) -> Entry | None:
        """Counted points no hand of the game can give."""
        return None

    #: Whether a negative count is refused (not where the points are a balance).
    refuses_negative_points: ClassVar[bool] = True

    # -- tests/test_counted_points.py ------------------------------------------------------------
    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        """Counted points the rules allow for a first hand at ``setup``."""
        raise self._missing("legal_points")

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        """``legal`` changed (at ``side``, where one side changes) so that no hand gives it, and
        how the refusal begins."""
        raise self._missing("impossible_points")

    # -- tests/scoring/strategies.py -------------------------------------------------------------
    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        """A round for ``sides`` (those still in), counted at the table as the rules make it,
        at a table of the default options."""
        raise self._missing("counted_entry")

    # -- tests/scoring/test_tracker.py -----------------------------------------------------------
    def still_in(self, setup: TableSetup, scores: Sequence[RoundScore]) -> tuple[str, ...]:
        """The sides a round is entered for after ``scores``."""
        return setup.sides

    def steady_setup(self, game: str) -> TableSetup:
        """A table that can go on for many rounds."""
        return sample_setup(game)

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """Counted points the rules allow that keep the game going round after round: by
        default every side level, 1 each."""
        return {"points": dict.fromkeys(setup.sides, 1)}

    # -- tests/phone_pages.py and tests/test_every_game_table.py: the table page ---------------
    def site_players(self, game: str) -> int:
        """How many sit at ``game``'s table among the pages the browser tests look at: by
        default the fewest its rules allow."""
        return GAMES[game].min_players

    def counted_hand(self, setup: TableSetup) -> Entry:
        """A first hand counted at the table, the rules allow it and it decides nothing: by
        default 1 point to the first side."""
        return {"points": {side: int(index == 0) for index, side in enumerate(setup.sides)}}

    def entered_hand(self, setup: TableSetup) -> Entry:
        """A first hand the hand form can show and save again (from its values for a stored
        hand, ``HandEntry.initial_from_entry``) that decides nothing
        (tests/test_every_game_table.py): by default the counted hand."""
        return self.counted_hand(setup)

    def half_enter(self, page: Page) -> None:
        """Enter part of a hand on the table page as a player would, without saving it."""
        raise self._missing("half_enter")

    # -- tests/leagues.py ------------------------------------------------------------------------
    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        """Points entries that play a table to its end with the side ``winner`` winning (where
        the players end it, the best balance)."""
        raise self._missing("winning_entries")

    def _missing(self, method: str) -> AssertionError:
        return AssertionError(f"{type(self).__name__} ({type(self).__module__}) has no {method}")


def player_counts(game: str, fewest: int, most: int) -> st.SearchStrategy[int]:
    """Between ``fewest`` and ``most`` players, as the game allows."""
    rules = GAMES[game]
    return st.integers(max(fewest, rules.min_players), min(most, rules.max_players))


def sample_setup(game: str) -> TableSetup:
    """The kit's small table of ``game``."""
    kit = kit_for(game)
    return GAMES[game].setup(list(kit.sample_players), dict(kit.sample_options))


def kit_module(package: str) -> str:
    """The module holding the kits of a game package's games."""
    return f"{package}.tests.kit"


def package_of(game: str) -> str | None:
    """The game package whose engine lists ``game`` (None for a game registered otherwise)."""
    for package in game_registry.GAME_PACKAGES:
        if any(rules.key == game for rules in game_registry.package_games((package,))):
            return package
    return None


def kit_file(game: str) -> str:
    package = package_of(game)
    folder = package.replace(".", "/") if package else "games/plugins/<its package>"
    return f"{folder}/tests/kit.py"


def find_kits(packages: tuple[str, ...] | None = None) -> dict[str, GameKit]:
    """The kits of every game package (``<package>.tests.kit``), by game key: of
    ``GAME_PACKAGES`` unless ``packages`` are named."""
    found: dict[str, GameKit] = {}
    for package in game_registry.GAME_PACKAGES if packages is None else packages:
        name = kit_module(package)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            # A package without a kit: kit_for names the file to add when a test asks.
            if error.name in (name, f"{package}.tests"):
                continue
            raise
        kits = getattr(module, "KITS", None)
        assert isinstance(kits, dict), f"{name} has no KITS = {{game key: kit}}"
        for key, kit in kits.items():
            assert key not in found, f"two kits for {key}: {name} and another"
            assert isinstance(kit, GameKit), f"{name}: the kit for {key} is not a GameKit"
            found[key] = kit
    return found


def registry() -> dict[str, GameKit]:
    """Every kit found, by game key: those of the packages ``GAME_PACKAGES`` lists now (a test
    may register a package, or put a kit in, as it adds a game to ``GAMES``)."""
    return _kits_of(game_registry.GAME_PACKAGES)


@functools.cache
def _kits_of(packages: tuple[str, ...]) -> dict[str, GameKit]:
    return find_kits(packages)


def kit_for(game: str) -> GameKit:
    """The test kit of a registered game."""
    kit = registry().get(game)
    if kit is None:
        raise AssertionError(
            f"the game {game!r} has no test kit: add {kit_file(game)} (or add {game!r} to the "
            "KITS of its package's tests/kit.py) with KITS = {"
            f"{game!r}: ...}}, a tests.kits.GameKit"
        )
    return kit
