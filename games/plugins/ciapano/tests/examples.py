"""The tables and entries the Ciapanò engine tests work with: three to five players, the
penalty cards, and entries of the deal's cards, their counts or the points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from games.scoring import EntryError, GameState, RoundScore, TableSetup, get_game, score_table
from tests.scoring.helpers import ciapano_deals, table

THREE = ("Ann", "Bob", "Cy")
FOUR = ("Ann", "Bob", "Cy", "Di")
FIVE = ("Ann", "Bob", "Cy", "Di", "Eve")

ACES = ["AD", "AC", "AS", "AB"]
# The twenty 1/3-point cards: 3s, 2s, kings, knights and jacks, suit by suit.
THIRD_CARDS = [rank + suit for suit in "DCSB" for rank in ("3", "2", "K", "N", "J")]
ALL_PENALTY = ACES + THIRD_CARDS


def ciapano(players: Sequence[str] = THREE, **options: object) -> TableSetup:
    return table("ciapano", players, **options)


def dealt(**counts: tuple[int, int]) -> dict[str, list[str]]:
    """Penalty cards for each player, ``Ann=(aces, thirds)``, taken in order from the pack.

    The counts given must use up all 4 aces and 20 thirds, as a real deal does.
    """
    aces, thirds = list(ACES), list(THIRD_CARDS)
    taken: dict[str, list[str]] = {}
    for player, (ace_count, third_count) in counts.items():
        taken[player] = aces[:ace_count] + thirds[:third_count]
        del aces[:ace_count], thirds[:third_count]
    assert not aces, "a deal hands out every penalty card"
    assert not thirds, "a deal hands out every penalty card"
    return taken


def cards_entry(last_trick: str, **counts: tuple[int, int]) -> dict[str, object]:
    return {"penalty_cards": dealt(**counts), "last_trick": last_trick}


def counts_entry(last_trick: str, **counts: tuple[int, int]) -> dict[str, object]:
    return {
        "aces": {player: aces for player, (aces, _) in counts.items()},
        "thirds": {player: thirds for player, (_, thirds) in counts.items()},
        "last_trick": last_trick,
    }


def points_entry(**points: int) -> dict[str, object]:
    return {"points": points}


def play(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> GameState:
    return score_table(get_game(at.game), at, entries)[1]


def rounds_of(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> list[RoundScore]:
    return score_table(get_game(at.game), at, entries)[0]


def problems_after(
    at: TableSetup, earlier: Sequence[Mapping[str, object]], entry: Mapping[str, object]
) -> list[str]:
    """The problems of ``entry`` played after the ``earlier`` entries (which must be good)."""
    with pytest.raises(EntryError) as caught:
        score_table(get_game(at.game), at, [*earlier, entry])
    return [problem.text() for problem in caught.value.problems]


# The example of games/plugins/ciapano/rules.md §3: three players hold 4 1/3, 4 2/3 and, with the
# last trick, 1 2/3, and score 4, 4 and 3 (1 for the cards, 2 for the last trick). Cy's cards are
# 1 2/3: the 32 thirds must all be dealt.
EXAMPLE = {"Ann": (3, 4), "Bob": (1, 11), "Cy": (0, 5)}

# Cy goes out in the first deals (Ann on 2): what a table looks like with a player already out.
CY_OUT = ciapano_deals(Cy=31, Ann=2)
LATER = len(CY_OUT)  # the index of the deal after them; its round number is LATER + 1
