"""The test kit of Schafkopf (tests/kits.py); its contracts' strategies are in
games/plugins/schafkopf/tests/strategies.py."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page

from games.plugins.schafkopf.engine import (
    MAX_KLOPFEN,
    contracts_at,
    fewest_card_points,
    laufende_count_in,
    most_card_points,
    possible_card_points,
)
from games.scoring import TableSetup
from tests.kits import Entry, GameKit

from .strategies import ramsch_entries


class SchafkopfKit(GameKit):
    sample_players = ("Ann", "Bob", "Cy", "Di")
    # Keys the hands stored before the house games lack.
    optional_breakdown_keys = frozenset({"factor", "klopfen"})
    # Schafkopf's points are a balance: negative is fine there.
    refuses_negative_points = False

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        options: dict[str, object] = {
            "runners": draw(st.booleans()),
            "tout": draw(st.sampled_from(["flat", "double"])),
            "cents_per_point": draw(st.sampled_from([0, 10])),
            # The house games (issue 17): Ramsch instead of a redeal, Bettel, Klopfen.
            "ramsch": draw(st.booleans()),
            "bettel": draw(st.booleans()),
            "klopfen": draw(st.booleans()),
            # The regional games (issue 34): Geier, Farbwenz and Farbgeier, with their Touts.
            "geier": draw(st.booleans()),
            "farbwenz": draw(st.booleans()),
            "hochzeit": draw(st.booleans()),
            # Bock rounds (issue 34): the hands before decide which are doubled.
            "bock": draw(st.booleans()),
            "schieberramsch": draw(st.booleans()),
            "bock_doubled": draw(st.sampled_from(["off", "stoss", "retour"])),
            "wenz_runners_from": draw(st.sampled_from([2, 3])),
        }
        return 4, options

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        return draw(schafkopf_entries(setup))

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": {setup.sides[0]: 10}}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        sides = list(setup.sides)
        values = [draw(st.integers(-200, 200)) for _side in sides[:-1]]
        return {"points": {**dict(zip(sides, values, strict=False)), sides[-1]: -sum(values)}}

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        points = {name: legal["points"].get(name, 0) for name in setup.sides}
        change = draw(st.integers(-50, 50).filter(bool))
        points[side] += change
        return {"points": points}, f"the points must add up to zero, not {change}"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        """A balance that sums to zero."""
        values = [draw(st.integers(-60, 60)) for _side in sides[:-1]]
        return {"points": {**dict(zip(sides, values, strict=False)), sides[-1]: -sum(values)}}

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """Everybody passed."""
        return {"points": dict.fromkeys(setup.sides, 0)}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        points = {side: -10 for side in setup.sides}
        points[winner] = 10 * (len(setup.sides) - 1)
        return [{"points": points}]

    def counted_hand(self, setup: TableSetup) -> Entry:
        """The first player wins 30, the others pay 10 each."""
        return {
            "points": {side: 30 if index == 0 else -10 for index, side in enumerate(setup.sides)}
        }

    def entered_hand(self, setup: TableSetup) -> Entry:
        """A Sauspiel the declarer and partner win (the form enters no counted points)."""
        first, _second, third, *_rest = setup.players
        return {
            "contract": "sauspiel",
            "declarer": first,
            "partner": third,
            "suit": "eichel",
            "declarer_points": 75,
            "declarer_tricks": 5,
        }

    def half_enter(self, page: Page) -> None:
        """At the phone pages' table (tests/phone_pages.py): Alessandro declares, in Eichel."""
        page.locator(".sk-declarer .sk-chip", has_text="Alessandro").click()
        page.locator(".sk-suit .sk-chip", has_text="Eichel").click()


@st.composite
def schafkopf_entries(draw: st.DrawFn, setup: TableSetup) -> Entry:  # noqa: C901 - one branch per contract family and result form
    """A contract and how it went, in any of the accepted forms, or a counted balance."""
    players = list(setup.players)
    if draw(st.integers(0, 3)) == 0:
        values = [draw(st.integers(-60, 60)) for _player in players[:-1]]
        return {"points": {**dict(zip(players, values, strict=False)), players[-1]: -sum(values)}}
    contract = draw(st.sampled_from(contracts_at(setup)))
    key = contract.key
    knocks = draw(st.integers(0, MAX_KLOPFEN)) if setup.option_bool("klopfen") else 0
    if contract.ramsch:
        ramsch: Entry = draw(ramsch_entries(players))
        if setup.option_bool("schieberramsch"):
            ramsch["geschoben"] = draw(st.integers(0, 4))
        return {**ramsch, "klopfen": knocks} if knocks else ramsch
    entry: Entry = {"contract": key}
    if not contract.played:
        return entry
    if knocks:
        entry["klopfen"] = knocks
    seats = draw(st.permutations(players))
    entry["declarer"] = seats[0]
    if contract.has_partner:
        entry["partner"] = seats[1]
    if contract.suits and draw(st.booleans()):
        entry["suit"] = draw(st.sampled_from(contract.suits)).value
    if contract.can_be_doubled:
        entry["doublings"] = draw(st.integers(0, 2))
    if setup.options["runners"] and laufende_count_in(contract, setup.option_str("tout")):
        entry["laufende"] = draw(st.integers(0, contract.most_laufende))
    if key == "sie":
        return entry
    if contract.bettel:
        if draw(st.booleans()):
            entry["declarer_won"] = draw(st.booleans())
        else:
            entry["declarer_tricks"] = draw(st.sampled_from([0, 0, 1, 3]))
        return entry
    tricks = draw(st.integers(0, 8))
    points = draw(
        st.integers(fewest_card_points(tricks), most_card_points(tricks)).filter(
            possible_card_points
        )
    )
    form = draw(st.sampled_from(["points", "points-and-tricks", "won"]))
    if form == "won":
        entry["declarer_won"] = draw(st.booleans())
        if not contract.tout:
            entry["schneider"] = draw(st.booleans())
    elif contract.tout or form == "points-and-tricks":
        entry["declarer_tricks"] = tricks
        if form == "points-and-tricks":
            entry["declarer_points"] = points
    else:
        entry["declarer_points"] = points
    return entry


KITS: dict[str, GameKit] = {"schafkopf": SchafkopfKit()}
