"""The demo club's Ciapanò tables (games.demo): the penalty cards of every deal and who took
the last trick, entered as cards, as counts or as the points counted by hand."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from games.hands.demo_base import DemoGame, DemoTable, Entries
from games.plugins.ciapano.engine import (
    PENALTY_CARDS,
    ROUND_POINTS,
    PenaltyTally,
    active_players,
    deal_points,
    penalty_thirds,
)
from games.scoring import RoundScore
from games.scoring.cards import Card

# A player is out at this many points (the option's range).
LOWEST_LIMIT, HIGHEST_LIMIT = 11, 99

ACE_CODES = frozenset(card.code for card in PENALTY_CARDS if penalty_thirds(card) == 3)


def _ciapano_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.15:
        options["last_trick"] = "plus-one"
    return options


def _penalty_deal(
    table: DemoTable, rng: random.Random, active: Sequence[str]
) -> tuple[dict[str, list[str]], str]:
    """Who took which penalty cards and the last trick; the weaker player takes more."""
    if rng.random() < 0.01:
        # Now and then somebody shoots the moon: every penalty card and the last trick.
        taker = rng.choice(list(active))
        return {taker: [card.code for card in PENALTY_CARDS]}, taker
    luck = [math.exp(-0.5 * table.strength[name]) * rng.gammavariate(3.0, 1.0) for name in active]
    cards: dict[str, list[str]] = {name: [] for name in active}
    for card, taker in zip(
        PENALTY_CARDS, rng.choices(active, weights=luck, k=len(PENALTY_CARDS)), strict=True
    ):
        cards[taker].append(card.code)
    return cards, rng.choices(active, weights=luck)[0]


def _tally(
    active: Sequence[str], cards: Mapping[str, Sequence[str]], last_trick: str
) -> PenaltyTally:
    aces = dict.fromkeys(active, 0)
    thirds = dict.fromkeys(active, 0)
    for name, codes in cards.items():
        for code in codes:
            if code in ACE_CODES:
                aces[name] += 1
            else:
                thirds[name] += 1
    return PenaltyTally(aces, thirds, last_trick, "cards")


def _ciapano_entry(
    table: DemoTable, tally: PenaltyTally, cards: Mapping[str, Sequence[str]], style: str
) -> dict[str, object]:
    if style == "points":
        return {"points": deal_points(tally, table.setup.option_str("last_trick"))}
    if style == "counts":
        return {
            "aces": dict(tally.aces),
            "thirds": dict(tally.thirds),
            "last_trick": tally.last_trick,
        }
    return {
        "penalty_cards": {name: list(codes) for name, codes in cards.items()},
        "last_trick": tally.last_trick,
    }


def _ciapano_style(table: DemoTable) -> str:
    if table.plan.counted:
        return "points"
    return "counts" if table.rng.random() < 0.1 else "cards"


def _play_ciapano(table: DemoTable, hands: int | None) -> Entries:
    style = _ciapano_style(table)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    if hands is not None:
        for entry in _ciapano_fixed_length(table, hands, style):
            entries.append(entry)
            scores.append(table.score(entry, scores))
        return entries, scores
    while not table.rules.game_state(scores, table.setup).finished:
        active = active_players(table.setup, scores)
        cards, last_trick = _penalty_deal(table, table.rng, active)
        entry = _ciapano_entry(table, _tally(active, cards, last_trick), cards, style)
        entries.append(entry)
        scores.append(table.score(entry, scores))
    return entries, scores


def _ciapano_fixed_length(table: DemoTable, hands: int, style: str) -> list[dict[str, object]]:
    """Deals that end the game on deal ``hands``, and the elimination limit that does it.

    Who is still in decides each deal, so the deals are played out in memory for one limit
    after another (the likeliest first) with the same luck, then with other luck; the last deal
    is dealt so that everybody but the lowest total goes out. A game too short or too long for
    any limit is counted by hand.
    """
    seats = len(table.plan.players)
    likely = round(ROUND_POINTS * hands / (seats - 0.5))
    limits = sorted(range(LOWEST_LIMIT, HIGHEST_LIMIT + 1), key=lambda limit: abs(limit - likely))
    rule = table.setup.option_str("last_trick")
    for luck in range(3):
        for limit in limits:
            rng = random.Random(table.plan.seed + luck)
            entries = _ciapano_schedule(table, rng, hands, limit, rule, style)
            if entries is not None:
                table.set_option("elimination_at", limit)
                return entries
    limit, entries = _ciapano_counted_schedule(table, hands)
    table.set_option("elimination_at", limit)
    return entries


def _ciapano_schedule(
    table: DemoTable, rng: random.Random, hands: int, limit: int, rule: str, style: str
) -> list[dict[str, object]] | None:
    players = list(table.plan.players)
    totals = dict.fromkeys(players, 0)
    active = list(players)
    entries: list[dict[str, object]] = []
    for _number in range(hands - 1):
        cards, last_trick = _penalty_deal(table, rng, active)
        tally = _tally(active, cards, last_trick)
        for name, points in deal_points(tally, rule).items():
            totals[name] += points
        entries.append(_ciapano_entry(table, tally, cards, style))
        active = [name for name in active if totals[name] < limit]
        if len(active) < 2:
            return None
    last = _ciapano_last_deal(rng, active, totals, limit, rule)
    if last is None:
        return None
    tally, cards = last
    entries.append(_ciapano_entry(table, tally, cards, style))
    return entries


def _ciapano_last_deal(
    rng: random.Random, active: Sequence[str], totals: Mapping[str, int], limit: int, rule: str
) -> tuple[PenaltyTally, dict[str, list[str]]] | None:
    """A deal that puts everybody out but the player with the lowest total, or None."""
    winner = min(active, key=lambda name: totals[name])
    losers = [name for name in active if name != winner]
    needed = {name: limit - totals[name] for name in losers}
    last_trick = max(losers, key=lambda name: needed[name])
    # In thirds of a point; the winner takes a card or two, so nobody shoots the moon.
    wanted = {name: 3 * needed[name] + rng.randint(0, 2) for name in losers if name != last_trick}
    wanted[winner] = rng.randint(1, 2)
    aces = [card for card in PENALTY_CARDS if penalty_thirds(card) == 3]
    singles = [card for card in PENALTY_CARDS if penalty_thirds(card) == 1]
    rng.shuffle(aces)
    rng.shuffle(singles)
    taken: dict[str, list[Card]] = {name: [] for name in active}
    for name, thirds in wanted.items():
        ace_count = min(thirds // 3, len(aces))
        single_count = thirds - 3 * ace_count
        if single_count > len(singles):
            return None
        taken[name] += [aces.pop() for _ace in range(ace_count)]
        taken[name] += [singles.pop() for _single in range(single_count)]
    taken[last_trick] += aces + singles
    order = {card: index for index, card in enumerate(PENALTY_CARDS)}
    cards = {
        name: [card.code for card in sorted(held, key=order.__getitem__)]
        for name, held in taken.items()
    }
    tally = _tally(active, cards, last_trick)
    points = deal_points(tally, rule)
    if totals[winner] + points[winner] >= limit:
        return None
    if any(totals[name] + points[name] < limit for name in losers):
        return None
    return tally, cards


def _ciapano_counted_schedule(table: DemoTable, hands: int) -> tuple[int, list[dict[str, object]]]:
    """A game of ``hands`` deals counted by hand, as the rules count them: deals of 11 points
    that keep everybody under the limit, then the winner's moon (0 for him, 11 for each of the
    others) puts everybody else out.

    Every deal is worth 11, so a game cannot last longer than the highest limit allows: a
    longer one is cut to the most deals that fit.
    """
    rng = table.rng
    players = list(table.plan.players)
    losers_count = len(players) - 1
    # Before the moon every total is under the limit, each loser's at least limit - 11.
    deals = min(hands - 1, len(players) * (HIGHEST_LIMIT - 1) // ROUND_POINTS)
    spread = ROUND_POINTS * deals
    lowest = max(LOWEST_LIMIT, -(-spread // len(players)) + 1)
    highest = min(HIGHEST_LIMIT, spread // losers_count + ROUND_POINTS) if losers_count else lowest
    limit = rng.randint(lowest, max(lowest, highest))
    winner = max(players, key=lambda name: table.strength[name] + rng.random())
    losers = [name for name in players if name != winner]
    # Each loser's total before the moon: at least limit - 11, at most limit - 1; the winner
    # takes what is left, under the limit too.
    wanted = dict.fromkeys(players, 0)
    for name in losers:
        wanted[name] = limit - ROUND_POINTS
    left = spread - sum(wanted.values())
    room = {name: limit - 1 - wanted[name] for name in players}
    while left:
        name = rng.choice([name for name in players if room[name]])
        wanted[name] += 1
        room[name] -= 1
        left -= 1
    entries: list[dict[str, object]] = []
    to_deal = dict(wanted)
    for _number in range(deals):
        points = dict.fromkeys(players, 0)
        for _point in range(ROUND_POINTS):
            name = rng.choice([name for name in players if to_deal[name]])
            points[name] += 1
            to_deal[name] -= 1
        entries.append({"points": points})
    entries.append({"points": {name: 0 if name == winner else ROUND_POINTS for name in players}})
    return limit, entries


CIAPANO_DEMO = DemoGame(
    share=15,
    player_counts=(3, 4, 4, 5),
    minutes_per_hand=5,
    options=_ciapano_options,
    play=_play_ciapano,
    specialists={"Haruto": 0.7},
)
