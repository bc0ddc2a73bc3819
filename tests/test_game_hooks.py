"""Generic code never tests a game key; the registry finds the games (issue 16, item 1).

Each game-specific decision asks the game's own objects: its hand entry (``HandEntry``:
chart hints, standings measures, "Why?", seating help, its demo) or its rules (``Game``:
whether it plays for money). A game the generic code has never heard of, registered only in
``GAMES`` and ``HAND_ENTRIES``, shows on every page with what its own objects say.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import re
import sys
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
from games.plugins.schafkopf.engine import Schafkopf
from games.plugins.schafkopf.entry import SchafkopfHandEntry
from games.plugins.swoops.demo import SWOOPS_DEMO
from games.plugins.swoops.engine import Swoops
from games.plugins.swoops.entry import SwoopsHandEntry
from games.scoring import GAMES, Game, TableSetup
from games.scoring.registry import GAME_PACKAGES, offer_order, package_games
from scorekeeper.urls import game_package_urls
from tests.clubs import home_club
from tests.kits import sample_setup
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


def test_every_game_the_registry_lists_has_a_hand_entry_and_the_demo_plays_those_with_one() -> None:
    assert offered_games() == list(GAMES)
    # A game without a demo (HandEntry.demo gives None) is left out of the demo club.
    assert list(demo_games()) == [key for key in GAMES if hand_entry_for(key).demo(key)]


def test_chart_hints_name_the_total_each_game_turns_on() -> None:
    # Each package's tests pin its own line (games/plugins/<game>/tests/test_hooks.py).
    for game in GAMES:
        hints = hand_entry_for(game).chart_hints(sample_setup(game))
        assert isinstance(hints, ChartHints), game
        # A marked total is labelled, and there is no label without one.
        assert (hints.threshold is None) == (hints.threshold_label == ""), game


def test_each_game_names_its_own_standings_measures() -> None:
    def keys(game: str | None) -> list[str]:
        return [column.key for column in columns_for(game)][4:]

    # Each package's tests pin its own measures (games/plugins/<game>/tests/test_hooks.py).
    # All games together, or a game the pages do not offer: the average place.
    assert keys(None) == keys("no-such-game") == ["average_place"]
    for game in GAMES:
        entry = hand_entry_for(game)
        assert set(entry.standings_measures) <= set(COLUMNS), game
        # A phone shows the same columns as a file, in its own order.
        assert sorted(column.key for column in columns_on_screen(game)) == sorted(
            column.key for column in columns_for(game)
        ), game


def test_a_games_why_is_a_page_of_one_hand_of_one_table() -> None:
    # The Scopa family's primiera referee is its own (games/plugins/scopa/tests/test_hooks.py).
    for game in GAMES:
        entry = hand_entry_for(game)
        assert isinstance(entry.seating_help(GAMES[game]), str), game
        if entry.why_url_name:
            url = reverse(entry.why_url_name, kwargs={"table": "a" * 16, "hand": "b" * 16})
            assert url.startswith("/"), game


def test_the_bench_table_stays_open_and_its_forms_are_valid() -> None:
    game, bench = bench_game()
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


def _engine_packages(folder: Path, engines: dict[str, tuple[str, str | None]]) -> None:
    """Game packages in ``folder``, each the engine of one made-up game (its key, and the key
    its ``OFFERED_AFTER`` names, if any), for the registry to order."""
    for package, (key, after) in engines.items():
        (folder / package).mkdir()
        (folder / package / "__init__.py").write_text("", encoding="utf-8")
        (folder / package / "engine.py").write_text(
            "from tests.made_up_game.engine import MadeUpRace\n\n\n"
            f"class Game(MadeUpRace):\n    key = {key!r}\n\n\nGAMES = (Game(),)\n"
            + (f"OFFERED_AFTER = {after!r}\n" if after else ""),
            encoding="utf-8",
        )


@pytest.fixture
def engine_packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    names = {
        "offered_alpha": ("alpha", None),
        "offered_after_alpha": ("beta", "alpha"),
        "offered_after_beta": ("gamma", "beta"),
        "offered_after_nothing_here": ("delta", "no-such-game"),
    }
    _engine_packages(tmp_path, names)
    monkeypatch.syspath_prepend(tmp_path)
    yield
    for name in [name for name in sys.modules if name.partition(".")[0] in names]:
        del sys.modules[name]


@pytest.mark.usefixtures("engine_packages")
def test_a_game_package_takes_the_place_its_engine_names_or_comes_last() -> None:
    def keys(packages: tuple[str, ...]) -> list[str]:
        return [game.key for game in offer_order((), packages)]

    # Without OFFERED_AFTER, in the tuple's order; with it, right after the game it names,
    # which may be another package's, in either order in the tuple.
    assert keys(("offered_alpha",)) == ["alpha"]
    for packages in (
        ("offered_alpha", "offered_after_alpha", "offered_after_beta"),
        ("offered_after_beta", "offered_after_alpha", "offered_alpha"),
    ):
        assert keys(packages) == ["alpha", "beta", "gamma"]
    # A game named that is nowhere before it is an error.
    with pytest.raises(ValueError, match="OFFERED_AFTER"):
        offer_order((), ("offered_alpha", "offered_after_nothing_here"))


def test_the_registry_offers_its_packages_games_in_that_order() -> None:
    # Each package's tests pin where its games stand (its engine's OFFERED_AFTER).
    assert offer_order() == tuple(GAMES.values())
    assert next(iter(GAMES)) == package_games(GAME_PACKAGES[:1])[0].key
    keys = list(GAMES)
    for package in GAME_PACKAGES:
        after = getattr(importlib.import_module(f"{package}.engine"), "OFFERED_AFTER", None)
        first = package_games((package,))[0].key
        assert after is None or keys.index(after) < keys.index(first), package


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
    # A domain's tests (games/<domain>/tests/) play real games as their examples, as tests/ do.
    paths = [
        path
        for path in sorted((ROOT / "games").rglob("*.py"))
        if not str(path.relative_to(ROOT)).startswith(OWN)
        and "tests" not in path.relative_to(ROOT).parts
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
    # The Scopa family's referees are its own (games/plugins/scopa/tests/test_hooks.py).
    assert package_tools() == TOOLS
    assert tuple(tool for package in GAME_PACKAGES for tool in package_tools((package,))) == TOOLS
    for tool in TOOLS:
        assert reverse(tool.url_name).startswith("/")
    # A package without TOOLS offers none; one without urls.py has no pages of its own.
    assert package_tools(("tests.made_up_game",)) == ()
    assert game_package_urls(("tests.made_up_game",)) == []
    assert [resolver.namespace for resolver in game_package_urls()] == [
        package.rpartition(".")[2]
        for package in GAME_PACKAGES
        if importlib.util.find_spec(f"{package}.urls")
    ]


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
    for tool in TOOLS:
        if tool.nav_label:
            assert f'<a href="{reverse(tool.url_name)}">{tool.nav_label}</a>' in home

    # Without tools, no page links to a referee, and the rules index drops its heading.
    monkeypatch.setattr("games.context_processors.TOOLS", ())
    for url in (reverse("games:home"), reverse("games:rules_index")):
        page = html(client.get(url))
        for tool in TOOLS:
            assert reverse(tool.url_name) not in page, url
    assert "Settle a dispute" not in html(client.get(reverse("games:rules_index")))
