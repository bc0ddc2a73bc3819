"""The same new name from many phones at once, for real: threads with their own database
connections, released together by a barrier. Each name is stored once; every phone gets the row
(a player) or the "already taken" refusal (a league, a season), never a server error.

Names are sent in several spellings of case, so the unique constraints on ``LOWER(name)`` are
what decides. The figures (tries, anomalies) are printed with ``-s``; the assertions hold the
anomalies at zero.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from functools import partial
from typing import Any

import pytest
from django.db import connection

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import League, Player, Season
from games.scoring import EntryError
from tests.clubs import home_club
from tests.concurrency import at_once_answers

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 20
ROUNDS = 15

LEAGUE_TAKEN = "there is already a league called {name}"
SEASON_TAKEN = "{league} already has a season called {name}"


def spelling(name: str, phone: int) -> str:
    """The name as phone ``phone`` types it: as given, lower case or upper case."""
    return (name, name.lower(), name.upper())[phone % 3]


def refused_as_taken(answer: tuple[str, Any], message: str) -> bool:
    kind, error = answer
    return (
        kind == "EntryError"
        and isinstance(error, EntryError)
        and [(p.message, p.field) for p in error.problems] == [(message, "name")]
    )


class Tally:
    """Outcomes and anomalies over the rounds of one race, printed at the end."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.outcomes: Counter[str] = Counter()
        self.anomalies: list[str] = []

    def count(self, round_: int, answers: list[tuple[str, Any]], *problems: str) -> None:
        self.outcomes.update(kind for kind, _value in answers)
        self.anomalies.extend(f"round {round_}: {problem}" for problem in problems if problem)

    def check(self) -> None:
        tries = sum(self.outcomes.values())
        print(f"\n{self.name} on {connection.vendor}: {tries} tries, {dict(self.outcomes)}")
        print(f"{self.name}: {len(self.anomalies)} anomalies")
        assert tries == PHONES * ROUNDS
        assert not self.anomalies, self.anomalies[:5]


def one_stored_and_the_rest_refused(
    answers: list[tuple[str, Any]], message: str, stored: int
) -> list[str]:
    """The anomalies of a race where one phone may store the name: not exactly one row, a
    phone with neither the row nor the refusal, or a phone told "ok" for another row."""
    winners = [value for kind, value in answers if kind == "ok"]
    others = [answer for answer in answers if answer[0] != "ok"]
    return [
        f"{stored} rows stored" if stored != 1 else "",
        f"{len(winners)} phones told it was stored" if len(winners) != 1 else "",
        *(
            f"{kind}: {value}"
            for kind, value in others
            if not refused_as_taken((kind, value), message)
        ),
    ]


def test_the_same_new_player_from_many_phones_is_one_player() -> None:
    club = home_club()
    tally = Tally("same new player")
    for round_ in range(ROUNDS):
        name = f"Newcomer {round_}"
        answers = at_once_answers(
            [
                partial(club_services.player_get_or_create, spelling(name, phone), club=club)
                for phone in range(PHONES)
            ]
        )
        stored = Player.objects.filter(name__iexact=name).count()
        got = {value.pk for kind, value in answers if kind == "ok"}
        tally.count(
            round_,
            answers,
            f"{stored} rows stored" if stored != 1 else "",
            f"phones got {len(got)} different players" if len(got) != 1 else "",
            *(f"{kind}: {value}" for kind, value in answers if kind != "ok"),
        )
    tally.check()
    assert Player.objects.count() == ROUNDS


def test_the_same_new_member_of_many_new_leagues_is_one_player() -> None:
    """The player race inside another transaction: each phone creates its own league with the
    same new member; the member's insert is a savepoint in the league's transaction."""
    club = home_club()
    tally = Tally("same new member")
    for round_ in range(ROUNDS):
        name = f"Member {round_}"
        answers = at_once_answers(
            [
                partial(
                    league_services.league_create,
                    club=club,
                    name=f"League {round_}-{phone}",
                    games=["scopa"],
                    members=[spelling(name, phone), "Host"],
                )
                for phone in range(PHONES)
            ]
        )
        stored = Player.objects.filter(name__iexact=name).count()
        members = {
            member.pk
            for kind, value in answers
            if kind == "ok"
            for member in value.members.exclude(name="Host")
        }
        tally.count(
            round_,
            answers,
            f"{stored} rows stored" if stored != 1 else "",
            f"leagues got {len(members)} different players" if len(members) != 1 else "",
            *(f"{kind}: {value}" for kind, value in answers if kind != "ok"),
        )
    tally.check()
    assert Player.objects.count() == ROUNDS + 1
    assert League.objects.count() == ROUNDS * PHONES


def test_the_same_new_league_from_many_phones_is_one_league() -> None:
    club = home_club()
    tally = Tally("same new league")
    for round_ in range(ROUNDS):
        name = f"Thursday Club {round_}"
        answers = at_once_answers(
            [
                partial(
                    league_services.league_create,
                    club=club,
                    name=spelling(name, phone),
                    games=["scopa"],
                )
                for phone in range(PHONES)
            ]
        )
        stored = League.objects.filter(name__iexact=name).count()
        tally.count(
            round_, answers, *one_stored_and_the_rest_refused(answers, LEAGUE_TAKEN, stored)
        )
    tally.check()
    assert League.objects.count() == ROUNDS


def test_many_leagues_renamed_to_the_same_new_name_at_once_keep_one() -> None:
    tally = Tally("same league rename")
    for round_ in range(ROUNDS):
        name = f"Friday Club {round_}"
        leagues = [
            league_services.league_create(
                club=home_club(), name=f"Old {round_}-{phone}", games=["scopa"]
            )
            for phone in range(PHONES)
        ]
        answers = at_once_answers(
            [
                partial(
                    league_services.league_update,
                    league,
                    name=spelling(name, phone),
                    games=["scopa", "scopone"],
                    members=[],
                )
                for phone, league in enumerate(leagues)
            ]
        )
        stored = League.objects.filter(name__iexact=name).count()
        refused = [
            league for league, (kind, _value) in zip(leagues, answers, strict=True) if kind != "ok"
        ]
        unchanged = League.objects.filter(pk__in=[league.pk for league in refused])
        tally.count(
            round_,
            answers,
            *one_stored_and_the_rest_refused(answers, LEAGUE_TAKEN, stored),
            *(
                f"refused {league.pk} changed to {league.name!r} {league.games}"
                for league in unchanged
                if not league.name.startswith("Old ") or league.games != ["scopa"]
            ),
            # A refused phone's league object is shown again as it is stored.
            *(
                f"refused {league.pk} shows {league.name!r}"
                for league in refused
                if not league.name.startswith("Old ") or league.games != ["scopa"]
            ),
        )
    tally.check()


def test_the_same_new_season_from_many_phones_is_one_season() -> None:
    club = league_services.league_create(club=home_club(), name="Club", games=["scopa"])
    tally = Tally("same new season")
    for round_ in range(ROUNDS):
        name = f"Autumn {round_}"
        answers = at_once_answers(
            [
                partial(
                    league_services.season_create,
                    league=club,
                    name=spelling(name, phone),
                    starts_on=date(2026, 9, 1),
                    ends_on=date(2026, 12, 31),
                )
                for phone in range(PHONES)
            ]
        )
        stored = club.seasons.filter(name__iexact=name).count()
        tally.count(
            round_, answers, *one_stored_and_the_rest_refused(answers, SEASON_TAKEN, stored)
        )
    tally.check()
    assert Season.objects.count() == ROUNDS
