"""Standings from finished tables: games played, wins, and each game's own measures.

``standings`` states every measure in plain Python over one ``SeatResult`` per player per
finished table. The pages let the database do the same sums over the results kept on the
seats (``selectors.standing_rows``), and a test holds the two to the same answers. Partners
and opponents likewise: ``companion_tallies`` counts them from the seats of a player's tables,
the profile has the database count them (``selectors.player_companion_tallies``), and both
are ranked by ``ranked_companions``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatResult:
    """How one player finished one table: their side's total and place, and the table's facts."""

    table: int
    game: str
    player: int
    name: str
    side: str
    total: int
    place: int
    won: bool
    eliminated: bool = False
    hands: int = 0
    cents_per_point: int = 0
    currency: str = ""


@dataclass
class StandingRow:
    """One player's line in a standings table. Measures a game does not have stay None."""

    player: int
    name: str
    played: int = 0
    wins: int = 0
    places: int = 0
    # Scopa family
    points: int = 0
    points_difference: int = 0
    # Schafkopf: the balance in points, the hands played, and money per currency in cents.
    hands: int = 0
    money: dict[str, int] = field(default_factory=dict)
    # Ciapanò
    eliminations: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def points_per_game(self) -> float:
        return self.points / self.played if self.played else 0.0

    @property
    def balance(self) -> int:
        return self.points

    @property
    def balance_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def average_total(self) -> float:
        return self.points_per_game

    @property
    def average_place(self) -> float:
        return self.places / self.played if self.played else 0.0


def by_table(results: Iterable[SeatResult]) -> dict[int, list[SeatResult]]:
    tables: dict[int, list[SeatResult]] = defaultdict(list)
    for result in results:
        tables[result.table].append(result)
    return tables


def best_other_total(result: SeatResult, table: Sequence[SeatResult]) -> int | None:
    """The best total among the other sides of the table (the one to beat)."""
    others = [other.total for other in table if other.side != result.side]
    return max(others) if others else None


def standings(results: Iterable[SeatResult]) -> list[StandingRow]:
    """Each player's standing over the given results, best win rate first.

    Scopa family: points per game, and the points difference, summed over the tables, of the
    player's side total minus the best other side's (for two sides: points for minus points
    against). Schafkopf: the balance, the balance per hand, and the money where the table
    played for money. Ciapanò: eliminations (out without winning) and the average place.
    Swoops: the average total (lower is better). Every game: played, wins, win rate.
    """
    rows: dict[int, StandingRow] = {}
    for table in by_table(results).values():
        for result in table:
            row = rows.setdefault(result.player, StandingRow(result.player, result.name))
            row.played += 1
            row.wins += result.won
            row.places += result.place
            row.points += result.total
            row.hands += result.hands
            row.eliminations += result.eliminated and not result.won
            best_other = best_other_total(result, table)
            if best_other is not None:
                row.points_difference += result.total - best_other
            if result.cents_per_point:
                row.money[result.currency] = (
                    row.money.get(result.currency, 0) + result.total * result.cents_per_point
                )
    return sorted(rows.values(), key=lambda row: (-row.win_rate, -row.wins, row.name.casefold()))


@dataclass(frozen=True)
class Companion:
    """Another player seen from one player's tables: as partner or as opponent."""

    player: int
    name: str
    games: int
    # As partners: games won together. As opponents: games they finished ahead of the player.
    count: int

    @property
    def rate(self) -> float:
        return self.count / self.games if self.games else 0.0


@dataclass(frozen=True)
class CompanionTally:
    """Another player met at one player's finished tables: games on the same side and how many
    of them were won, games on other sides and how many of them the other finished ahead."""

    player: int
    name: str
    partner_games: int = 0
    partner_wins: int = 0
    opponent_games: int = 0
    opponent_ahead: int = 0


def companions(
    results: Iterable[SeatResult], player: int, *, at_least: int = 2
) -> tuple[list[Companion], list[Companion]]:
    """The player's best partners (highest share of games won together) and toughest opponents
    (highest share of games they finished ahead of the player), among those met at least
    ``at_least`` times; more games together break ties."""
    return ranked_companions(companion_tallies(results, player), at_least=at_least)


def companion_tallies(results: Iterable[SeatResult], player: int) -> list[CompanionTally]:
    """What ``ranked_companions`` ranks, counted over every seat of the player's tables. The
    profile page has the database count the same (``selectors.player_companion_tallies``)."""
    partners: dict[int, list[int]] = {}
    opponents: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for table in by_table(results).values():
        mine = next((result for result in table if result.player == player), None)
        if mine is None:
            continue
        for other in table:
            if other.player == player:
                continue
            names[other.player] = other.name
            if other.side == mine.side:
                tally = partners.setdefault(other.player, [0, 0])
                tally[0] += 1
                tally[1] += mine.won
            else:
                tally = opponents.setdefault(other.player, [0, 0])
                tally[0] += 1
                tally[1] += other.place < mine.place
    return [
        CompanionTally(other, name, *partners.get(other, [0, 0]), *opponents.get(other, [0, 0]))
        for other, name in names.items()
    ]


def ranked_companions(
    tallies: Iterable[CompanionTally], *, at_least: int = 2
) -> tuple[list[Companion], list[Companion]]:
    """Best partners and toughest opponents from the tallies, each met at least ``at_least``
    times, best first."""
    partners, opponents = [], []
    for tally in tallies:
        if tally.partner_games >= at_least:
            partners.append(
                Companion(tally.player, tally.name, tally.partner_games, tally.partner_wins)
            )
        if tally.opponent_games >= at_least:
            opponents.append(
                Companion(tally.player, tally.name, tally.opponent_games, tally.opponent_ahead)
            )
    return _ranked(partners), _ranked(opponents)


def _ranked(found: list[Companion]) -> list[Companion]:
    return sorted(found, key=lambda item: (-item.rate, -item.games, item.name.casefold()))
