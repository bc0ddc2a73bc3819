"""A demo league: a club of ten players with a year and a half of evenings at the table.

It shows a new user what the app does (standings, profiles, ratings, hand histories, the
settlement of a money evening) and gives benchmarks their data. Every hand is an entry the
scoring engine accepts: captured cards for the Scopa family, penalty cards for Ciapanò, the
cards still held for Swoops, contracts for Schafkopf, and at some tables the points counted by
hand. Players differ in skill, so some win more than others.

Speed matters (the benchmark seeds 5,000 tables of 20 hands): hands are scored in memory by the
pure engine, written with ``bulk_create``, and the league is rated once at the end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import ratings, services
from games.models import Club, League, Player, Round, RoundPoints, Seat, Table
from games.scoring import GAMES, Game, GameState, RoundScore, TableSetup
from games.scoring.cards import DECK, Card
from games.scoring.ciapano import (
    PENALTY_CARDS,
    ROUND_POINTS,
    PenaltyTally,
    active_players,
    deal_points,
    penalty_thirds,
)
from games.scoring.schafkopf import TRICKS, fewest_card_points, most_card_points
from games.scoring.scopa import counted_range
from games.scoring.swoops import JOKER, RANKS, copies_in_decks, decks_for, hand_points

DEFAULT_LEAGUE_NAME = "Demo club"


@dataclass(frozen=True)
class DemoPlayer:
    name: str
    # Overall skill, 0 being average; ``specialties`` adds to it at single games.
    skill: float
    # How often the player comes to a club evening.
    attendance: float
    specialties: Mapping[str, float] = field(default_factory=dict)


PLAYERS: tuple[DemoPlayer, ...] = (
    DemoPlayer("Ann", 0.8, 0.9),
    DemoPlayer("Bruno", 0.2, 0.7, {"scopa": 0.6}),
    DemoPlayer("Chiara", 0.5, 0.8, {"scopone": 0.7}),
    DemoPlayer("Dieter", 0.3, 0.85, {"schafkopf": 0.9}),
    DemoPlayer("Emi", 1.0, 0.6, {"schafkopf": -0.6}),
    DemoPlayer("Franz", -0.3, 0.75, {"schafkopf": 0.6}),
    DemoPlayer("Giulia", 0.0, 0.65, {"pirate-scopa": 0.7}),
    DemoPlayer("Haruto", 0.4, 0.5, {"ciapano": 0.7}),
    DemoPlayer("Ilse", -0.5, 0.55),
    DemoPlayer("Jack", -0.1, 0.7, {"swoops": 0.8}),
)

# How the club's tables divide among the games, in percent.
GAME_SHARES: Mapping[str, int] = {
    "scopa": 25,
    "scopone": 15,
    "pirate-scopa": 10,
    "ciapano": 15,
    "swoops": 15,
    "schafkopf": 20,
}
# On a Schafkopf night, Schafkopf is this many times as likely.
SCHAFKOPF_NIGHT_BOOST = 3
# How many players sit down to each game, as often as each count is picked.
PLAYER_COUNTS: Mapping[str, tuple[int, ...]] = {
    "scopa": (2, 2, 2, 4, 4),
    "scopone": (4,),
    "pirate-scopa": (2, 3, 3, 4),
    "ciapano": (3, 4, 4, 5),
    "swoops": (3, 4, 4, 5, 5, 6, 6, 7, 8),
    "schafkopf": (4,),
}
# Minutes a hand takes, so that a table's finishing time follows from its hands.
MINUTES_PER_HAND: Mapping[str, float] = {
    "scopa": 4,
    "scopone": 5,
    "pirate-scopa": 4,
    "ciapano": 5,
    "swoops": 9,
    "schafkopf": 3,
}
TABLES_PER_EVENING = 2.5
# Share of tables that count their points by hand rather than entering the cards.
COUNTED_BY_HAND = 0.15
# The highest target a Scopa table can set: a game that must end on a given hand sets its
# target to what the leader reached then, so the totals before it must stay below this.
HIGHEST_TARGET = 99
# Ciapanò: a player out at this many points (the option's range).
LOWEST_LIMIT, HIGHEST_LIMIT = 11, 99

DECK_CODES: tuple[str, ...] = tuple(card.code for card in DECK)
ACE_CODES = frozenset(card.code for card in PENALTY_CARDS if penalty_thirds(card) == 3)
# Swoops: players are mostly left holding small cards, now and then a 10 or a joker.
SWOOPS_RANK_WEIGHTS: tuple[float, ...] = tuple(
    {JOKER: 0.6, "10": 1.2, "K": 2.5, "Q": 2.5, "J": 2.5}.get(rank, 4.0) for rank in RANKS
)
SCHAFKOPF_CONTRACTS: Mapping[str, float] = {
    "sauspiel": 60,
    "solo": 16,
    "wenz": 12,
    "passed": 8,
    "solo-tout": 2,
    "wenz-tout": 1,
    "sie": 0.3,
}
# The declarer side's odds (as a logit) at equal skill: a Solo or a Tout is only called on a
# strong hand.
SCHAFKOPF_ODDS: Mapping[str, float] = {
    "sauspiel": 0.4,
    "solo": 1.0,
    "wenz": 0.85,
    "solo-tout": 1.4,
    "wenz-tout": 1.4,
}
SAUSPIEL_SUITS = ("eichel", "gras", "schellen")
SOLO_SUITS = ("eichel", "gras", "herz", "herz", "schellen")


def demo_league_create(
    *,
    tables: int = 300,
    hands: int | None = None,
    seed: int = 7,
    league_name: str = DEFAULT_LEAGUE_NAME,
    today: date | None = None,
    club: Club | None = None,
) -> League:
    """Create a demo league with ``tables`` finished tables; the same seed makes the same club.

    With ``hands``, every table plays exactly that many hands (the benchmark's fixed size),
    each game set up to end on the last one. An existing league of that name is left alone:
    the demo takes the next free name ("Demo club 2").
    """
    if tables < 0 or (hands is not None and hands < 1):
        raise ValueError("tables must be 0 or more, and hands 1 or more")
    if club is None:
        club = Club.objects.create(name=_free_league_name(league_name))
    rng = random.Random(seed)
    today = today or timezone.localdate()
    seasons = _seasons(today)
    with transaction.atomic():
        league = services.league_create(
            club=club,
            name=_free_league_name(league_name),
            games=list(GAMES),
            members=[player.name for player in PLAYERS],
        )
        for name, starts_on, ends_on in seasons:
            services.season_create(league=league, name=name, starts_on=starts_on, ends_on=ends_on)
        stored = {player.name.casefold(): player for player in league.members.all()}
        roster = {stored[player.name.casefold()].name: player for player in PLAYERS}
        days = _evening_days(rng, seasons[0][1], today - timedelta(days=1), tables)
        planned = [
            table for evening in _plan(rng, roster, days, tables) for table in evening.tables
        ]
        by_name = {player.name: player for player in stored.values()}
        for start in range(0, len(planned), 250):
            played = [_play(plan, hands, roster) for plan in planned[start : start + 250]]
            _write(league, played, by_name)
        ratings.league_ratings_replay(league)
        # Saving stamps "updated" with today; the tables were last touched when they finished.
        league.tables.update(updated_at=F("finished_at"))
    return league


def _free_league_name(name: str) -> str:
    taken = {
        existing.casefold()
        for existing in League.objects.filter(name__istartswith=name).values_list("name", flat=True)
    }
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        candidate = f"{name} {number}"
    return candidate


# -- the plan: evenings, and who plays what at which table --------------------------------------


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


@dataclass
class Evening:
    day: date
    starts_at: datetime
    present: list[str]
    # Cents per point for the evening's Schafkopf tables; 0 plays for points only.
    money_rate: int
    schafkopf_night: bool
    tables: list[PlannedTable] = field(default_factory=list)


def _seasons(today: date) -> list[tuple[str, date, date]]:
    """The current half-year and the two before it, oldest first: "2025 Autumn", "2026
    Spring", "2026 Autumn"."""
    halves = []
    year, spring = today.year, today.month <= 6
    for _half in range(3):
        if spring:
            halves.append((f"{year} Spring", date(year, 1, 1), date(year, 6, 30)))
            year -= 1
        else:
            halves.append((f"{year} Autumn", date(year, 7, 1), date(year, 12, 31)))
        spring = not spring
    return halves[::-1]


def _evening_days(rng: random.Random, first: date, last: date, tables: int) -> list[date]:
    """One to three club evenings a week, mostly late in the week; fewer in a small demo, so
    each evening still has a few tables."""
    weekday_weights = (0.3, 1.0, 0.8, 1.2, 1.6, 1.5, 0.8)
    days: list[date] = []
    monday = first - timedelta(days=first.weekday())
    while monday <= last:
        count = rng.choice((1, 2, 2, 2, 3))
        weekdays: set[int] = set()
        while len(weekdays) < count:
            weekdays.add(rng.choices(range(7), weights=weekday_weights)[0])
        for weekday in sorted(weekdays):
            day = monday + timedelta(days=weekday)
            if first <= day <= last:
                days.append(day)
        monday += timedelta(days=7)
    wanted = max(1, min(len(days), round(tables / TABLES_PER_EVENING)))
    return sorted(rng.sample(days, wanted))


def _plan(
    rng: random.Random, club: Mapping[str, DemoPlayer], days: Sequence[date], tables: int
) -> list[Evening]:
    busy = [rng.gammavariate(3.0, 1.0) * (1.4 if day.weekday() >= 4 else 1.0) for day in days]
    counts = [1 if tables >= len(days) else 0 for _day in days]
    for index in rng.choices(range(len(days)), weights=busy, k=tables - sum(counts)):
        counts[index] += 1
    regulars = sorted(club, key=lambda name: -club[name].attendance)
    evenings: list[Evening] = []
    for day, count in zip(days, counts, strict=True):
        if not count:
            continue
        present = [name for name in club if rng.random() < club[name].attendance]
        present += [name for name in regulars if name not in present][: max(0, 4 - len(present))]
        starts_at = datetime.combine(day, time(19, rng.choice((0, 15, 30, 45))))
        evening = Evening(
            day=day,
            starts_at=timezone.make_aware(starts_at),
            present=present,
            money_rate=rng.choice((5, 10)) if rng.random() < 0.35 else 0,
            schafkopf_night=rng.random() < 0.2,
        )
        evening.tables = [_plan_table(rng, evening, number, count) for number in range(count)]
        evenings.append(evening)
    _cover_every_game(rng, evenings)
    _make_a_money_evening(evenings)
    return evenings


def _plan_table(
    rng: random.Random, evening: Evening, number: int, count: int, game: str | None = None
) -> PlannedTable:
    if game is None:
        shares = {
            key: share
            * (SCHAFKOPF_NIGHT_BOOST if evening.schafkopf_night and key == "schafkopf" else 1)
            for key, share in GAME_SHARES.items()
        }
        game = rng.choices(list(shares), weights=list(shares.values()))[0]
    rules = GAMES[game]
    seats = max(rules.min_players, min(rng.choice(PLAYER_COUNTS[game]), len(evening.present)))
    players = rng.sample(evening.present, seats)
    # Tables start through the evening; a big evening has several going at once.
    spread = min(270.0, 45.0 * count)
    started_at = evening.starts_at + timedelta(minutes=spread * number / count + rng.uniform(0, 9))
    return PlannedTable(
        game=game,
        players=players,
        options=_options(rng, game, evening.money_rate),
        started_at=started_at,
        first_dealer=rng.randrange(len(players)),
        counted=rng.random() < COUNTED_BY_HAND,
        seed=rng.getrandbits(32),
    )


def _options(rng: random.Random, game: str, money_rate: int) -> dict[str, object]:
    """Options a club might choose. Never capotto: it can end a game at any hand."""
    options: dict[str, object] = {}
    if game == "scopa":
        if rng.random() < 0.2:
            options["re_bello"] = True
        if rng.random() < 0.1:
            options["napoli"] = True
        if rng.random() < 0.15:
            options["target"] = 21
    elif game == "scopone" and rng.random() < 0.3:
        options["scientifico"] = True
    elif game == "pirate-scopa":
        options["deck"] = rng.choice(("standard", "standard", "tarot", "scopa"))
        if rng.random() < 0.2:
            options["prime_rule"] = "most-sevens"
    elif game == "ciapano" and rng.random() < 0.15:
        options["last_trick"] = "plus-one"
    elif game == "swoops" and rng.random() < 0.2:
        options["rounds"] = rng.randint(5, 8)
    elif game == "schafkopf":
        if rng.random() < 0.3:
            options["runners"] = True
        if money_rate:
            options.update(cents_per_point=money_rate, currency="EUR")
    return options


def _cover_every_game(rng: random.Random, evenings: list[Evening]) -> None:
    """Even a small demo shows every game: a missing game takes a table of the commonest."""
    planned = [(evening, index) for evening in evenings for index in range(len(evening.tables))]
    if len(planned) < len(GAMES):
        return
    for game in GAMES:
        counts: dict[str, int] = {}
        for evening, index in planned:
            key = evening.tables[index].game
            counts[key] = counts.get(key, 0) + 1
        if game in counts:
            continue
        commonest = max(counts, key=lambda key: counts[key])
        evening, index = next(
            (evening, index)
            for evening, index in reversed(planned)
            if evening.tables[index].game == commonest
        )
        new = _plan_table(rng, evening, index, len(evening.tables), game)
        evening.tables[index] = replace(new, started_at=evening.tables[index].started_at)


def _make_a_money_evening(evenings: list[Evening]) -> None:
    """Give the settlement page an evening to settle: unless some evening already played two
    Schafkopf tables for money, the evening with the most Schafkopf tables plays for money."""

    def schafkopf_tables(evening: Evening) -> list[PlannedTable]:
        return [table for table in evening.tables if table.game == "schafkopf"]

    if any(evening.money_rate and len(schafkopf_tables(evening)) > 1 for evening in evenings):
        return
    busiest = max(evenings, key=lambda evening: len(schafkopf_tables(evening)), default=None)
    if busiest is None or not schafkopf_tables(busiest):
        return
    busiest.money_rate = 10
    for table in schafkopf_tables(busiest):
        table.options.update(cents_per_point=10, currency="EUR")


# -- playing a table ------------------------------------------------------------------------------


class _Table:
    """A table being played: its rules and seats, each side's strength, its random stream."""

    def __init__(self, plan: PlannedTable, club: Mapping[str, DemoPlayer]) -> None:
        self.plan = plan
        self.rules: Game = GAMES[plan.game]
        self.options = dict(plan.options)
        self.setup = self.rules.setup(plan.players, self.options)
        self.rng = random.Random(plan.seed)
        self.strength: dict[str, float] = {}
        for side in self.setup.sides:
            members = [name for name in plan.players if self.setup.side_of(name) == side]
            skills = [
                club[name].skill + club[name].specialties.get(plan.game, 0.0) for name in members
            ]
            self.strength[side] = sum(skills) / len(skills)

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


@dataclass
class PlayedTable:
    plan: PlannedTable
    options: dict[str, object]
    setup: TableSetup
    entries: list[dict[str, object]]
    scores: list[RoundScore]
    # Finished, with its winners (for Schafkopf: the best balance when the players stopped).
    state: GameState
    dealers: list[int]
    finished_at: datetime


Entries = tuple[list[dict[str, object]], list[RoundScore]]


def _play(plan: PlannedTable, hands: int | None, club: Mapping[str, DemoPlayer]) -> PlayedTable:
    table = _Table(plan, club)
    play: Callable[[_Table, int | None], Entries] = {
        "scopa": _play_scopa,
        "scopone": _play_scopa,
        "pirate-scopa": _play_scopa,
        "ciapano": _play_ciapano,
        "swoops": _play_swoops,
        "schafkopf": _play_schafkopf,
    }[plan.game]
    entries, scores = play(table, hands)
    rules, setup = table.rules, table.setup
    state = rules.game_state(scores, setup)
    if rules.ends_when_players_stop:
        state = replace(state, winners=rules.stopped_winners(state))
    elif state.finished_after_round != len(scores):
        raise AssertionError(f"a demo {plan.game} table did not end on its last hand")
    dealers = [plan.first_dealer]
    for number in range(1, len(scores)):
        dealers.append(rules.dealer_after(setup, scores[:number], dealers[-1]))
    minutes = MINUTES_PER_HAND[plan.game] * len(scores) * table.rng.uniform(0.8, 1.25) + 3
    return PlayedTable(
        plan=plan,
        options=table.options,
        setup=setup,
        entries=entries,
        scores=scores,
        state=state,
        dealers=dealers,
        finished_at=plan.started_at + timedelta(minutes=minutes),
    )


def _as_counted(table: _Table, entry: dict[str, object], score: RoundScore) -> dict[str, object]:
    """At a table that counts by hand, the entry is what the cards came to."""
    return {"points": dict(score.points)} if table.plan.counted else entry


# Scopa, Scopone and Pirate Scopa ---------------------------------------------------------------


def _scopa_hand(table: _Table) -> dict[str, object]:
    """Every card goes to a side, the stronger side (and the luckier, this hand) taking more;
    sweeps come with the cards."""
    rng, sides = table.rng, list(table.setup.sides)
    luck = table.luck(sides, 0.5, shape=4.0)
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for code, taker in zip(
        DECK_CODES, rng.choices(sides, weights=luck, k=len(DECK_CODES)), strict=True
    ):
        captures[taker].append(code)
    mean = sum(luck) / len(luck)
    scopas = {}
    for side, weight in zip(sides, luck, strict=True):
        sweeps = sum(rng.random() < 0.12 * weight / mean for _chance in range(4))
        # A sweep takes two cards or more.
        scopas[side] = min(sweeps, len(captures[side]) // 2)
    return {"captures": captures, "scopas": scopas}


def _scopa_entry(table: _Table, scores: list[RoundScore]) -> tuple[dict[str, object], RoundScore]:
    entry = _scopa_hand(table)
    score = table.score(entry, scores)
    if table.plan.counted:
        entry = _as_counted(table, entry, score)
        score = table.score(entry, scores)
    return entry, score


def _play_scopa(table: _Table, hands: int | None) -> Entries:
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    if hands is None:
        while not table.rules.game_state(scores, table.setup).finished:
            entry, score = _scopa_entry(table, scores)
            entries.append(entry)
            scores.append(score)
        return entries, scores
    # Exactly ``hands`` hands: play them, then set the target to what the leader reached with
    # the last one, above anything anybody had before, so the game ends there and not earlier.
    sides = table.setup.sides
    # Every hand gives at least the settebello (and the re bello where it is played).
    least = counted_range(table.setup.options, table.plan.game == "pirate-scopa").least
    # So a game cannot last so long that the fewest points take the leader past the highest
    # target: a longer one is cut to the most hands that fit.
    hands = min(hands, len(sides) * ((HIGHEST_TARGET - 4) // least - 3))
    totals = dict.fromkeys(sides, 0)
    for number in range(hands - 1):
        # Keep the leader clear of the highest target, with room for the fewest points the
        # hands still to come give: a hand that would take them too close is dealt again (a
        # Napoli table scores a lot); where no hand fits, the hand is counted at the table and
        # its few points (the settebello, the re bello) go to the side furthest behind.
        later = hands - 1 - number
        room = HIGHEST_TARGET - 4 - least * (later // len(sides) + 2)
        for _attempt in range(20):
            entry, score = _scopa_entry(table, scores)
            if max(totals[side] + score.points[side] for side in sides) < room:
                break
        else:
            last = min(sides, key=lambda side: totals[side])
            entry = {"points": {side: least if side == last else 0 for side in sides}}
            score = table.score(entry, scores)
        entries.append(entry)
        scores.append(score)
        for side in sides:
            totals[side] += score.points[side]
    before = max(totals.values())
    for _attempt in range(30):
        entry, score = _scopa_entry(table, scores)
        after = {side: totals[side] + score.points[side] for side in sides}
        leader = max(sides, key=lambda side: after[side])
        alone = sum(total == after[leader] for total in after.values()) == 1
        if alone and before < after[leader] <= HIGHEST_TARGET:
            break
    else:
        leader = max(sides, key=lambda side: (totals[side], table.strength[side]))
        entry = {"points": {side: least if side == leader else 0 for side in sides}}
        score = table.score(entry, scores)
        after = {side: totals[side] + score.points[side] for side in sides}
    entries.append(entry)
    scores.append(score)
    table.set_option("target", after[leader])
    return entries, scores


# Ciapanò ----------------------------------------------------------------------------------------


def _penalty_deal(
    table: _Table, rng: random.Random, active: Sequence[str]
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
    table: _Table, tally: PenaltyTally, cards: Mapping[str, Sequence[str]], style: str
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


def _ciapano_style(table: _Table) -> str:
    if table.plan.counted:
        return "points"
    return "counts" if table.rng.random() < 0.1 else "cards"


def _play_ciapano(table: _Table, hands: int | None) -> Entries:
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


def _ciapano_fixed_length(table: _Table, hands: int, style: str) -> list[dict[str, object]]:
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
    table: _Table, rng: random.Random, hands: int, limit: int, rule: str, style: str
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


def _ciapano_counted_schedule(table: _Table, hands: int) -> tuple[int, list[dict[str, object]]]:
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


# Swoops -----------------------------------------------------------------------------------------


def _swoops_round(table: _Table) -> dict[str, object]:
    """One player goes out; the others hold a few cards, the weaker players more of them."""
    rng, players = table.rng, list(table.setup.players)
    went_out = rng.choices(players, weights=table.luck(players, 0.6))[0]
    left = {rank: copies_in_decks(rank, decks_for(len(players))) for rank in RANKS}
    remaining: dict[str, list[str]] = {}
    for name in players:
        if name == went_out:
            continue
        count = 1 + min(12, int(rng.expovariate(1 / (2.5 * math.exp(-0.4 * table.strength[name])))))
        held: list[str] = []
        while len(held) < count:
            rank = rng.choices(RANKS, weights=SWOOPS_RANK_WEIGHTS)[0]
            if left[rank]:
                left[rank] -= 1
                held.append(rank)
        remaining[name] = sorted(held, key=RANKS.index)
    entry: dict[str, object] = {"went_out": went_out, "remaining": remaining}
    if rng.random() < 0.08:
        # Somebody added up their own cards and typed the total (the app allows it).
        typist = rng.choice(list(remaining))
        entry["totals"] = {typist: hand_points(remaining.pop(typist))}
    return entry


def _scored(
    table: _Table, entry: dict[str, object], scores: list[RoundScore]
) -> tuple[dict[str, object], RoundScore]:
    """The entry scored, turned into counted points on tables that count by hand."""
    score = table.score(entry, scores)
    if table.plan.counted:
        entry = _as_counted(table, entry, score)
        score = table.score(entry, scores)
    return entry, score


def _play_swoops(table: _Table, hands: int | None) -> Entries:
    if hands is not None:
        # The rules' other way to end: a fixed number of rounds.
        table.set_option("rounds", hands)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    while not table.rules.game_state(scores, table.setup).finished:
        entry, score = _scored(table, _swoops_round(table), scores)
        entries.append(entry)
        scores.append(score)
    return entries, scores


# Schafkopf --------------------------------------------------------------------------------------


def _schafkopf_hand(table: _Table) -> dict[str, object]:
    """A contract, its declarer (the stronger players declare more) and how it went."""
    rng, players = table.rng, list(table.setup.players)
    contract = rng.choices(list(SCHAFKOPF_CONTRACTS), weights=list(SCHAFKOPF_CONTRACTS.values()))[0]
    if contract == "passed":
        return {"contract": "passed"}
    declarer = rng.choices(players, weights=table.luck(players, 0.5))[0]
    entry: dict[str, object] = {"contract": contract, "declarer": declarer}
    if contract == "sie":
        return entry
    side = [declarer]
    if contract == "sauspiel":
        partner = rng.choice([name for name in players if name != declarer])
        entry["partner"] = partner
        side.append(partner)
        entry["suit"] = rng.choice(SAUSPIEL_SUITS)
    elif contract in ("solo", "solo-tout"):
        entry["suit"] = rng.choice(SOLO_SUITS)
    opponents = [name for name in players if name not in side]
    edge = sum(table.strength[name] for name in side) / len(side) - sum(
        table.strength[name] for name in opponents
    ) / len(opponents)
    won = rng.random() < 1 / (1 + math.exp(-(SCHAFKOPF_ODDS[contract] + 1.2 * edge)))
    if contract.endswith("tout"):
        entry["declarer_tricks"] = TRICKS if won else rng.randint(3, TRICKS - 1)
    elif rng.random() < 0.1:
        # Some tables only say who won, and whether it was Schneider.
        entry["declarer_won"] = won
        entry["schneider"] = rng.random() < 0.15
    else:
        points, schwarz = _declarer_points(rng, won)
        entry["declarer_points"] = points
        if schwarz or rng.random() < 0.75:
            entry["declarer_tricks"] = _declarer_tricks(rng, points, schwarz)
    entry["doublings"] = rng.choices((0, 1, 2, 3), weights=(85, 11, 3, 1))[0]
    if table.setup.option_bool("runners") and not contract.endswith("tout"):
        lowest = 2 if contract == "wenz" else 3
        if rng.random() < 0.25:
            entry["laufende"] = rng.randint(lowest, lowest + 2)
    return entry


def _declarer_points(rng: random.Random, won: bool) -> tuple[int, bool]:
    """Card points of the declarer side, and whether one side took every trick."""
    chance = rng.random()
    if won:
        if chance < 0.03:
            return 120, True
        return (rng.randint(91, 119) if chance < 0.22 else rng.randint(61, 90)), False
    if chance < 0.01:
        return 0, True
    return (rng.randint(5, 30) if chance < 0.1 else rng.randint(31, 60)), False


def _declarer_tricks(rng: random.Random, points: int, schwarz: bool) -> int:
    """Tricks that can hold those card points, about one trick per 15 of them."""
    if schwarz:
        return TRICKS if points else 0
    possible = [
        tricks
        for tricks in range(1, TRICKS)
        if fewest_card_points(tricks) <= points <= most_card_points(tricks)
    ]
    return min(possible, key=lambda tricks: abs(tricks - points / 15 + rng.uniform(-0.7, 0.7)))


def _play_schafkopf(table: _Table, hands: int | None) -> Entries:
    # The evening ends when the players stop: after a couple of hours, or at ``hands``.
    count = hands if hands is not None else table.rng.randint(16, 40)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    for _number in range(count):
        entry, score = _scored(table, _schafkopf_hand(table), scores)
        entries.append(entry)
        scores.append(score)
    return entries, scores


# -- writing ------------------------------------------------------------------------------------


def _write(league: League, played: Sequence[PlayedTable], players: Mapping[str, Player]) -> None:
    """Store played tables as the app would have: tables, seats with their results, rounds
    with their breakdowns, and each round's points per side."""
    tables = Table.objects.bulk_create(
        [
            Table(
                club_id=league.club_id,
                game=result.plan.game,
                options=result.options,
                first_dealer=result.plan.first_dealer,
                league=league,
                created_at=result.plan.started_at,
                finished_at=result.finished_at,
                winners=list(result.state.winners),
                hands_played=len(result.scores),
            )
            for result in played
        ],
        batch_size=500,
    )
    seats: list[Seat] = []
    rounds: list[Round] = []
    scores: list[RoundScore] = []
    for table, result in zip(tables, played, strict=True):
        setup = result.setup
        outcomes = services.seat_results(GAMES[table.game], setup, result.state)
        for position, name in enumerate(setup.players):
            outcome = outcomes[name]
            seats.append(
                Seat(
                    table=table,
                    player=players[name],
                    position=position,
                    team=setup.side_of(name) if setup.teams else "",
                    **outcome.fields(),
                )
            )
        for number, (entry, score, dealer) in enumerate(
            zip(result.entries, result.scores, result.dealers, strict=True), start=1
        ):
            rounds.append(
                Round(
                    table=table,
                    number=number,
                    dealer=dealer,
                    entry=entry,
                    breakdown=dict(score.breakdown),
                )
            )
            scores.append(score)
    Seat.objects.bulk_create(seats, batch_size=1000)
    Round.objects.bulk_create(rounds, batch_size=1000)
    RoundPoints.objects.bulk_create(
        (
            RoundPoints(round=round_, side=side, points=points)
            for round_, score in zip(rounds, scores, strict=True)
            for side, points in score.points.items()
        ),
        batch_size=2000,
    )
