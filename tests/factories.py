"""factory-boy factories for the models, and small builders for round entries.

Tables that need seats consistent with the scoring engine are best made with
``services.table_create``; these factories are for tests that poke at the models directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import factory

from games.models import Player, Seat, Table
from games.scoring.cards import DECK
from tests.clubs import home_club

ALL_CODES: tuple[str, ...] = tuple(card.code for card in DECK)

# A hand worked out by hand (the same one the browser test taps in): one side takes the four
# sevens and A 2 3 6 of coins, the other the other 32 cards. Cards go to the 32 (1 point);
# coins are 5-5 (void); settebello and primiera (84 against 69) go to the eight cards.
EIGHT_CARDS: tuple[str, ...] = ("7D", "7C", "7S", "7B", "AD", "2D", "3D", "6D")


def rest(*taken: Iterable[str]) -> list[str]:
    """Every card code of the deck that none of the given lists holds, in deck order."""
    used = {code for codes in taken for code in codes}
    return [code for code in ALL_CODES if code not in used]


def captures_entry(
    first: str, second: str, scopas: dict[str, int] | None = None
) -> dict[str, object]:
    """``first`` takes EIGHT_CARDS, ``second`` the rest: 2 + scopas for first, 1 for second."""
    return {
        "captures": {first: list(EIGHT_CARDS), second: rest(EIGHT_CARDS)},
        "scopas": scopas or {first: 0, second: 0},
    }


def points_entry(**by_side: int) -> dict[str, object]:
    return {"points": dict(by_side)}


def card_post_data(
    sides: Sequence[str], captures: dict[str, Sequence[str]], scopas: dict[str, int] | None = None
) -> dict[str, str]:
    """Form data for the hand form: each card's radio set to its side's index."""
    data = {"mode": "cards"}
    for side, codes in captures.items():
        for code in codes:
            data[f"card_{code}"] = str(sides.index(side))
    for index, side in enumerate(sides):
        data[f"scopas_{index}"] = str((scopas or {}).get(side, 0))
    return data


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.LazyFunction(home_club)
    name = factory.Sequence(lambda n: f"Player {n}")


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    club = factory.LazyFunction(home_club)
    game = "scopa"
    options = factory.LazyFunction(dict)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    player = factory.SubFactory(PlayerFactory)
    position = factory.Sequence(lambda n: n)
    team = ""
