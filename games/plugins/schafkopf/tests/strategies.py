"""Hypothesis strategies for Schafkopf: tables with any tariff and any house games switched on,
valid hands of every contract the table plays (Ramsch, Bettel and Klopfen included), and the
mistakes a scorer makes with the house games, each of which the engine must refuse.

Valid means what games/plugins/schafkopf/engine.py accepts: card points and tricks possible
together, a Ramsch's card points adding up to 120 with Jungfrauen only among players without card
points, a Durchmarsch with or without its 120 card points, knocks only where the table plays
Klopfen.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from games.plugins.schafkopf.engine import (
    DEFAULT_TARIFF,
    MAX_JUNGFRAUEN,
    MAX_KLOPFEN,
    TOTAL_CARD_POINTS,
    contracts_at,
    fewest_card_points,
    laufende_count_in,
    most_card_points,
    possible_card_points,
)
from games.scoring import TableSetup, get_game

FOUR = ("Ann", "Bob", "Cy", "Di")
GAME = get_game("schafkopf")

# Card points that make the Ramsch's hard cases: ties for the most (two, three, all four) and
# one player with all 120 card points.
RAMSCH_SPLITS: tuple[tuple[int, int, int, int], ...] = (
    (30, 30, 30, 30),
    (40, 40, 40, 0),
    (45, 45, 30, 0),
    (60, 60, 0, 0),
    (120, 0, 0, 0),
    (30, 52, 38, 0),
)


@st.composite
def tables(draw: st.DrawFn, house: bool | None = None) -> TableSetup:
    """A Schafkopf table with any tariff, runners and Tout rule; ``house`` True switches on
    every house game, False none, None any of them."""
    tariff = draw(
        st.dictionaries(
            st.sampled_from(sorted(DEFAULT_TARIFF)),
            st.integers(1, 1000),
            max_size=len(DEFAULT_TARIFF),
        )
    )
    options: dict[str, object] = {
        "tariff": tariff,
        "runners": draw(st.booleans()),
        "tout": draw(st.sampled_from(["flat", "double"])),
        "wenz_runners_from": draw(st.sampled_from([2, 3])),
    }
    for name in ("ramsch", "bettel", "klopfen", "geier", "farbwenz", "hochzeit", "bock"):
        options[name] = house if house is not None else draw(st.booleans())
    return GAME.setup(list(FOUR), options)


@st.composite
def points_and_tricks(draw: st.DrawFn) -> tuple[int, int]:
    """Card points and tricks that can happen together."""
    tricks = draw(st.integers(0, 8))
    points = draw(
        st.integers(fewest_card_points(tricks), most_card_points(tricks)).filter(
            possible_card_points
        )
    )
    return points, tricks


@st.composite
def results(draw: st.DrawFn, contract: str) -> dict[str, Any]:
    """The result part of a valid entry, in any of the accepted forms."""
    if contract == "sie":
        return draw(st.sampled_from([{}, {"declarer_won": True}]))
    if contract.startswith("bettel"):
        if draw(st.booleans()):
            return {"declarer_won": draw(st.booleans())}
        return {"declarer_tricks": draw(st.sampled_from([0, 0, 1, 2, 8]))}
    points, tricks = draw(points_and_tricks())
    form = draw(st.sampled_from(["points", "points-and-tricks", "won"]))
    if contract.endswith("-tout"):
        if form == "won":
            return {"declarer_won": draw(st.booleans())}
        if form == "points":
            return {"declarer_tricks": tricks}
        return {"declarer_points": points, "declarer_tricks": tricks}
    if form == "points-and-tricks":
        return {"declarer_points": points, "declarer_tricks": tricks}
    if form == "points":
        result: dict[str, Any] = {"declarer_points": points}
        if points in (0, 120) and draw(st.booleans()):
            result["schwarz"] = draw(st.booleans())
        return result
    schwarz = draw(st.booleans())
    schneider = True if schwarz else draw(st.booleans())
    return {"declarer_won": draw(st.booleans()), "schneider": schneider, "schwarz": schwarz}


@st.composite
def card_point_splits(draw: st.DrawFn, players: Sequence[str]) -> dict[str, int]:
    """Each player's card points in a Ramsch, adding up to 120."""
    if draw(st.booleans()):
        split = list(draw(st.sampled_from(RAMSCH_SPLITS)))
    else:
        cuts = sorted(draw(st.lists(st.integers(0, TOTAL_CARD_POINTS), min_size=3, max_size=3)))
        bounds = [0, *cuts, TOTAL_CARD_POINTS]
        split = [high - low for low, high in itertools.pairwise(bounds)]
        # Nobody takes 1 or 119 (rules.md §1); a split with one is rare, so it is dropped.
        assume(all(possible_card_points(points) for points in split))
    order = draw(st.permutations(list(players)))
    return dict(zip(order, split, strict=True))


@st.composite
def ramsch_entries(draw: st.DrawFn, players: Sequence[str]) -> dict[str, Any]:
    """A valid Ramsch: card points and some Jungfrauen, or a Durchmarsch."""
    if draw(st.integers(0, 4)) == 0:
        winner = draw(st.sampled_from(list(players)))
        entry: dict[str, Any] = {"contract": "ramsch", "durchmarsch": winner}
        if draw(st.booleans()):
            entry["card_points"] = {
                player: TOTAL_CARD_POINTS if player == winner else 0 for player in players
            }
        return entry
    card_points = draw(card_point_splits(players))
    blank = [player for player, points in card_points.items() if points == 0]
    jungfrau = (
        draw(st.lists(st.sampled_from(blank), unique=True, max_size=MAX_JUNGFRAUEN))
        if blank
        else []
    )
    entry = {"contract": "ramsch", "card_points": card_points}
    if jungfrau or draw(st.booleans()):
        entry["jungfrau"] = jungfrau
    return entry


@st.composite
def entries(draw: st.DrawFn, here: TableSetup) -> dict[str, Any]:
    """One valid contract entry for a table (every contract the table plays)."""
    contract = draw(st.sampled_from(contracts_at(here)))
    key = contract.key
    if contract.ramsch:
        entry = draw(ramsch_entries(here.players))
    else:
        entry = {"contract": key}
        if not contract.played:
            return entry
        seats = draw(st.permutations(list(here.players)))
        entry["declarer"] = seats[0]
        if contract.has_partner:
            entry["partner"] = seats[1]
        if draw(st.booleans()) and contract.suits:
            entry["suit"] = draw(st.sampled_from(contract.suits)).value
        if contract.can_be_doubled:
            entry["doublings"] = draw(st.integers(0, 4))
        if here.options["runners"] and laufende_count_in(contract, here.option_str("tout")):
            entry["laufende"] = draw(st.integers(0, contract.most_laufende))
        entry.update(draw(results(key)))
    if here.option_bool("klopfen") and draw(st.booleans()):
        entry["klopfen"] = draw(st.integers(0, MAX_KLOPFEN))
    return entry


@st.composite
def house_mistakes(draw: st.DrawFn, here: TableSetup) -> dict[str, Any]:  # noqa: C901 - one branch per kind of mistake
    """An entry with one mistake in a house game (or at a table without it): the engine must
    refuse every one of them."""
    players = list(here.players)
    kinds = ["ramsch-off", "bettel-off", "klopfen-off"]
    if here.option_bool("ramsch"):
        kinds += ["points-total", "points-range", "jungfrau-points", "three-jungfrauen"]
        kinds += ["ramsch-doubled", "durchmarsch-points", "passed", "ramsch-declarer"]
    if here.option_bool("bettel"):
        kinds += ["bettel-points", "bettel-schneider", "bettel-no-result"]
    if here.option_bool("klopfen"):
        kinds += ["knocks"]
    kind = draw(st.sampled_from(kinds))
    seats = draw(st.permutations(players))
    solo = {"contract": "solo", "declarer": seats[0], "declarer_points": 70}
    if kind == "ramsch-off":
        entry = draw(ramsch_entries(players))
        return entry if not here.option_bool("ramsch") else {**entry, "doublings": 1}
    if kind == "bettel-off":
        bettel = {"contract": "bettel", "declarer": seats[0], "declarer_tricks": 0}
        return bettel if not here.option_bool("bettel") else {**bettel, "declarer_points": 5}
    if kind == "klopfen-off":
        if here.option_bool("klopfen"):
            return {**solo, "klopfen": draw(st.integers(MAX_KLOPFEN + 1, 20))}
        return {**solo, "klopfen": draw(st.integers(1, MAX_KLOPFEN))}
    if kind == "knocks":
        return {**solo, "klopfen": draw(st.sampled_from([-1, 5, 100, True, "2"]))}
    card_points = draw(card_point_splits(players))
    ramsch = {"contract": "ramsch", "card_points": card_points}
    if kind == "points-total":
        player = draw(st.sampled_from(players))
        change = draw(st.integers(1, 30)) * draw(st.sampled_from([-1, 1]))
        changed = min(max(card_points[player] + change, 0), TOTAL_CARD_POINTS)
        if changed == card_points[player]:
            changed = card_points[player] + (1 if changed == 0 else -1)
        return {**ramsch, "card_points": {**card_points, player: changed}}
    if kind == "points-range":
        player = draw(st.sampled_from(players))
        return {
            **ramsch,
            "card_points": {**card_points, player: draw(st.sampled_from([-5, 121, 1.5, "30"]))},
        }
    if kind == "jungfrau-points":
        scored_players = [player for player, points in card_points.items() if points]
        return {**ramsch, "jungfrau": [draw(st.sampled_from(scored_players))]}
    if kind == "three-jungfrauen":
        winner = seats[0]
        return {
            "contract": "ramsch",
            "card_points": {p: TOTAL_CARD_POINTS if p == winner else 0 for p in players},
            "jungfrau": list(seats[1:]),
        }
    if kind == "ramsch-doubled":
        return {**ramsch, "doublings": draw(st.integers(1, 4))}
    if kind == "durchmarsch-points":
        points = {p: 0 for p in players}
        points[seats[0]] = 60
        points[seats[1]] = 60
        return {"contract": "ramsch", "durchmarsch": seats[0], "card_points": points}
    if kind == "passed":
        return {"contract": "passed"}
    if kind == "ramsch-declarer":
        return {**ramsch, "declarer": seats[0]}
    if kind == "bettel-points":
        return {
            "contract": "bettel",
            "declarer": seats[0],
            "declarer_won": True,
            "declarer_points": draw(st.integers(1, 120)),
        }
    if kind == "bettel-schneider":
        return {
            "contract": "bettel-brett",
            "declarer": seats[0],
            "declarer_won": True,
            "schneider": True,
        }
    assert kind == "bettel-no-result"
    return {"contract": "bettel", "declarer": seats[0]}


@st.composite
def bock_evenings(
    draw: st.DrawFn, stacking: bool = False
) -> tuple[TableSetup, list[dict[str, Any]]]:
    """A table playing Bock rounds, with any triggers, and an evening at it; ``stacking`` draws
    the Bock after every full round and the Doppelbock too (rules.md §19)."""
    options: dict[str, object] = {
        "bock": True,
        "bock_games": draw(st.integers(1, 8)),
        "bock_doubled": draw(st.sampled_from(["off", "stoss", "retour"])),
        "bock_sixty": draw(st.booleans()),
        "bock_schneider": draw(st.booleans()),
        "ramsch": draw(st.booleans()),
        "klopfen": draw(st.booleans()),
    }
    if stacking:
        options.update(bock_runde=draw(st.booleans()), doppelbock=draw(st.booleans()))
    table = GAME.setup(list(FOUR), options)
    return table, draw(st.lists(entries(table), max_size=12 if stacking else 10))
