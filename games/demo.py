"""A demo league: a club of ten players with a year and a half of evenings at the table.

It shows a new user what the app does (standings, profiles, ratings, hand histories, the
settlement of a money evening) and gives benchmarks their data. Every hand is an entry the
scoring engine accepts: captured cards for the Scopa family, penalty cards for Ciapanò, the
cards still held for Swoops, contracts for Schafkopf, and at some tables the points counted by
hand. Players differ in skill, so some win more than others. Each game's hand entry says how
the club plays it (``HandEntry.demo``: games/hands/<game>_demo.py makes its hands); this module
plans the evenings, plays the tables and writes them, whatever the games.

Speed matters (the benchmark seeds 5,000 tables of 20 hands): hands are scored in memory by the
pure engine, written with ``bulk_create``, and the league is rated once at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.hands import HAND_ENTRIES
from games.hands.demo_base import DemoGame, DemoTable, PlannedTable
from games.leagues import ratings as league_ratings
from games.leagues import services as league_services
from games.models import Club, League, Player, Round, RoundPoints, Seat, Table
from games.scoring import GAMES, GameState, RoundScore, TableSetup
from games.tables import write_path as table_write_path

DEFAULT_LEAGUE_NAME = "Demo club"


@dataclass(frozen=True)
class DemoPlayer:
    name: str
    # Overall skill, 0 being average; a game's ``DemoGame.specialists`` adds to it there.
    skill: float
    # How often the player comes to a club evening.
    attendance: float


PLAYERS: tuple[DemoPlayer, ...] = (
    DemoPlayer("Ann", 0.8, 0.9),
    DemoPlayer("Bruno", 0.2, 0.7),
    DemoPlayer("Chiara", 0.5, 0.8),
    DemoPlayer("Dieter", 0.3, 0.85),
    DemoPlayer("Emi", 1.0, 0.6),
    DemoPlayer("Franz", -0.3, 0.75),
    DemoPlayer("Giulia", 0.0, 0.65),
    DemoPlayer("Haruto", 0.4, 0.5),
    DemoPlayer("Ilse", -0.5, 0.55),
    DemoPlayer("Jack", -0.1, 0.7),
)

TABLES_PER_EVENING = 2.5
# Share of tables that count their points by hand rather than entering the cards.
COUNTED_BY_HAND = 0.15


def demo_games() -> dict[str, DemoGame]:
    """The games the demo club plays, in the registry's order, each as its hand entry says
    (``HandEntry.demo``); a game whose entry names no demo is left out."""
    games: dict[str, DemoGame] = {}
    for key in GAMES:
        entry = HAND_ENTRIES.get(key)
        demo = entry.demo(key) if entry else None
        if demo is not None:
            games[key] = demo
    return games


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
        league = league_services.league_create(
            club=club,
            name=_free_league_name(league_name),
            games=list(demo_games()),
            members=[player.name for player in PLAYERS],
        )
        for name, starts_on, ends_on in seasons:
            league_services.season_create(
                league=league, name=name, starts_on=starts_on, ends_on=ends_on
            )
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
        league_ratings.league_ratings_replay(league)
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
class Evening:
    day: date
    starts_at: datetime
    present: list[str]
    # Cents per point for the evening's tables of games played for money; 0 plays for points
    # only.
    money_rate: int
    # A game night (a Schafkopf night): the games with a ``DemoGame.night_boost`` are likelier.
    game_night: bool
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
            game_night=rng.random() < 0.2,
        )
        evening.tables = [_plan_table(rng, evening, number, count) for number in range(count)]
        evenings.append(evening)
    _cover_every_game(rng, evenings)
    _make_a_money_evening(evenings)
    return evenings


def _plan_table(
    rng: random.Random, evening: Evening, number: int, count: int, game: str | None = None
) -> PlannedTable:
    games = demo_games()
    if game is None:
        shares = {
            key: demo.share * (demo.night_boost if evening.game_night else 1)
            for key, demo in games.items()
        }
        game = rng.choices(list(shares), weights=list(shares.values()))[0]
    rules, demo = GAMES[game], games[game]
    seats = max(rules.min_players, min(rng.choice(demo.player_counts), len(evening.present)))
    players = rng.sample(evening.present, seats)
    # Tables start through the evening; a big evening has several going at once.
    spread = min(270.0, 45.0 * count)
    started_at = evening.starts_at + timedelta(minutes=spread * number / count + rng.uniform(0, 9))
    return PlannedTable(
        game=game,
        players=players,
        # Options a club might choose. Never capotto: it can end a game at any hand.
        options=demo.options(rng, evening.money_rate),
        started_at=started_at,
        first_dealer=rng.randrange(len(players)),
        counted=rng.random() < COUNTED_BY_HAND,
        seed=rng.getrandbits(32),
    )


def _cover_every_game(rng: random.Random, evenings: list[Evening]) -> None:
    """Even a small demo shows every game: a missing game takes a table of the commonest."""
    planned = [(evening, index) for evening in evenings for index in range(len(evening.tables))]
    games = demo_games()
    if len(planned) < len(games):
        return
    for game in games:
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
    tables for money (Schafkopf's), the evening with the most tables of games that can play
    for money plays for money."""
    games = demo_games()

    def money_tables(evening: Evening) -> list[PlannedTable]:
        return [table for table in evening.tables if games[table.game].money is not None]

    if any(evening.money_rate and len(money_tables(evening)) > 1 for evening in evenings):
        return
    busiest = max(evenings, key=lambda evening: len(money_tables(evening)), default=None)
    if busiest is None or not money_tables(busiest):
        return
    busiest.money_rate = 10
    for table in money_tables(busiest):
        money = games[table.game].money
        assert money is not None
        table.options.update(money(10))


# -- playing a table ------------------------------------------------------------------------------


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


def _play(plan: PlannedTable, hands: int | None, club: Mapping[str, DemoPlayer]) -> PlayedTable:
    demo = demo_games()[plan.game]
    # Each player's skill at the game: overall, and as the game's specialist.
    skills = {
        name: club[name].skill + demo.specialists.get(club[name].name, 0.0) for name in plan.players
    }
    table = DemoTable(plan, skills)
    entries, scores = demo.play(table, hands)
    rules, setup = table.rules, table.setup
    state = rules.game_state(scores, setup)
    if rules.ends_when_players_stop:
        state = replace(state, winners=rules.stopped_winners(state))
    elif state.finished_after_round != len(scores):
        raise AssertionError(f"a demo {plan.game} table did not end on its last hand")
    dealers = [plan.first_dealer]
    for number in range(1, len(scores)):
        dealers.append(rules.dealer_after(setup, scores[:number], dealers[-1]))
    minutes = demo.minutes_per_hand * len(scores) * table.rng.uniform(0.8, 1.25) + 3
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
        outcomes = table_write_path.seat_results(GAMES[table.game], setup, result.state)
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
