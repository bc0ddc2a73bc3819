"""Who may open and post to every URL: the authorisation matrix, generated from the URLconf.

Every URL has a row saying what each visitor gets for GET and for POST: the club's owner,
scorer and viewer, a member of another club, an anonymous visitor, and an anonymous visitor
who holds the table's watch link. Anything of a club seen from outside it is 404, so nobody
can tell it exists; a member whose role is too low for a write gets 403. A URL added without
a row fails ``test_every_url_has_a_row``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import Club, League, Membership, Role, Table
from games.tables import services as table_services
from games.tournaments import services as tournament_services
from games.tournaments.models import RoundTable, Tournament
from scorekeeper.offline_engine import PYODIDE_VERSION, pyodide_installed
from tests.clubs import member
from tests.factories import points_entry

pytestmark = pytest.mark.django_db

ROLES = ("owner", "scorer", "viewer", "other", "anonymous", "watcher")
OWNER, SCORER, VIEWER = Role.OWNER, Role.SCORER, Role.VIEWER


def url_names() -> Iterator[str]:
    """Every named URL of the project, with its namespace."""

    def walk(patterns: list[Any], namespace: str) -> Iterator[str]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern):
                assert pattern.name, f"{pattern.pattern} has no name"
                yield namespace + pattern.name

    yield from walk(get_resolver().url_patterns, "")


@dataclass
class World:
    """A club with a table (two hands, one deleted since), a league with a season, an open
    invite and a watch link; and another club, whose member is a stranger here."""

    club: Club
    table: Table
    hand: str
    deleted_hand: str
    league: League
    season: str
    player: str
    invite: Any
    viewer_membership: Membership
    users: dict[str, Any]
    # A table of the club in its trash, and a club in the trash with the same members
    # (``add_trash``: other tests count the accounts' memberships of the world).
    trashed_table: str = ""
    trashed_club: str = ""
    # A tournament of the club, its first round drawn (``add_tournament``).
    tournament: Tournament | None = None
    round_table: RoundTable | None = None
    # Each visitor's cookies (its session), made once with the world (``add_visitors``).
    cookies: dict[str, dict[str, str]] = field(default_factory=dict)

    def kwargs(self, name: str) -> dict[str, str]:
        table = {"table": self.table.public_id}
        league = {"league": self.league.public_id}
        club = {"club": self.club.public_id}
        assert self.tournament is not None
        assert self.round_table is not None
        tournament = {"tournament": self.tournament.public_id}
        round_table = {**tournament, "table": self.round_table.public_id}
        return {
            "offline_pyodide": {"version": PYODIDE_VERSION, "name": "pyodide-lock.json"},
            "games:table": table,
            "games:table_export": table,
            "games:table_big": table,
            "games:table_changes": table,
            "games:table_watch_link": table,
            "games:table_delete": table,
            "games:table_restore": {"table": self.trashed_table},
            "games:table_abandon": table,
            "games:table_take_up": table,
            "games:table_stop": table,
            "games:table_resume": table,
            "games:round_edit": {**table, "hand": self.hand},
            "games:round_delete": {**table, "hand": self.hand},
            "scopa:round_why": {**table, "hand": self.hand},
            "games:round_restore": {**table, "hand": self.deleted_hand},
            # The blank page a table started offline is made from: the same for everyone.
            "games:table_blank": {"game": "scopa", "players": "2"},
            "games:table_watch": {"token": self.table.watch_token},
            "games:table_watch_big": {"token": self.table.watch_token},
            "games:club": club,
            "games:club_delete": club,
            "games:club_restore": {"club": self.trashed_club},
            "games:invite_create": club,
            "games:invite_revoke": {**club, "invite": self.invite.public_id},
            "games:member": {**club, "member": self.viewer_membership.public_id},
            "games:scoresheets_json": club,
            "games:club_archive": club,
            "games:join": {"token": self.invite.token},
            "games:league": league,
            "games:league_edit": league,
            "games:season_new": league,
            "games:season_delete": {**league, "season": self.season},
            "games:league_standings_csv": league,
            "games:league_tables_csv": league,
            "games:player": {"player": self.player},
            "games:rules_game": {"game": "scopa"},
            "games:tournament": tournament,
            "games:tournament_entrant_add": tournament,
            "games:tournament_entrant_drop": {
                **tournament,
                "entrant": self.tournament.entrants.get(number=1).public_id,
            },
            "games:tournament_draw": tournament,
            "games:tournament_round": {**tournament, "round": self.round_table.round.public_id},
            "games:tournament_round_close": {
                **tournament,
                "round": self.round_table.round.public_id,
            },
            "games:tournament_table": round_table,
            "games:tournament_table_result": round_table,
            "games:tournament_standings": tournament,
            "games:tournament_standings_csv": tournament,
            "games:tournament_standings_json": tournament,
            "games:tournament_finish": tournament,
            "games:tournament_rules": tournament,
            "games:tournament_table_link": {"token": self.round_table.link_token},
            "games:tournament_screen": {"token": self.tournament.watch_token},
        }.get(name, {})


def make_world() -> World:
    club = Club.objects.create(name="Thursday table")
    users = {
        role: member(club, Role(role), f"{role}-user") for role in ("owner", "scorer", "viewer")
    }
    stranger_club = Club.objects.create(name="Another club")
    users["other"] = member(stranger_club, Role.OWNER, "other-user")
    league = league_services.league_create(club=club, name="Thursday league", games=["scopa"])
    season = league_services.season_create(
        league=league, name="2026", starts_on="2026-01-01", ends_on="2026-12-31"
    )
    table = table_services.table_create(
        club=club, game="scopa", players=["Ann", "Bob"], league=league
    )
    kept = table_services.round_record(table, points_entry(Ann=1, Bob=0))
    gone = table_services.round_record(table, points_entry(Ann=0, Bob=1))
    table_services.round_delete(gone)
    table = table_services.watch_link_set(table, on=True)
    invite = club_services.invite_create(club)
    return World(
        club=club,
        table=table,
        hand=kept.public_id,
        deleted_hand=gone.public_id,
        league=league,
        season=season.public_id,
        player=club.players.get(name="Ann").public_id,
        invite=invite,
        viewer_membership=Membership.objects.get(club=club, user=users["viewer"]),
        users=users,
    )


def add_tournament(world: World) -> None:
    tournament = tournament_services.tournament_create(
        club=world.club, name="Scopa night", game="scopa", pairing="swiss", table_size=2
    )
    for name in ("Ann", "Bob"):
        tournament_services.entrant_add(tournament, name=name)
    drawn = tournament_services.round_draw(tournament, number=1, seed="matrix")
    world.tournament = tournament
    world.round_table = drawn.tables.get()


def add_trash(world: World) -> None:
    table = table_services.table_create(club=world.club, game="scopa", players=["Ann", "Cy"])
    table_services.table_delete(table)
    world.trashed_table = table.public_id
    club = Club.objects.create(name="Old club")
    for role in ("owner", "scorer", "viewer"):
        member(club, Role(role), f"{role}-user")
    club_services.club_delete(club)
    world.trashed_club = club.public_id


# -- the rows -----------------------------------------------------------------------------------

Row = dict[str, int]


def everyone(status: int) -> Row:
    return dict.fromkeys(ROLES, status)


def members(status: int, needs: Role = VIEWER) -> Row:
    """``status`` for members whose role allows it, 403 for members below it, 404 outside."""
    row = {
        role: status if Role(role).allows(needs) else 403 for role in ("owner", "scorer", "viewer")
    }
    return {**row, "other": 404, "anonymous": 404, "watcher": 404}


def signed_in(status: int, anonymous: int) -> Row:
    row = dict.fromkeys(("owner", "scorer", "viewer", "other"), status)
    return {**row, "anonymous": anonymous, "watcher": anonymous}


GET_ONLY = everyone(405)
POST_ONLY = everyone(405)

# url name -> (GET row, POST row). A POST carries no form data but the table's version, so a
# write that is allowed answers with its form's errors (422) or its redirect (302).
MATRIX: dict[str, tuple[Row, Row]] = {
    "favicon": (everyone(302), everyone(405)),
    # The installable app: the same for everyone, and nothing of a club in them.
    "manifest": (everyone(200), everyone(405)),
    "service_worker": (everyone(200), everyone(405)),
    "offline_engine": (everyone(200), everyone(405)),
    # The runtime where ``make pyodide`` fetched it (CI's ``make install`` does).
    "offline_pyodide": (everyone(200 if pyodide_installed() else 404), everyone(405)),
    "set_language": (everyone(302), everyone(302)),
    "login": (everyone(200), everyone(200)),
    "logout": (everyone(405), everyone(302)),
    "password_change": (signed_in(200, 302), signed_in(200, 302)),
    "password_change_done": (signed_in(200, 302), signed_in(405, 302)),
    # Only a guest has games to keep: a full account goes home, a visitor to sign in.
    "keep_games": (everyone(302), everyone(302)),
    "games:home": (everyone(200), GET_ONLY),
    "games:table_new": (everyone(200), everyone(422)),
    "games:table_import": (everyone(200), everyone(422)),
    "games:table_blank": (everyone(200), GET_ONLY),
    "games:table": (members(200), members(422, SCORER)),
    "games:table_export": (members(200), GET_ONLY),
    "games:table_big": (members(200), GET_ONLY),
    "games:table_changes": (members(200), GET_ONLY),
    "games:table_watch_link": (POST_ONLY, members(302, SCORER)),
    "games:table_delete": (POST_ONLY, members(302, SCORER)),
    # Out of the club's trash: its owners only; a table or club in it is found by no other URL.
    "games:table_restore": (POST_ONLY, members(302, OWNER)),
    # The table is in progress: abandoning it goes home; taking up a table that is not
    # abandoned changes nothing and goes back to it.
    "games:table_abandon": (POST_ONLY, members(302, SCORER)),
    "games:table_take_up": (POST_ONLY, members(302, SCORER)),
    "games:round_edit": (members(200, SCORER), members(422, SCORER)),
    "games:round_delete": (POST_ONLY, members(302, SCORER)),
    "games:round_restore": (POST_ONLY, members(302, SCORER)),
    "scopa:round_why": (members(200), GET_ONLY),
    "games:table_stop": (POST_ONLY, members(302, SCORER)),
    "games:table_resume": (POST_ONLY, members(302, SCORER)),
    # The watch link is the key: whoever holds it sees the table, with or without an account.
    "games:table_watch": (everyone(200), GET_ONLY),
    "games:table_watch_big": (everyone(200), GET_ONLY),
    "games:clubs": (everyone(200), everyone(422)),
    "games:club": (members(200), members(422, OWNER)),
    "games:club_delete": (POST_ONLY, members(302, OWNER)),
    "games:club_restore": (POST_ONLY, members(302, OWNER)),
    "games:invite_create": (POST_ONLY, members(422, OWNER)),
    "games:invite_revoke": (POST_ONLY, members(302, OWNER)),
    "games:member": (POST_ONLY, members(302, OWNER)),
    "games:scoresheets_json": (members(200), GET_ONLY),
    # Everything the club owns, its log and its members' names too: for its owners alone.
    "games:club_archive": (members(200, OWNER), GET_ONLY),
    # A restore makes a new club of the visitor's own, as a first table does.
    "games:club_archive_restore": (everyone(200), everyone(422)),
    # An invite link is the key to the club: anyone holding it may look and join.
    "games:join": (everyone(200), everyone(302)),
    "games:leagues": (everyone(200), everyone(422)),
    "games:league": (members(200), GET_ONLY),
    "games:league_edit": (members(200, SCORER), members(422, SCORER)),
    "games:season_new": (POST_ONLY, members(422, SCORER)),
    "games:season_delete": (POST_ONLY, members(302, SCORER)),
    "games:league_standings_csv": (members(200), GET_ONLY),
    "games:league_tables_csv": (members(200), GET_ONLY),
    "games:player": (members(200), GET_ONLY),
    "scopa:referee_primiera": (everyone(200), GET_ONLY),
    "scopa:referee_capture": (everyone(200), GET_ONLY),
    "games:settlement": (everyone(200), GET_ONLY),
    "games:rules_index": (everyone(200), GET_ONLY),
    "games:rules_game": (everyone(200), GET_ONLY),
    # A tournament: its directors are the club's owners and scorers. The posts carry no
    # tournament version, so a director's write is refused as out of date (409), or as an
    # empty form (422) where the form is checked first.
    "games:tournaments": (everyone(200), everyone(422)),
    "games:tournament": (members(200), GET_ONLY),
    "games:tournament_entrant_add": (POST_ONLY, members(422, SCORER)),
    "games:tournament_entrant_drop": (POST_ONLY, members(409, SCORER)),
    "games:tournament_draw": (POST_ONLY, members(409, SCORER)),
    "games:tournament_round": (members(200), GET_ONLY),
    "games:tournament_round_close": (POST_ONLY, members(409, SCORER)),
    "games:tournament_table": (members(200, SCORER), GET_ONLY),
    "games:tournament_table_result": (members(200, SCORER), members(422, SCORER)),
    "games:tournament_standings": (members(200), GET_ONLY),
    "games:tournament_standings_csv": (members(200), GET_ONLY),
    "games:tournament_standings_json": (members(200), GET_ONLY),
    "games:tournament_finish": (POST_ONLY, members(409, SCORER)),
    "games:tournament_rules": (members(200), GET_ONLY),
    # A table's link is the key to that table for its round: whoever holds it goes to score it.
    "games:tournament_table_link": (everyone(302), GET_ONLY),
    # The big screen's watch link: whoever holds it sees the standings and the seating.
    "games:tournament_screen": (everyone(200), GET_ONLY),
}


def test_every_url_has_a_row() -> None:
    names = set(url_names())
    assert names - MATRIX.keys() == set(), "add these URLs to the authorisation matrix"
    assert MATRIX.keys() - names == set(), "these rows name URLs that no longer exist"


def signed_in_visitor(world: World, role: str) -> Client:
    client = Client()
    if role in world.users:
        client.force_login(world.users[role])
    elif role == "watcher":
        client.get(reverse("games:table_watch", kwargs={"token": world.table.watch_token}))
    return client


def add_visitors(world: World) -> None:
    """Each visitor signed in (or holding the watch link) once, with the world: its session is
    kept in the world's transaction, which every case's own rolls back to, so a case that
    signs out or changes the session leaves the next one the visitor as it was. Signing in for
    each of the ~800 cases (a session written, the watch page drawn) took more time than the
    cases' own requests."""
    for role in ROLES:
        cookies = signed_in_visitor(world, role).cookies
        world.cookies[role] = {name: morsel.value for name, morsel in cookies.items()}


def visitor(world: World, role: str) -> Client:
    client = Client()
    client.cookies.load(world.cookies[role])
    return client


CASES = [
    (name, method, role) for name in sorted(MATRIX) for method in ("GET", "POST") for role in ROLES
]


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """The world, built once for all the cases, in a transaction rolled back after the last.

    Each case runs in a savepoint of its own inside it (the ``django_db`` mark, as Django's
    TestCase does after setUpTestData), rolled back when it ends: a case that posts (deletes the
    table, revokes the invite, ...) leaves the next one the world as it was built."""
    outer = transaction.atomic()
    with django_db_blocker.unblock():
        outer.__enter__()
        try:
            built = make_world()
            add_trash(built)
            add_tournament(built)
            add_visitors(built)
        except BaseException:
            outer.__exit__(*sys.exc_info())
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.mark.parametrize(("name", "method", "role"), CASES)
def test_the_matrix(world: World, name: str, method: str, role: str) -> None:
    client = visitor(world, role)
    url = reverse(name, kwargs=world.kwargs(name))
    send: Callable[..., Any] = client.get if method == "GET" else client.post
    data = {"table_version": str(world.table.version)} if method == "POST" else {}
    response = send(url, data)
    expected = MATRIX[name][0 if method == "GET" else 1][role]
    assert response.status_code == expected, f"{method} {url} as {role}"
