"""Every kind of page the app shows, with enough in it to be representative, for the browser
tests that look at all of them (axe-core, tap targets).

``build_site()`` fills the tests' club (a league with every game, money evenings, an invite, a
table of each game with hands in it, a watch link, a member removed, a deleted table and a
deleted club) and returns the addresses; ``PAGE_TYPES`` names what each browser test visits.
Long, similar names ("Alessandra", "Alessandro") are chosen on purpose: they are what breaks a
phone layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import Club, League, Membership, Player, Role, Table
from games.scoring import GAMES
from games.tables import services as table_services
from tests.clubs import home_club, home_owner, member
from tests.factories import captures_entry
from tests.kits import kit_for
from tests.leagues import at, finished, season

FOUR = ["Alessandra", "Alessandro", "Bartolomeo", "Di"]
FIVE = [*FOUR, "Eva"]


@dataclass
class Site:
    league: League
    tables: dict[str, Table] = field(default_factory=dict)
    urls: dict[str, str] = field(default_factory=dict)


def build_site() -> Site:
    club = home_club()
    league = league_services.league_create(
        club=club,
        name="Thursday club",
        games=list(GAMES),
    )
    season(league, "Winter", "2026-01-01", "2026-02-28")
    finished("scopa", FOUR[:2], "Alessandra", league=league, when=at("2026-01-08"))
    finished("scopone", FOUR, "Alessandro", league=league, when=at("2026-01-15"))
    finished("swoops", FIVE, "Eva", league=league, when=at("2026-02-05"))
    finished("ciapano", FOUR[:3], "Bartolomeo", league=league, when=at("2026-02-05", 22))
    evening = "2026-02-12"
    for players, winner in ((FOUR, "Di"), (FIVE[1:], "Eva")):
        done = finished(
            "schafkopf",
            players,
            winner,
            league=league,
            when=at(evening, 23),
            options={"cents_per_point": 20, "currency": "EUR"},
        )
        Table.objects.filter(pk=done.pk).update(created_at=at(evening, 19))

    site = Site(league=league)
    # Each game at the size its kit shows (Scopa for two, Scopone and Briscola for four, ...).
    players = {game: FIVE[: kit_for(game).site_players(game)] for game in GAMES}
    for game, names in players.items():
        site.tables[game] = table_with_a_hand(club, game, names, league=league)

    scopa = site.tables["scopa"]
    # A hand of cards too, so the history has a "Why?" (the primiera referee on its cards).
    table_services.round_record(scopa, captures_entry("Alessandra", "Alessandro"))
    table_services.watch_link_set(scopa, on=True)
    scopa.refresh_from_db()
    invite = club_services.invite_create(club)
    # The club page's removed members and trash, and the clubs list's deleted clubs, to be laid
    # out and read like the rest.
    owner = home_owner()
    removed = member(club, Role.SCORER, "Bartolomeo-Alessandro")
    club_services.member_remove(Membership.objects.get(club=club, user=removed), by=owner)
    table_services.table_delete(
        table_services.table_create(club=club, game="scopa", players=FOUR[:2]), by=owner
    )
    old_club = Club.objects.create(name="Stammtisch Alessandra und Alessandro")
    member(old_club, Role.OWNER, owner.username)
    club_services.club_delete(old_club, by=owner)
    player = Player.objects.get(club=club, name="Alessandra")
    _first, second = scopa.rounds.order_by("number")
    site.urls = {
        "home": "/",
        "new table": "/tables/new/",
        "import": "/tables/import/",
        "round edit": f"/tables/{scopa.public_id}/hands/{second.public_id}/",
        "round why": f"/tables/{scopa.public_id}/hands/{second.public_id}/why/",
        "changes": f"/tables/{scopa.public_id}/changes/",
        "watch": f"/watch/{scopa.watch_token}/",
        "referee primiera": "/referee/primiera/",
        "referee captures": "/referee/captures/?variant=assi",
        "rules index": "/rules/",
        "leagues": "/leagues/",
        "league": f"/leagues/{league.public_id}/",
        "league edit": f"/leagues/{league.public_id}/edit/",
        "player": f"/players/{player.public_id}/",
        "settlement": f"/settle/?date={evening}&league={league.public_id}",
        "clubs": "/clubs/",
        "club": f"/clubs/{club.public_id}/",
        "join": f"/join/{invite.token}/",
        "keep my games": "/accounts/keep/",
        "sign in": "/accounts/login/",
    }
    for game in players:
        site.urls[f"rules {game}"] = f"/rules/{game}/"
        site.urls[f"table {game}"] = f"/tables/{site.tables[game].public_id}/"
    return site


def table_with_a_hand(
    club: Club, game: str, names: list[str], *, league: League | None = None
) -> Table:
    """A table of ``game`` for ``names`` (played for money where the game is) with one hand
    counted at it, so its scoreboard, history and chart have something."""
    money = {"cents_per_point": 10, "currency": "EUR"}
    table = table_services.table_create(
        club=club,
        game=game,
        players=names,
        league=league,
        options=money if GAMES[game].plays_for_money else None,
    )
    table_services.round_record(table, kit_for(game).counted_hand(table.setup()))
    return table


def settle(page: Page) -> None:
    """Wait until the page is what a person reads: loaded, and no htmx request in flight (htmx
    marks the element of each with ``htmx-request``). Playwright's "networkidle" waited 0.5 s
    of quiet after every page, about a minute and a half of each CI pass over the page walks,
    while no page of ours fetches anything on its own once loaded (no ``hx-trigger="load"``;
    the live polls wait seconds); and after an htmx swap it returned at once, as the page had
    been idle since its load, so it never waited for a preview either."""
    page.wait_for_load_state("load")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def half_enter(page: Page, game: str) -> None:
    """Enter part of a hand the way a player would, without saving it (the game's test kit)."""
    page.wait_for_load_state()
    kit_for(game).half_enter(page)
