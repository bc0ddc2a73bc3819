"""The table page's history: a row for each hand shown, its line (points and what the game
says of the hand) remembered per process for what it is made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from django.utils.translation import get_language

from games.addresses import address
from games.hands import HandEntry
from games.hands.base import HistoryLine
from games.models import Seat, Table
from games.remembered import Remembered
from games.scoring import TableSetup
from games.tables import selectors


class ShownTable(Protocol):
    """What the history reads of a table page (tables/page.TablePage)."""

    table: Table
    setup: TableSetup
    ui: HandEntry
    watching: bool


# A hand id no real one can be (they are lowercase): the address built once per page, then
# replaced.
_ANY_HAND = "HAND"


def _hand_url(page: ShownTable, name: str) -> Callable[[str], str]:
    """A hand's address on this table by its id: built once for the page, a string
    replacement per row (a history of twenty hands asked for sixty addresses)."""
    pattern = address(name, table=page.table.public_id, hand=_ANY_HAND)
    return lambda hand: pattern.replace(_ANY_HAND, hand)


def round_rows(
    page: ShownTable, hands: Sequence[selectors.StoredHand], seats: list[Seat]
) -> list[dict[str, Any]]:
    """The history's rows: each hand's line, its dealer, and the addresses of its buttons."""
    edit_url = _hand_url(page, "games:round_edit")
    delete_url = _hand_url(page, "games:round_delete")
    why_url = (
        _hand_url(page, page.ui.why_url_name)
        if page.ui.why_url_name and not page.watching
        else None
    )
    made_of = (page.table.game, repr(page.setup), get_language() or "")
    return [
        {
            "round": hand,
            "dealer": seats[hand.dealer].player.name if hand.dealer < len(seats) else "",
            "line": _history_line(page, hand, made_of),
            "why_url": why_url(hand.public_id) if why_url else "",
            "edit_url": edit_url(hand.public_id),
            "delete_url": delete_url(hand.public_id),
        }
        for hand in hands
    ]


def _history_line(
    page: ShownTable, hand: selectors.StoredHand, made_of: tuple[str, str, str]
) -> HistoryLine:
    """A hand's line in the history, worked out once per process for what it is made of: the
    game, the table's setup and the language (``made_of``), the hand's points and its
    breakdown's stored text. Working out twenty lines (each game's ``explain`` reading its
    breakdown) was most of the history, and the history most of a table page after a save:
    twenty Schafkopf hands took 2.19 ms, remembered 0.05 (issue 31); a save adds one line,
    and a hand edited has another breakdown, so another key."""

    def make() -> HistoryLine:
        breakdown = selectors.in_seat_order(hand.breakdown, page.setup.sides)
        return page.ui.history_line(hand.points, breakdown, page.setup)

    if not isinstance(hand.breakdown, selectors.StoredBreakdown):
        return make()  # the hand a save just made, not read back: its line is made once
    key = (*made_of, hand.breakdown.text, tuple(hand.points.items()))
    return HISTORY_LINES.get(key, make)


# The history's lines by what they are made of (``_history_line``): some 20 for each table in
# play, each a few hundred bytes; all let go when there would be more.
HISTORY_LINES: Remembered[HistoryLine] = Remembered(20_000)
