"""Multiplayer skill ratings: the Plackett-Luce model of the ``openskill`` package.

Every finished table is one match. Its sides finish in places (1 is best, ties share a place);
a side is a team of two in Scopone and four-player Scopa, and one player in every other game,
so Ciapanò, Swoops and Schafkopf rate a free-for-all ranking of three to eight players.

A rating is a skill estimate ``mu`` with its uncertainty ``sigma``: a newcomer starts at 25 with
a wide uncertainty that narrows as their games add up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The rating we are nearly sure of (mu − 3 sigma): it ranks a newcomer with one lucky
        win below a regular who has proved the same level many times."""
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(_MODEL.mu, _MODEL.sigma)


@dataclass(frozen=True)
class MatchSide:
    players: tuple[int, ...]
    place: int


@dataclass(frozen=True)
class Match:
    """One finished table: its key (the table's id) and how its sides finished."""

    key: int
    sides: tuple[MatchSide, ...]


@dataclass(frozen=True)
class RatingAfter:
    """A player's skill right after a match."""

    match: int
    player: int
    skill: Skill


class Replay:
    """Players' skills as matches are rated one after another, each player starting from
    ``start`` (or as a newcomer): a league's tables can be rated as they are read, without
    holding them all."""

    def __init__(self, start: Mapping[int, Skill] | None = None) -> None:
        self.current: dict[int, Skill] = dict(start or {})

    def rate(self, match: Match) -> list[RatingAfter]:
        """Every player's skill after ``match``. A match needs two sides to say anything
        about skill; one with fewer is skipped."""
        if len(match.sides) < 2:
            return []
        teams = [
            [
                _MODEL.rating(mu=skill.mu, sigma=skill.sigma)
                for skill in (self.current.get(player, NEWCOMER) for player in side.players)
            ]
            for side in match.sides
        ]
        rated = _MODEL.rate(teams, ranks=[float(side.place) for side in match.sides])
        after: list[RatingAfter] = []
        for side, team in zip(match.sides, rated, strict=True):
            for player, rating in zip(side.players, team, strict=True):
                skill = Skill(rating.mu, rating.sigma)
                self.current[player] = skill
                after.append(RatingAfter(match.key, player, skill))
        return after
