"""A Ciapanò hand's form read as its entry (games/scoring/posted.py): the penalty cards tapped
to the players still in and who won the last trick, or their aces and thirds counted, or the
points. The form has fields for the players still in only (``Before.scores`` says who they are),
by seat: what is posted for a player out is not read, and a card or the last trick given to one
is refused."""

from __future__ import annotations

from collections.abc import Sequence

from games.plugins.ciapano.engine import (
    ACE_COUNT,
    PENALTY_CARDS,
    ROUND_POINTS,
    THIRD_CARD_COUNT,
    active_players,
)
from games.scoring.base import TableSetup
from games.scoring.posted import FIRST_HAND, Before, NotScorable, Values, bounded, choice

MODE_CARDS = "cards"
MODE_COUNTS = "counts"
MODE_POINTS = "points"
MODES = (MODE_CARDS, MODE_COUNTS, MODE_POINTS)
# A press of "all remaining penalty cards to X" without JavaScript: it fills the grid in, and
# the hand is never saved from that page.
REST_TO = "rest_to"

Seats = Sequence[tuple[int, str]]


def seats_in(setup: TableSetup, before: Before) -> tuple[tuple[int, str], ...]:
    """The seats of the players still in before this hand, with their names."""
    active = active_players(setup, before.scores)
    return tuple((seat, player) for seat, player in enumerate(setup.players) if player in active)


def counts(values: Values, seats: Seats) -> tuple[dict[str, int], dict[str, int], frozenset[str]]:
    """The counted aces and thirds, and the players given the rest: the one rule for the
    preview and the save, so what the preview shows is what gets saved.

    An empty count is 0, except that what the others did not take goes to the count left
    empty in its column when it is the only one, or else to the one player who left both of
    their counts empty: the last player need not count, and a player without aces need not
    type a 0 for them.
    """
    raw = {
        name: {player: bounded(values, f"{name}_{seat}", 0, most) for seat, player in seats}
        for name, most in (("aces", ACE_COUNT), ("thirds", THIRD_CARD_COUNT))
    }
    players = [player for _seat, player in seats]
    blank = [player for player in players if all(raw[name][player] is None for name in raw)]
    counted: dict[str, dict[str, int]] = {}
    rest: set[str] = set()
    for name, total in (("aces", ACE_COUNT), ("thirds", THIRD_CARD_COUNT)):
        given_counts = {player: value or 0 for player, value in raw[name].items()}
        empty = [player for player, value in raw[name].items() if value is None]
        taker = empty if len(empty) == 1 else blank if len(blank) == 1 else []
        given = sum(given_counts.values())
        if taker and len(given_counts) > 1 and given <= total:
            given_counts[taker[0]] = total - given
            rest.add(taker[0])
        counted[name] = given_counts
    return counted["aces"], counted["thirds"], frozenset(rest)


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    if REST_TO in values:
        raise NotScorable("the grid is being filled in, not saved")
    seats = seats_in(setup, before)
    choices = [str(seat) for seat, _player in seats]
    mode = choice(values, "mode", MODES) or MODE_CARDS
    # Every field is checked whatever the mode, as the form checks them.
    taken: dict[str, list[str]] = {player: [] for _seat, player in seats}
    for card in PENALTY_CARDS:
        seat = choice(values, f"card_{card.code}", choices)
        if seat:
            taken[setup.players[int(seat)]].append(card.code)
    aces, thirds, _rest = counts(values, seats)
    points = {player: bounded(values, f"points_{seat}", 0, ROUND_POINTS) for seat, player in seats}
    last = choice(values, "last_trick", choices)
    last_trick = setup.players[int(last)] if last else ""
    if mode == MODE_POINTS:
        return {"points": {player: value or 0 for player, value in points.items()}}
    # As the form's ``incomplete``: a hand still being entered.
    if not last_trick or (
        mode == MODE_CARDS and sum(map(len, taken.values())) < len(PENALTY_CARDS)
    ):
        raise NotScorable("penalty cards or the last trick not entered yet")
    if mode == MODE_COUNTS:
        return {"aces": aces, "thirds": thirds, "last_trick": last_trick}
    return {"penalty_cards": taken, "last_trick": last_trick}
