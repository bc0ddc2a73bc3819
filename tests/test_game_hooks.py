"""Generic code never tests a game key; the registry finds the games (issue 16, item 1).

Each game-specific decision asks the game's own objects: its hand entry (``HandEntry``:
chart hints, standings measures, "Why?", seating help, its demo) or its rules (``Game``:
whether it plays for money). A game the generic code has never heard of, registered only in
``GAMES`` and ``HAND_ENTRIES``, shows on every page with what its own objects say.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games.bench_table import bench_game
from games.demo import demo_games, demo_league_create
from games.hands import (
    HAND_ENTRIES,
    TOOLS,
    ChartHints,
    hand_entry_for,
    offered_games,
    package_tools,
)
from games.hands.demo_base import DemoGame
from games.leagues.standings import COLUMNS, columns_for, columns_on_screen
from games.models import League, Table
from games.plugins.ciapano.engine import Ciapano
from games.plugins.schafkopf.engine import Schafkopf
from games.plugins.schafkopf.entry import SchafkopfHandEntry
from games.plugins.scopa.engine import PirateScopa, Scopa, ScopaFamily
from games.plugins.swoops.demo import SWOOPS_DEMO
from games.plugins.swoops.engine import Swoops
from games.plugins.swoops.entry import SwoopsHandEntry
from games.scoring import GAMES, Game, TableSetup
from games.scoring.registry import GAME_PACKAGES, offer_order
from scorekeeper.urls import game_package_urls
from tests.clubs import home_club
from tests.leagues import league as make_league
from tests.pages import html, inputs, signed_in_client

ROOT = Path(settings.BASE_DIR)
FAKE = "fake-rummy"
FAKE_MONEY = "fake-money"
TODAY = date(2026, 11, 21)


class FakeRummy(Swoops):
    """Swoops' rules under a key and a name no generic code knows."""

    key = FAKE
    name = "Fake rummy"


class FakeRummyEntry(SwoopsHandEntry):
    """Swoops' hand entry, with hooks of its own, so a page shows where they came from."""

    standings_measures = ("eliminations", "average_total")

    def seating_help(self, rules: Game) -> str:
        return "Sit as you like at a fake rummy table."

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        limit = setup.option_int("limit")
        return ChartHints(limit, f"Fake rummy ends past {limit}")

    def demo(self, game: str) -> DemoGame | None:
        return replace(SWOOPS_DEMO, share=40, specialists={})


class FakeMoney(Schafkopf):
    key = FAKE_MONEY
    name = "Fake money game"


@pytest.fixture
def registry() -> Iterator[None]:
    """The registry back as it was, in its order, after a test that put games in or took
    them out."""
    games, entries = dict(GAMES), dict(HAND_ENTRIES)
    yield
    for dictionary, before in ((GAMES, games), (HAND_ENTRIES, entries)):
        dictionary.clear()
        dictionary.update(before)


@pytest.fixture
def fake_game(registry: None) -> str:
    GAMES[FAKE] = FakeRummy()
    HAND_ENTRIES[FAKE] = FakeRummyEntry()
    return FAKE


# -- a game registered in a test --------------------------------------------------------------


@pytest.mark.django_db
def test_the_new_table_form_offers_the_registry_and_starts_on_its_first_game(
    fake_game: str,
) -> None:
    client = signed_in_client()
    page = inputs(client.get(reverse("games:table_new")))
    assert page.radios["game"] == list(GAMES)
    assert page.radios["game"][-1] == fake_game
    assert page.checked["game"] == next(iter(GAMES)) == offered_games()[0]

    response = client.get(reverse("games:table_new"), {"game": fake_game})
    assert inputs(response).checked["game"] == fake_game
    assert "Sit as you like at a fake rummy table." in html(response)
    # The Scopa family's seating line is the Scopa family's: not offered here.
    assert "partners sit opposite" not in html(response)

    players = {f"player_{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy"])}
    response = client.post(reverse("games:table_new"), {"game": fake_game, **players})
    assert response.status_code == 302
    assert Table.objects.get().game == fake_game


@pytest.mark.django_db
def test_a_new_game_shows_on_every_page_with_its_own_hooks(fake_game: str) -> None:
    league = demo_league_create(club=home_club(), tables=21, seed=3, today=TODAY)
    assert fake_game in demo_games()
    assert fake_game in league.games
    tables = list(league.tables.filter(game=fake_game).order_by("pk"))
    assert tables
    client = signed_in_client()

    # The table page: its chart marks the total the hook names; no "Why?" for the hands.
    table = max(tables, key=lambda table: table.hands_played)
    assert table.hands_played >= 2
    page = html(client.get(reverse("games:table", args=[table.public_id])))
    assert f"Fake rummy ends past {table.setup().option_int('limit')}" in page
    assert "/why/" not in page
    hand = table.rounds.order_by("number").first()
    assert hand is not None
    why = reverse("scopa:round_why", args=[table.public_id, hand.public_id])
    assert client.get(why).status_code == 404

    # The standings of the game: every game's columns, then the hook's own measures.
    response = client.get(reverse("games:league", args=[league.public_id]), {"game": fake_game})
    assert response.status_code == 200
    assert [column.key for column in columns_for(fake_game)] == [
        "rating",
        "played",
        "wins",
        "win_rate",
        "eliminations",
        "average_total",
    ]
    page = html(response)
    for column in columns_for(fake_game):
        assert f"sort={column.key}" in page or column.key == "rating", column.key
    assert "Fake rummy" in page

    # A player's profile has a block for the game.
    seat = table.seats.select_related("player").first()
    assert seat is not None
    profile = html(client.get(reverse("games:player", args=[seat.player.public_id])))
    assert "Fake rummy" in profile

    # The league form offers the game too.
    edit = inputs(client.get(reverse("games:league_edit", args=[league.public_id])))
    assert fake_game in edit.radios["games"]


@pytest.mark.django_db
@pytest.mark.usefixtures("registry")
def test_settling_up_finds_the_money_games_by_their_rules() -> None:
    """Schafkopf taken out of the registry and another money game put in: the pages offer
    settling up and a new money table for that one."""
    for key in [key for key, game in GAMES.items() if game.plays_for_money]:
        del GAMES[key], HAND_ENTRIES[key]
    GAMES[FAKE_MONEY] = FakeMoney()
    HAND_ENTRIES[FAKE_MONEY] = SchafkopfHandEntry()
    client = signed_in_client()

    without = make_league("Without money", games=[key for key in GAMES if key != FAKE_MONEY])
    page = html(client.get(reverse("games:league", args=[without.public_id])))
    assert "Settle up tonight" not in page
    with_money = make_league("With money", games=[FAKE_MONEY])
    page = html(client.get(reverse("games:league", args=[with_money.public_id])))
    assert "Settle up tonight" in page

    page = html(client.get(reverse("games:settlement"), {"date": "2026-11-21"}))
    assert f'?game={FAKE_MONEY}"' in page


# -- each game's hooks --------------------------------------------------------------------------


def _setup(game: str, players: int, **options: object) -> TableSetup:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return GAMES[game].setup(names, options)


def test_every_game_the_registry_lists_has_a_hand_entry_and_a_demo() -> None:
    assert offered_games() == list(GAMES)
    assert list(demo_games()) == list(GAMES)


def test_chart_hints_name_the_total_each_game_turns_on() -> None:
    assert hand_entry_for("scopa").chart_hints(_setup("scopa", 2)) == ChartHints(
        11, "Playing to 11"
    )
    assert hand_entry_for("scopone").chart_hints(_setup("scopone", 4, scientifico=True)) == (
        ChartHints(21, "Playing to 21")
    )
    ciapano = _setup("ciapano", 3)
    limit = ciapano.option_int("elimination_at")
    assert hand_entry_for("ciapano").chart_hints(ciapano) == ChartHints(limit, f"Out at {limit}")
    swoops = _setup("swoops", 3)
    limit = swoops.option_int("limit")
    assert hand_entry_for("swoops").chart_hints(swoops) == ChartHints(limit, f"Limit {limit}")
    # With a fixed number of rounds the limit no longer ends the game.
    assert hand_entry_for("swoops").chart_hints(_setup("swoops", 3, rounds=5)) == ChartHints()
    # Schafkopf has no end total; played for money, the scoreboard shows money.
    assert hand_entry_for("schafkopf").chart_hints(_setup("schafkopf", 4)) == ChartHints()
    assert hand_entry_for("schafkopf").chart_hints(
        _setup("schafkopf", 4, cents_per_point=10)
    ) == ChartHints(money_on_scoreboard=True)


def test_each_game_names_its_own_standings_measures() -> None:
    def keys(game: str | None) -> list[str]:
        return [column.key for column in columns_for(game)][4:]

    assert keys("scopa") == keys("scopone") == keys("pirate-scopa")
    assert keys("scopa") == ["points_per_game", "points_difference"]
    assert keys("schafkopf") == ["balance", "balance_per_hand", "money"]
    assert keys("ciapano") == ["eliminations", "average_place"]
    assert keys("swoops") == ["average_total"]
    # All games together, or a game the pages do not offer: the average place.
    assert keys(None) == keys("no-such-game") == ["average_place"]
    assert [column.key for column in columns_on_screen("schafkopf")] == [
        "balance",
        "money",
        "rating",
        "played",
        "wins",
        "win_rate",
        "balance_per_hand",
    ]
    for game in GAMES:
        entry = hand_entry_for(game)
        assert set(entry.standings_measures) <= set(COLUMNS), game
        # A phone shows the same columns as a file, in its own order.
        assert sorted(column.key for column in columns_on_screen(game)) == sorted(
            column.key for column in columns_for(game)
        ), game


def test_the_scopa_family_explains_its_primiera_and_seats_partners_opposite() -> None:
    for key, game in GAMES.items():
        entry = hand_entry_for(key)
        assert bool(entry.why_url_name) == isinstance(game, ScopaFamily), key
    assert (
        hand_entry_for("scopa")
        .seating_help(GAMES["scopa"])
        .startswith("With four at a Scopa or Scopone table, partners sit opposite")
    )
    assert hand_entry_for("scopone").seating_help(GAMES["scopone"])
    # Pirate Scopa is played each for themselves; the other games say nothing.
    for key in ("pirate-scopa", "ciapano", "swoops", "schafkopf"):
        assert hand_entry_for(key).seating_help(GAMES[key]) == "", key


def test_only_games_with_a_value_per_point_play_for_money() -> None:
    assert [key for key, game in GAMES.items() if game.plays_for_money] == ["schafkopf"]


def test_the_bench_table_stays_open_and_its_forms_are_valid() -> None:
    game, bench = bench_game()
    assert game == "scopa"
    rules = GAMES[game]
    setup = rules.setup(list(bench.players), dict(bench.options))
    score = rules.score_round(bench.entry, setup)
    assert not rules.game_state([score] * 500, setup).finished
    entry = hand_entry_for(game)
    saved = entry.form(setup, rules, data=dict(bench.save), earlier=[score] * 10)
    assert saved.is_valid(), saved.errors
    assert saved.entry() == bench.entry
    preview = entry.form(setup, rules, data=dict(bench.preview))
    assert not preview.is_valid()  # half entered: a preview, not a hand


# -- the demo ------------------------------------------------------------------------------------

# What the demo made for 21 tables, seed 3 (and 8 tables of 4 hands, seed 11) when every game's
# demo generator still lived in games/demo.py: moving them next to their hand entries changed
# nothing. A deliberate change to the demo changes these.
DEMO_DIGEST = "d33ec441a5542ded143d15431e9a2cd04bd4c586a042fb2868b80b11a611f1c5"
FIXED_DEMO_DIGEST = "b0b07469900f72d69a46fdf093fcfa04277fe7438b9493db126c4e5d0d561482"


def _demo_digest(league: League) -> str:
    tables = []
    for table in league.tables.order_by("created_at", "pk").prefetch_related(
        "rounds", "seats__player"
    ):
        tables.append(
            {
                "game": table.game,
                "options": table.options,
                "players": [
                    seat.player.name for seat in sorted(table.seats.all(), key=lambda s: s.position)
                ],
                "first_dealer": table.first_dealer,
                "started": table.created_at.isoformat(),
                "finished": table.finished_at.isoformat() if table.finished_at else None,
                "winners": table.winners,
                "hands": [
                    (round_.number, round_.dealer, round_.entry)
                    for round_ in sorted(table.rounds.all(), key=lambda r: r.number)
                ],
            }
        )
    text = json.dumps(tables, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


# The games the demo played when its digests were taken, in the registry's order.
DEMO_GAMES_BEFORE = ("scopa", "scopone", "pirate-scopa", "ciapano", "swoops", "schafkopf")


@pytest.mark.django_db
def test_the_demo_makes_what_it_made_before_its_games_moved(registry: None) -> None:
    # The games of before: a new game package's game (games/plugins/) joins the demo on its own;
    # Swoops, moved into a package, plays as it did, in its old place.
    for key in [key for key in GAMES if key not in DEMO_GAMES_BEFORE]:
        del GAMES[key], HAND_ENTRIES[key]
    assert list(GAMES) == list(DEMO_GAMES_BEFORE)
    natural = demo_league_create(club=home_club(), tables=21, seed=3, today=TODAY)
    fixed = demo_league_create(club=home_club(), tables=8, hands=4, seed=11, today=TODAY)
    assert (_demo_digest(natural), _demo_digest(fixed)) == (DEMO_DIGEST, FIXED_DEMO_DIGEST)


def test_a_game_package_takes_the_place_its_engine_names_or_comes_last() -> None:
    built_in = (Scopa(), Schafkopf())
    # Swoops' engine names Ciapanò; without Ciapanò among the games, that is an error.
    with pytest.raises(ValueError, match="OFFERED_AFTER"):
        offer_order(built_in, ("games.plugins.swoops",))
    order = offer_order((Scopa(), Ciapano(), Schafkopf()), ("games.plugins.swoops",))
    assert [game.key for game in order] == ["scopa", "ciapano", "swoops", "schafkopf"]
    # Ciapanò's engine names Pirate Scopa, Swoops' Ciapanò, Schafkopf's Swoops: one package may
    # follow another's game, in either order in the tuple.
    built_in = (Scopa(), PirateScopa())
    packages = (
        "games.plugins.schafkopf",
        "games.plugins.swoops",
        "games.plugins.briscola",
        "games.plugins.ciapano",
    )
    for order in (offer_order(built_in, GAME_PACKAGES[1:]), offer_order(built_in, packages)):
        assert [game.key for game in order] == [
            "scopa",
            "pirate-scopa",
            "ciapano",
            "swoops",
            "schafkopf",
            "briscola",
        ]
    # The registry has no games of its own: the Scopa family's package comes first (a new
    # table starts on Scopa), and the others find their places after its games.
    assert GAME_PACKAGES[0] == "games.plugins.scopa"
    assert offer_order() == tuple(GAMES.values())
    assert list(GAMES) == [
        "scopa",
        "scopone",
        "pirate-scopa",
        "ciapano",
        "swoops",
        "schafkopf",
        "briscola",
    ]


# -- no generic code names a game ---------------------------------------------------------------

# The games' own modules: every game lives in a game package (its rules, hand entry, demo,
# templates, rules pages and, for the Scopa family, the referees). The scoring engine, the hand
# entry's base, the views and every project template are generic.
OWN = ("games/migrations/", "games/plugins/")
OWN_TEMPLATES: tuple[str, ...] = ()


def _quoted_keys() -> re.Pattern[str]:
    keys = "|".join(re.escape(key) for key in sorted(GAMES, key=len, reverse=True))
    # A key in quotes: compared, looked up or passed. A test through a variable needs one.
    return re.compile(rf"""["'](?:{keys})["']|SCOPA_FAMILY|ScopaFamily""")


def _offenders(paths: list[Path]) -> list[str]:
    pattern = _quoted_keys()
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if pattern.search(line)
    ]


def test_no_generic_module_names_a_game() -> None:
    paths = [
        path
        for path in sorted((ROOT / "games").rglob("*.py"))
        if not str(path.relative_to(ROOT)).startswith(OWN)
    ]
    assert paths
    assert _offenders(paths) == []


def test_no_generic_template_names_a_game() -> None:
    paths = [
        path
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if not str(path.relative_to(ROOT)).startswith(OWN_TEMPLATES)
    ]
    assert paths
    assert _offenders(paths) == []


def test_no_generic_module_imports_a_game_package() -> None:
    # The generic code finds the packages by name from GAME_PACKAGES (importlib), never by an
    # import: the Scopa family's referees and "Why?" come from its urls.py, TOOLS and hooks.
    pattern = re.compile(r"^\s*(?:from|import)\s+games\.plugins\b")
    paths = [
        path
        for path in [
            *sorted((ROOT / "games").rglob("*.py")),
            *sorted((ROOT / "scorekeeper").rglob("*.py")),
        ]
        if not str(path.relative_to(ROOT)).startswith(OWN)
    ]
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if pattern.search(line)
    ]
    assert offenders == []


# -- a game package's own pages: urls.py and TOOLS ------------------------------------------------


def test_the_game_packages_tools_are_collected_in_order_and_optional() -> None:
    assert [(str(tool.label), tool.url_name, str(tool.nav_label)) for tool in TOOLS] == [
        ("Who wins the primiera?", "scopa:referee_primiera", "Referee"),
        ("What may this card take?", "scopa:referee_capture", ""),
    ]
    # A package without TOOLS offers none; the URLs of those that do are their own urls.py's.
    assert package_tools(("games.plugins.swoops", "games.plugins.briscola")) == ()
    assert [resolver.namespace for resolver in game_package_urls()] == ["scopa"]
    assert reverse("scopa:referee_primiera") == "/referee/primiera/"
    assert reverse("scopa:referee_capture") == "/referee/captures/"


@pytest.mark.django_db
def test_the_header_home_and_rules_index_link_to_the_tools_they_are_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = signed_in_client()
    home = html(client.get(reverse("games:home")))
    rules = html(client.get(reverse("games:rules_index")))
    for tool in TOOLS:
        assert f'href="{reverse(tool.url_name)}">{tool.label}</a>' in home
        assert f'href="{reverse(tool.url_name)}">{tool.label}</a>' in rules
    # The header links to the tools with a header label.
    assert f'<a href="{reverse("scopa:referee_primiera")}">Referee</a>' in home

    # Without tools, no page links to a referee, and the rules index drops its heading.
    monkeypatch.setattr("games.context_processors.TOOLS", ())
    for url in (reverse("games:home"), reverse("games:rules_index")):
        page = html(client.get(url))
        assert "/referee/" not in page, url
    assert "Settle a dispute" not in html(client.get(reverse("games:rules_index")))
