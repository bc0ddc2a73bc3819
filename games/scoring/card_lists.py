"""The cards each side took, entered as ``{side: [card codes]}``: the one reader behind Scopa's
and Briscola's ``captures`` and Ciapanò's ``penalty_cards``.

Every card of a deck is listed by exactly one side. What differs between the games is given:
the deck, who may list cards, how the problems are phrased, and what becomes of the cards no
side listed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from .base import Side
from .cards import DECK, Card, parse_card
from .errors import Problem, problem
from .i18n import gettext_noop as _


@dataclass(frozen=True)
class CardListWording:
    """How a game phrases the problems of its card-list field.

    Each message is an English template marked for translation. A side is named in it by the
    placeholder ``side`` says, and several sides by the one ``sides`` says, as Ciapanò speaks
    of players where Scopa speaks of sides. ``not_in_deck`` is only met with a deck short of
    the 40 cards.
    """

    field: str
    not_a_mapping: str
    not_a_list: str  # {side}
    not_a_code: str  # {code} ({side})
    listed_twice: str  # {card}, {side}
    taken_twice: str  # {card} ({sides})
    not_in_deck: str = ""  # {card} ({side})
    side: str = "side"
    sides: str = "sides"

    def about(self, message: str, side: str, **params: str) -> Problem:
        return problem(message, self.field, **params, **{self.side: side})


@dataclass(frozen=True)
class CardLists:
    """What a card-list field says. ``taken`` has every side the field names, with the cards
    it listed (none where its list could not be read); ``missing`` are the deck's cards no
    side listed, in the deck's order. ``every_list_read`` is false when a list could not be
    read or named nobody at the table: the cards it held probably show up as missing."""

    taken: dict[Side, frozenset[Card]]
    missing: tuple[Card, ...]
    every_list_read: bool


def read_card_lists(
    raw: object,
    sides: Collection[Side],
    problems: list[Problem],
    wording: CardListWording,
    *,
    unknown: Callable[[str], Problem],
    deck: Sequence[Card] = DECK,
    out: Collection[Side] = (),
    took_no_cards: Callable[[str], Problem] | None = None,
) -> CardLists | None:
    """Read a ``{side: [card codes]}`` field in which every card of ``deck`` is listed once
    (Scopa rules.md §1, Briscola rules.md §5, Ciapanò rules.md §7), telling ``problems`` of
    everything wrong but the missing cards, which each game treats its own way; ``None`` when
    ``raw`` is no mapping.

    A name neither in ``sides`` nor ``out`` gets ``unknown``. A side in ``out`` is at the table
    but out of the game (Ciapanò): its list may be given, empty, or it gets ``took_no_cards``;
    the cards on it still count as listed, so none of them is reported twice. The problems
    come side by side in the order given, then the cards taken twice in the deck's order.
    """
    if not isinstance(raw, Mapping):
        problems.append(problem(wording.not_a_mapping, wording.field))
        return None
    takers: dict[Card, list[Side]] = {}
    taken: dict[Side, frozenset[Card]] = {}
    every_list_read = True
    for key, codes in raw.items():
        side = str(key)
        if key not in sides and key not in out:
            problems.append(unknown(side))
            every_list_read = False
            continue
        if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
            problems.append(wording.about(wording.not_a_list, side))
            taken[side] = frozenset()
            every_list_read = False
            continue
        cards = _read_codes(codes, side, problems, wording, deck)
        for card in cards:
            takers.setdefault(card, []).append(side)
        taken[side] = frozenset(cards)
        if cards and key in out and took_no_cards is not None:
            problems.append(took_no_cards(side))
    for card in deck:
        holders = takers.get(card, [])
        if len(holders) > 1:
            problems.append(
                problem(
                    wording.taken_twice,
                    wording.field,
                    card=card.code,
                    **{wording.sides: ", ".join(holders)},
                )
            )
    missing = tuple(card for card in deck if card not in takers)
    return CardLists(taken, missing, every_list_read)


def _read_codes(
    codes: Sequence[str],
    side: str,
    problems: list[Problem],
    wording: CardListWording,
    deck: Sequence[Card],
) -> list[Card]:
    cards: list[Card] = []
    for code in codes:
        try:
            card = parse_card(code)
        except ValueError:
            problems.append(wording.about(wording.not_a_code, side, code=code))
            continue
        if card not in deck:
            problems.append(wording.about(wording.not_in_deck, side, card=card.code))
        elif card in cards:
            problems.append(wording.about(wording.listed_twice, side, card=card.code))
        else:
            cards.append(card)
    return cards


CAPTURES = "captures"
CAPTURES_WORDING = CardListWording(
    CAPTURES,
    not_a_mapping=_("captures must list the cards each side took"),
    not_a_list=_("captures for {side} must be a list of card codes"),
    not_a_code=_("{code} is not a card code ({side})"),
    listed_twice=_("{card} is listed twice for {side}"),
    taken_twice=_("{card} is captured twice ({sides})"),
)


def read_captures(
    raw: object,
    sides: Sequence[Side],
    problems: list[Problem],
    *,
    unknown: Callable[[str], Problem],
    one_of_two_lists_may_be_left_out: bool = False,
) -> dict[Side, frozenset[Card]] | None:
    """The cards each side captured, every one of the 40 by exactly one side (Scopa rules.md
    §1, Briscola rules.md §5), or ``None`` when ``raw`` is no mapping; ``problems`` is told of
    everything wrong.

    With ``one_of_two_lists_may_be_left_out`` and two sides, a side left out took the cards
    the other did not (docs/scoresheet.md "A round").
    """
    lists = read_card_lists(raw, sides, problems, CAPTURES_WORDING, unknown=unknown)
    if lists is None:
        return None
    captured = {side: lists.taken.get(side, frozenset()) for side in sides}
    left_out = [side for side in sides if side not in lists.taken]
    if one_of_two_lists_may_be_left_out and len(sides) == 2 and len(left_out) == 1:
        captured[left_out[0]] = frozenset(lists.missing)
    else:
        problems.extend(
            problem(_("{card} is not captured by any side"), CAPTURES, card=card.code)
            for card in lists.missing
        )
    return captured
