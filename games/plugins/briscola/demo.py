"""The demo club's Briscola tables (games.demo): the cards each side took in every deal, the
stronger side taking more, and at some tables the card points counted at the table."""

from __future__ import annotations

import random

from games.hands.demo_base import DemoGame, DemoTable, Entries
from games.plugins.briscola.engine import deals_needed, read_breakdown
from games.scoring import RoundScore
from games.scoring.cards import DECK, Rank

DECK_CODES: tuple[str, ...] = tuple(card.code for card in DECK)
# The cards worth nothing: moving them between sides changes no side's card points.
BLANKS: tuple[str, ...] = tuple(
    card.code
    for card in DECK
    if card.rank not in (Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK)
)


def _options(rng: random.Random, money_rate: int) -> dict[str, object]:
    return {"best_of": rng.choice(("3", "3", "5", "1"))}


def _split(table: DemoTable) -> dict[str, list[str]]:
    sides = list(table.setup.sides)
    luck = table.luck(sides, 0.5, shape=6.0)
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for code, taker in zip(
        DECK_CODES, table.rng.choices(sides, weights=luck, k=len(DECK_CODES)), strict=True
    ):
        captures[taker].append(code)
    return captures


def _draw(table: DemoTable) -> dict[str, list[str]]:
    """A 60-60 deal: the four aces, a three, a king and a jack (60) to one side, the rest of
    the points to the other, the blank cards anywhere (rules.md §3)."""
    rng, sides = table.rng, list(table.setup.sides)
    rng.shuffle(sides)
    suit = rng.choice("DCSB")
    first = ["AD", "AC", "AS", "AB", f"3{suit}", f"K{suit}", f"J{suit}"]
    first += [code for code in BLANKS if rng.random() < 0.5]
    return {sides[0]: first, sides[1]: [code for code in DECK_CODES if code not in first]}


def _entered(
    table: DemoTable, captures: dict[str, list[str]], scores: list[RoundScore]
) -> tuple[dict[str, object], RoundScore]:
    """The deal's entry and score: the cards, or at a table that counts by hand the card
    points they make."""
    entry: dict[str, object] = {"captures": captures}
    score = table.score(entry, scores)
    if table.plan.counted:
        entry = {"points": dict(read_breakdown(score.breakdown).card_points)}
        score = table.score(entry, scores)
    return entry, score


def _deal(
    table: DemoTable, scores: list[RoundScore], winner: str | None
) -> tuple[dict[str, object], RoundScore]:
    """A deal won by ``winner``, or a draw when None."""
    if winner is None:
        return _entered(table, _draw(table), scores)
    while True:
        captures = _split(table)
        won = read_breakdown(table.score({"captures": captures}, scores).breakdown).winner
        if won is not None:
            break
    if won != winner:
        first, second = table.setup.sides
        captures = {first: captures[second], second: captures[first]}
    return _entered(table, captures, scores)


def _play(table: DemoTable, hands: int | None) -> Entries:
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    sides = table.setup.sides
    if hands is None:
        while not table.rules.game_state(scores, table.setup).finished:
            entry, score = _entered(table, _split(table), scores)
            entries.append(entry)
            scores.append(score)
        return entries, scores
    # Exactly ``hands`` deals, the last one deciding: best of 1 after drawn deals, or best
    # of 3 with one deal each, then draws, then the decider.
    rng = table.rng
    if hands < 2:
        table.set_option("best_of", "1")
        plan: list[str | None] = [rng.choice(sides)]
    elif hands == 2:
        table.set_option("best_of", "3")
        winner = rng.choice(sides)
        plan = [winner, winner]
    else:
        table.set_option("best_of", "3")
        first = rng.choice(sides)
        second = sides[1] if first == sides[0] else sides[0]
        plan = [first, second, *([None] * (hands - 3)), rng.choice(sides)]
    assert deals_needed(int(table.setup.option_str("best_of"))) <= len(plan)
    for winner_ in plan:
        entry, score = _deal(table, scores, winner_)
        entries.append(entry)
        scores.append(score)
    return entries, scores


BRISCOLA_DEMO = DemoGame(
    share=12,
    player_counts=(2, 2, 4),
    minutes_per_hand=6,
    options=_options,
    play=_play,
    specialists={"Giulia": 0.5},
)
