"""A Schafkopf hand's form read as its entry (games/scoring/posted.py): the contract, who played,
the result and the doublings, and where the table plays them the house games' fields (the
Laufende, the knocks, a Ramsch's card points, Jungfrauen, Durchmarsch, tie-break and Schieber);
the engine's ``table_entry`` turns them into the entry, refusing a hand still being entered or
one whose result contradicts its card points. A field the table's options leave out of the form
is not read. Player choices are seat numbers; at a table of five the seat dealing the hand
(``Before.dealer``: the page's, or the phone's tracker's) sits out."""

from __future__ import annotations

from games.plugins.schafkopf.engine import (
    DOUBLINGS,
    FIVE_PLAYERS,
    RAMSCH_TIE_ALL_LOSE,
    RAMSCH_TIE_TRICKS_TRUMP,
    SITS_OUT,
    GermanSuit,
    TableHand,
    contracts_at,
    sits_out_at,
    table_entry,
)
from games.scoring.base import TableSetup
from games.scoring.posted import (
    FIRST_HAND,
    Before,
    NotScorable,
    Values,
    choice,
    chosen,
    flag,
    indexes,
    number,
)

WON = "won"
LOST = "lost"
RESULTS = (WON, LOST)
SUITS = tuple(suit.value for suit in GermanSuit)
DOUBLING_LEVELS = ("0", *(str(doubling.level) for doubling in DOUBLINGS))


def has_laufende(setup: TableSetup) -> bool:
    return setup.option_bool("runners")


def has_klopfen(setup: TableSetup) -> bool:
    return setup.option_bool("klopfen")


def has_geschoben(setup: TableSetup) -> bool:
    return setup.option_bool("ramsch") and setup.option_bool("schieberramsch")


def has_ramsch(setup: TableSetup) -> bool:
    return setup.option_bool("ramsch")


def breaks_ties(setup: TableSetup) -> bool:
    """Whether the table breaks a Ramsch's tie for the most card points (rules.md §12): then
    the form asks each seat's tricks."""
    return has_ramsch(setup) and setup.option_str("ramsch_tie") != RAMSCH_TIE_ALL_LOSE


def asks_highest_trump(setup: TableSetup) -> bool:
    return breaks_ties(setup) and setup.option_str("ramsch_tie") == RAMSCH_TIE_TRICKS_TRUMP


def _player(values: Values, name: str, seats: list[str], setup: TableSetup) -> str | None:
    seat = choice(values, name, seats)
    return setup.players[int(seat)] if seat else None


def _count(values: Values, name: str, asked: bool) -> int:
    """A house game's count, 0 where the table's form has no such field."""
    return (number(values.get(name)) or 0) if asked else 0


def _per_seat(values: Values, name: str, setup: TableSetup, asked: bool) -> dict[str, int]:
    """Each seat's number where one was given (by player); none where the form has no field."""
    if not asked:
        return {}
    given = {
        player: number(values.get(f"{name}_{index}")) for index, player in enumerate(setup.players)
    }
    return {player: value for player, value in given.items() if value is not None}


def table_hand(values: Values, setup: TableSetup) -> TableHand:
    """The fields as tapped, read into the engine's ``TableHand``; nothing decided here. Every
    field the form has is checked, whatever the contract, as the form checks them."""
    contract = choice(values, "contract", [c.key for c in contracts_at(setup)])
    if not contract:
        raise NotScorable("no contract")
    seats = indexes(setup.players)
    won = choice(values, "declarer_won", RESULTS)
    ramsch = has_ramsch(setup)
    jungfrau = chosen(values, "jungfrau", seats) if ramsch else []
    return TableHand(
        contract=contract,
        declarer=_player(values, "declarer", seats, setup),
        partner=_player(values, "partner", seats, setup),
        suit=choice(values, "suit", SUITS) or None,
        declarer_won=won == WON if won else None,
        schneider=flag(values, "schneider"),
        schwarz=flag(values, "schwarz"),
        declarer_points=number(values.get("declarer_points")),
        declarer_tricks=number(values.get("declarer_tricks")),
        doublings=int(choice(values, "doublings", DOUBLING_LEVELS) or 0),
        laufende=_count(values, "laufende", has_laufende(setup)),
        klopfen=_count(values, "klopfen", has_klopfen(setup)),
        card_points=_per_seat(values, "card_points", setup, ramsch) or None,
        jungfrau=tuple(setup.players[int(seat)] for seat in jungfrau),
        durchmarsch=_player(values, "durchmarsch", seats, setup) if ramsch else None,
        tricks=_per_seat(values, "tricks", setup, breaks_ties(setup)) or None,
        highest_trump=(
            _player(values, "highest_trump", seats, setup) if asks_highest_trump(setup) else None
        ),
        geschoben=_count(values, "geschoben", has_geschoben(setup)),
    )


def sitter(setup: TableSetup, before: Before) -> str | None:
    """Who sits out this hand at a table of five: the seat dealing it; None at a table of four,
    or when no seat was given (the engine then asks for it)."""
    if len(setup.players) != FIVE_PLAYERS or before.dealer is None:
        return None
    return sits_out_at(setup, before.dealer)


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    """The round entry as the engine reads the taps (``table_entry``): its EntryError, in the
    players' words, when something is still to enter or contradicts the rest."""
    hand = table_hand(values, setup)
    out = sitter(setup, before)
    if out is None:
        return table_entry(hand, setup)
    # The four who play enter the hand as at a table of four; the engine refuses a hand that
    # names the one who sits out.
    four = tuple(player for player in setup.players if player != out)
    playing = TableSetup(setup.game, setup.options, four)
    return {**table_entry(hand, playing), SITS_OUT: out}
