"""What each game's demo generator shares (games.demo plays the demo club's tables): the table
being played, and how a game tells the demo how the club plays it.

Each game's hand entry names its ``DemoGame`` (``HandEntry.demo``); its hands are made next to
it (games/hands/<game>_demo.py), so games.demo itself never knows one game from another.
Plain Python and the scoring engine only: the hands are scored in memory, and games.demo
writes them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from games.scoring import GAMES, Game, RoundScore

# A table's hands: every entry, and its score.
Entries = tuple[list[dict[str, object]], list[RoundScore]]


@dataclass
class PlannedTable:
    game: str
    players: list[str]
    options: dict[str, object]
    started_at: datetime
    first_dealer: int
    # The table enters the points it counted by hand instead of the cards.
    counted: bool
    # Each table has its own random stream, so a game can be replayed while it is set up.
    seed: int


class DemoTable:
    """A table being played: its rules and seats, each side's strength, its random stream.

    ``skills`` holds each player's skill at this game, 0 being average."""

    def __init__(self, plan: PlannedTable, skills: Mapping[str, float]) -> None:
        self.plan = plan
        self.rules: Game = GAMES[plan.game]
        self.options = dict(plan.options)
        self.setup = self.rules.setup(plan.players, self.options)
        self.rng = random.Random(plan.seed)
        self.strength: dict[str, float] = {}
        for side in self.setup.sides:
            members = [name for name in plan.players if self.setup.side_of(name) == side]
            values = [skills[name] for name in members]
            self.strength[side] = sum(values) / len(values)

    def set_option(self, name: str, value: object) -> None:
        """Set an option the table then plays under. Scopa's target is set once its hands are
        scored: a hand's points never depend on it, only when the game ends."""
        self.options[name] = value
        self.setup = self.rules.setup(self.plan.players, self.options)

    def score(self, entry: Mapping[str, object], scores: Sequence[RoundScore]) -> RoundScore:
        return self.rules.score_round(entry, self.setup, tuple(scores))

    def luck(self, sides: Sequence[str], skill_weight: float, shape: float = 3.0) -> list[float]:
        """How well each side does this hand: its strength, and the luck of the deal."""
        return [
            math.exp(skill_weight * self.strength[side]) * self.rng.gammavariate(shape, 1.0)
            for side in sides
        ]


def as_counted(table: DemoTable, entry: dict[str, object], score: RoundScore) -> dict[str, object]:
    """At a table that counts by hand, the entry is what the cards came to."""
    return {"points": dict(score.points)} if table.plan.counted else entry


def scored(
    table: DemoTable, entry: dict[str, object], scores: list[RoundScore]
) -> tuple[dict[str, object], RoundScore]:
    """The entry scored, turned into counted points on tables that count by hand."""
    score = table.score(entry, scores)
    if table.plan.counted:
        entry = as_counted(table, entry, score)
        score = table.score(entry, scores)
    return entry, score


@dataclass(frozen=True)
class BenchTable:
    """A table ``manage.py bench`` times the table page at (games.bench_table): its players
    and options, the hand stored over and over (one that never ends the game), the form data
    that saves one more like it, and the form data of a half-entered hand to preview."""

    players: tuple[str, ...]
    options: Mapping[str, object]
    entry: Mapping[str, object]
    save: Mapping[str, str]
    preview: Mapping[str, str]


@dataclass(frozen=True)
class DemoGame:
    """How the demo club plays one game: how often, how many sit down, how long a hand takes,
    the options it picks and the hands it plays."""

    # The game's share of the club's tables, in percent.
    share: int
    # How many players sit down to it, as often as each count is picked.
    player_counts: tuple[int, ...]
    # Minutes a hand takes, so that a table's finishing time follows from its hands.
    minutes_per_hand: float
    # Options a club might choose: from the table plan's random stream and the evening's cents
    # per point (0 plays for points only).
    options: Callable[[random.Random, int], dict[str, object]]
    # The table's hands, and their scores. With a number of hands, exactly that many (a game
    # too long for its rules is cut short), the game set up to end on the last one; without,
    # the game's natural length.
    play: Callable[[DemoTable, int | None], Entries]
    # Club members (by name) who play this game better, or worse, than their skill says.
    specialists: Mapping[str, float] = field(default_factory=dict)
    # On the club's game nights the game is this many times as likely.
    night_boost: int = 1
    # The options that make a table play for money at so many cents per point; None when the
    # game never does.
    money: Callable[[int], dict[str, object]] | None = None
    # The table ``manage.py bench`` times the table page at, if this game's is the one.
    bench: BenchTable | None = None
