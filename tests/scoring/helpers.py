"""Small builders shared by the scoring tests: tables, whole-deck deals and round entries.

Nothing here scores anything; the tests compare the engine with the rules as the game packages'
rules pages state them (games/plugins/scopa/rules.md and pirate-scopa.md,
games/plugins/ciapano/rules.md) and with docs/scoresheet.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from games.scoring import EntryError, RoundScore, TableSetup, Team, get_game
from games.scoring.cards import DECK

ALL_CODES: tuple[str, ...] = tuple(card.code for card in DECK)
SUITS = "DCSB"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "N", "K")


def cards(text: str) -> list[str]:
    """``"7D 7C AS"`` -> ``["7D", "7C", "AS"]``."""
    return text.split()


def suit(letter: str) -> list[str]:
    """All ten cards of one suit."""
    return [rank + letter for rank in RANKS]


def rest(*taken: Sequence[str]) -> list[str]:
    """Every card of the deck that none of the given lists holds, in deck order."""
    used = {code for codes in taken for code in codes}
    return [code for code in ALL_CODES if code not in used]


def table(
    game: str = "scopa",
    players: Sequence[str] = ("Ann", "Bob"),
    teams: Sequence[Team] | None = None,
    **options: object,
) -> TableSetup:
    return get_game(game).setup(list(players), options, teams)


def score(entry: Mapping[str, object], at: TableSetup) -> RoundScore:
    return get_game(at.game).score_round(entry, at)


def problems_of(entry: Mapping[str, object], at: TableSetup) -> list[str]:
    """The texts of every problem the engine finds in an entry (it must find at least one)."""
    with pytest.raises(EntryError) as caught:
        score(entry, at)
    return [problem.text() for problem in caught.value.problems]


def setup_problems(
    game: str,
    players: Sequence[str],
    options: Mapping[str, object] | None = None,
    teams: Sequence[Team] | None = None,
) -> list[str]:
    with pytest.raises(EntryError) as caught:
        get_game(game).setup(list(players), options, teams)
    return [problem.text() for problem in caught.value.problems]


def points(**by_side: int) -> dict[str, object]:
    """A hand-counted round entry (docs/scoresheet.md: ``{"points": {...}}``)."""
    return {"points": dict(by_side)}


def ciapano_deals(**totals: int) -> list[dict[str, object]]:
    """Hand-counted Ciapanò deals that bring the players to these totals, each deal worth 11
    as the rules make it (games/plugins/ciapano/rules.md §3: every ordinary deal adds up to exactly
    11), so the totals must add up to a multiple of 11.

    The players are filled in the order given, each to his total before the next: a player
    scores nothing after the deal that brings him to his total, so he may go out in it.
    """
    assert sum(totals.values()) % 11 == 0, "deals of 11 points add up to a multiple of 11"
    deals: list[dict[str, object]] = []
    current: dict[str, int] = {}
    for player, total in totals.items():
        left = total
        while left:
            take = min(11 - sum(current.values()), left)
            current[player] = current.get(player, 0) + take
            left -= take
            if sum(current.values()) == 11:
                deals.append({"points": current})
                current = {}
    return deals
