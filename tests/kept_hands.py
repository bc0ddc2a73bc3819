"""A table's hands stored and the next hand kept on the phone, posted as a phone posts it
(issue 33, item 3): for tests/test_offline_entries.py, which holds the phone's reading and
scoring of it to the server's form, and tests/offline_engine.py, which holds the phone's
engine under Pyodide to the server's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from games.hands import hand_entry_for
from games.scoring import GAMES, EntryError, RoundScore, TableSetup
from games.scoring.base import RoundTracker
from games.scoring.scoresheet import write_scoresheet
from tests.entries import NAMES, entries, table_plans

# What a phone may post in a field besides what the form rendered: blanks, numbers out of a
# field's range or written oddly, other fields' choices, words.
ODD_VALUES = (
    "",
    " ",
    "0",
    "1",
    "2",
    "4",
    "5",
    "7",
    "-1",
    "12",
    "21",
    "99",
    "121",
    " 3 ",
    "3.0",
    ".0",
    "01",
    "x",
    "\u0663",
    "won",
    "lost",
    "on",
    "false",
    "points",
    "counts",
    "cards",
    "sauspiel",
    "ramsch",
    "eichel",
    "JOKER 10 K",
    "k, q;5",
    "Z 3",
    "a\x00b",
)


@dataclass
class KeptHand:
    """A table with hands stored, and the next hand as a phone posted it."""

    setup: TableSetup
    options: dict[str, object]
    first_dealer: int
    stored: list[dict[str, object]]
    scores: list[RoundScore]
    dealer: int  # the seat dealing the kept hand
    fields: list[list[str]]

    @property
    def document(self) -> dict[str, Any]:
        """The table's scoresheet, as the phone keeps it."""
        setup = self.setup
        return write_scoresheet(setup.game, self.options, setup.players, setup.teams, self.stored)


@st.composite
def house_tables(draw: st.DrawFn, game: str) -> tuple[list[str], dict[str, object], int]:
    """The kit's table; at Schafkopf tables of five too, and the house options its kit leaves
    at their defaults (a Ramsch's tie broken, the Bock rounds' other triggers)."""
    plan = draw(table_plans(game))
    players, options = plan.players, dict(plan.options)
    if game == "schafkopf":
        if draw(st.booleans()):
            players = list(NAMES[:5])
        if options.get("ramsch"):
            options["ramsch_tie"] = draw(st.sampled_from(["all-lose", "tricks", "tricks-trump"]))
        if options.get("bock"):
            options["bock_runde"] = draw(st.booleans())
            options["doppelbock"] = draw(st.booleans())
            options["bock_games"] = draw(st.sampled_from([1, 4]))
    return players, options, draw(st.integers(0, len(players) - 1))


def drawn_entry(draw: st.DrawFn, setup: TableSetup, tracker: RoundTracker) -> dict[str, Any]:
    """The next hand's entry for the table as it stands; at a table whose dealer sits out, for
    the others (as the kits draw a table's hands)."""
    totals = tracker.state().totals
    if GAMES[setup.game].dealer_sits_out_at != len(setup.players):
        return draw(entries(setup, totals, tracker.out()))
    dealer = setup.players[tracker.next_dealer()]
    playing = TableSetup(
        setup.game, setup.options, tuple(p for p in setup.players if p != dealer), setup.teams
    )
    return draw(entries(playing, {p: totals.get(p, 0) for p in playing.players}))


@st.composite
def kept_hands(draw: st.DrawFn, game: str) -> KeptHand:
    players, options, first_dealer = draw(house_tables(game))
    rules = GAMES[game]
    setup = rules.setup(players, options)
    tracker = rules.tracker(setup, first_dealer)
    stored: list[dict[str, object]] = []
    for _hand in range(draw(st.integers(0, 3))):
        if tracker.state().finished:
            break
        entry = drawn_entry(draw, setup, tracker)
        try:
            tracker.add(entry)
        except EntryError:
            continue
        stored.append(entry)
    assume(not tracker.state().finished)
    entry = drawn_entry(draw, setup, tracker)
    try:
        initial = hand_entry_for(game).initial_from_entry(entry, setup)
    except (KeyError, ValueError, TypeError, AttributeError):
        initial = {}  # a mistake no form can show: the fields are changed below
    fields: list[list[str]] = []
    for name, value in initial.items():
        for each in value if isinstance(value, list) else [value]:
            text = str(each)
            if text in ("0", "False") and draw(st.booleans()):
                text = ""  # a count or a box left blank
            fields.append([name, text])
    if draw(st.integers(0, 2)) == 0:
        names = [*initial, *hand_entry_for(game).form(setup, rules).fields]
        for _change in range(draw(st.integers(1, 3))):
            name = draw(st.sampled_from(names))
            odd = draw(st.sampled_from(ODD_VALUES))
            fields = [pair for pair in fields if pair[0] != name or draw(st.booleans())]
            fields.append([name, odd])
    return KeptHand(
        setup, options, first_dealer, stored, list(tracker.scores), tracker.next_dealer(), fields
    )
