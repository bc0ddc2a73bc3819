"""The test kit of Ciapanò (tests/kits.py), and its points counted at the table as the rules
make them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page, expect

from games.plugins.ciapano import engine as ciapano_engine
from games.plugins.ciapano.engine import PENALTY_CARDS
from games.scoring import GAMES, RoundScore, TableSetup
from tests.kits import Entry, GameKit, player_counts

PENALTY_CODES: tuple[str, ...] = tuple(card.code for card in PENALTY_CARDS)
ACE_CODES = frozenset(code for code in PENALTY_CODES if code.startswith("A"))


class CiapanoKit(GameKit):
    sample_players = ("Ann", "Bob", "Cy", "Di")
    sample_options: Mapping[str, object] = {"elimination_at": 12}
    # A deal is worth 11, so even five players out at 99 end within 45 deals.
    steady_rounds = (40, 10)
    # The elimination fold, one deal at a time.
    round_walkers = ((ciapano_engine._ProgressFold, "add"),)
    # A deal adds up to 11 (games/plugins/ciapano/rules.md §3).
    counted_total_is_fixed = True

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        count = draw(player_counts(game, 3, 5))
        options: dict[str, object] = {
            "elimination_at": draw(st.sampled_from([12, 15, 21])),
            "last_trick": draw(st.sampled_from(["remainder", "plus-one"])),
        }
        return count, options

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        players = [player for player in setup.players if player not in out] or list(setup.players)
        if draw(st.integers(0, 7)) == 7:
            # A form rendered before somebody went out: refused if it gives them anything.
            players = list(setup.players)
        return draw(ciapano_entries(setup, players))

    def steer_line(self, setup: TableSetup) -> int:
        return setup.option_int("elimination_at")

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        # A deal is worth 11 (games/plugins/ciapano/rules.md §3): at most 11 to the steered player,
        # the rest to others.
        others = [name for name in sides if name != side]
        points = dict.fromkeys(sides, 0)
        points[side] = min(wanted, 11) if others else 11
        for _point in range(11 - points[side]):
            points[draw(st.sampled_from(others))] += 1
        return {"points": points}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": {setup.sides[0]: 12}}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        sides = list(setup.sides)
        return {"points": draw(ciapano_counted_points(sides, setup.option_str("last_trick")))}

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        sides = list(setup.sides)
        points = {name: legal["points"].get(name, 0) for name in sides}
        rule = setup.option_str("last_trick")
        points[side] += draw(st.integers(-points[side], 12).filter(bool))
        total = sum(points.values())
        if total in ciapano_totals(len(sides), rule) or is_ciapano_moon(points):
            points[side] += 23  # past anything a deal or a moon gives
            total += 23
        return {"points": points}, f"the points add up to {total};"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        if draw(st.booleans()):
            return draw(penalty_counts(sides))
        # The tracker tests play the default last trick, `remainder` (games/plugins/ciapano/rules.md
        # §3).
        return {"points": draw(ciapano_counted_points(sides, "remainder"))}

    def still_in(self, setup: TableSetup, scores: Sequence[RoundScore]) -> tuple[str, ...]:
        return tuple(ciapano_engine.active_players(setup, scores)) or setup.sides

    def steady_setup(self, game: str) -> TableSetup:
        """Five players out at 99."""
        return GAMES[game].setup(["Ann", "Bob", "Cy", "Di", "Eve"], {"elimination_at": 99})

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """11 a deal, 3 to one player in turn and 2 to each other."""
        turn = setup.sides[number % len(setup.sides)]
        return {"points": {side: 3 if side == turn else 2 for side in setup.sides}}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        # Everyone else takes all 11 points in turn, three deals each, until out.
        sides = list(setup.sides)
        entries = []
        for loser in (side for side in sides if side != winner):
            for _ in range(3):
                entries.append({"points": {side: 11 if side == loser else 0 for side in sides}})
        return _only_active(entries, sides)

    def counted_hand(self, setup: TableSetup) -> Entry:
        """2 to the first player, 1 to each other, the rest of the 11 to the last."""
        sides = list(setup.sides)
        points = {side: 2 if index == 0 else 1 for index, side in enumerate(sides)}
        points[sides[-1]] = 11 - sum(list(points.values())[:-1])
        return {"points": points}

    def half_enter(self, page: Page) -> None:
        page.locator('.side-pick[data-side="1"]').click()
        page.locator('.card[data-card="AD"]').click()
        expect(page.locator('[data-penalty="1"]')).not_to_have_text("0")


def _only_active(entries: list[Entry], sides: list[str]) -> list[Entry]:
    """Ciapanò deals leave out whoever is already out."""
    out: set[str] = set()
    totals = dict.fromkeys(sides, 0)
    kept = []
    for entry in entries:
        points = {side: value for side, value in entry["points"].items() if side not in out}
        kept.append({"points": points})
        for side, value in points.items():
            totals[side] += value
            if totals[side] >= 31:
                out.add(side)
    return kept


@st.composite
def ciapano_entries(draw: st.DrawFn, setup: TableSetup, players: Sequence[str]) -> Entry:
    """The 24 penalty cards among ``players`` (often a moon), the same as counts, or points."""
    form = draw(st.sampled_from(["points", "counts", "cards"]))
    if form == "points":
        entry: Entry = {
            "points": draw(ciapano_counted_points(players, setup.option_str("last_trick")))
        }
        if draw(st.integers(0, 3)) == 0:
            # A player on 0 may be left out.
            entry["points"] = {p: value for p, value in entry["points"].items() if value}
        out = [player for player in setup.players if player not in players]
        if out and draw(st.booleans()):
            entry["points"].update(dict.fromkeys(out, 0))  # "or give him 0"
        return entry
    last_trick = draw(st.sampled_from(players))
    if draw(st.integers(0, 4)) == 4:
        # A moon: every penalty card and the last trick to one player.
        cards = {player: [] for player in players}
        cards[last_trick] = list(PENALTY_CODES)
    else:
        owners = draw(st.lists(st.sampled_from(players), min_size=24, max_size=24))
        cards = {player: [] for player in players}
        for code, owner in zip(PENALTY_CODES, owners, strict=True):
            cards[owner].append(code)
    if form == "cards":
        return {"penalty_cards": cards, "last_trick": last_trick}
    return {
        "aces": {player: sum(code in ACE_CODES for code in held) for player, held in cards.items()},
        "thirds": {
            player: sum(code not in ACE_CODES for code in held) for player, held in cards.items()
        },
        "last_trick": last_trick,
    }


# -- points counted at the table, as the rules make them -----------------------------------------

# Ciapanò (games/plugins/ciapano/rules.md §1, §3, §5): 32 thirds of penalty, each player drops 0, 1
# or 2 thirds of his own, and what is left is whole points. Under the default rule (`remainder`) the
# last trick makes the deal up to 11; under plus-one it adds 1 to (32 - dropped) / 3, where the
# dropped thirds are 2, 5 or 8 (32 - dropped a multiple of 3) and at most 2 per player.


def ciapano_totals(player_count: int, rule: str) -> tuple[int, ...]:
    """What an ordinary (not a moon) Ciapanò deal of ``player_count`` adds up to."""
    if rule != "plus-one":
        return (11,)
    return tuple((32 - dropped) // 3 + 1 for dropped in (2, 5, 8) if dropped <= 2 * player_count)


def is_ciapano_moon(points: dict[str, int]) -> bool:
    """A Ciapanò moon (games/plugins/ciapano/rules.md §4): 0 for one player, 11 for each of the
    others."""
    values = sorted(points.values())
    return len(values) >= 2 and values[0] == 0 and all(value == 11 for value in values[1:])


@st.composite
def ciapano_counted_points(draw: st.DrawFn, players: Sequence[str], rule: str) -> dict[str, int]:
    """Points a Ciapanò deal among ``players`` can give: now and then a moon (0 for one, 11
    for the others), otherwise a total the rules allow (``ciapano_totals``) split any way: the
    last trick's winner may hold no penalty card at all, and anyone may hold only fractions."""
    if draw(st.integers(0, 4)) == 0:
        moon = draw(st.sampled_from(players))
        return {player: 0 if player == moon else 11 for player in players}
    total = draw(st.sampled_from(ciapano_totals(len(players), rule)))
    points = dict.fromkeys(players, 0)
    for _point in range(total):
        points[draw(st.sampled_from(players))] += 1
    return points


@st.composite
def penalty_counts(draw: st.DrawFn, players: Sequence[str]) -> dict[str, object]:
    """Ciapanò's aces and thirds counted per player and the last trick's winner; often a moon
    (one player takes every penalty card, and the others pay)."""
    if draw(st.integers(0, 2)) == 0:
        moon = draw(st.sampled_from(players))
        aces = {player: 4 if player == moon else 0 for player in players}
        thirds = {player: 20 if player == moon else 0 for player in players}
        return {"aces": aces, "thirds": thirds, "last_trick": moon}
    aces, thirds = dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    for _card in range(4):
        aces[draw(st.sampled_from(players))] += 1
    for _card in range(20):
        thirds[draw(st.sampled_from(players))] += 1
    return {"aces": aces, "thirds": thirds, "last_trick": draw(st.sampled_from(players))}


KITS: dict[str, GameKit] = {"ciapano": CiapanoKit()}
