"""A table started with no signal gets the hand form of its own options and deal (issue 33,
item 4): the phone makes its page from the game's blank page, which has every part of the form
an option adds, each marked with the options it needs, and at a Schafkopf table of five each
seat's parts; static/js/offline-tables.js keeps those that hold. Here the phone's keeping is
read as that script does it, and the form it leaves must have exactly the controls of the
server's own page for a table of those options and that dealer."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.hands import HAND_ENTRIES
from games.hands.base import OFFLINE_ATTRS
from games.scoring import GAMES, EntryError
from games.scoring.options import OptionSpec
from games.tables import services as table_services
from games.tables.offline_views import blank_names
from tests.clubs import home_club, home_owner
from tests.pages import table_url

# What the pages show does not depend on the database: checked once.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass]

# What no two fresh forms share, and the digest of what the server's offers (a save whose
# signature is not the next form's answers with the whole next form, as after any change).
FRESH = frozenset({"hand_token", "csrfmiddlewaretoken", "form_signature"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})
CONTROLS = frozenset({"input", "select", "textarea", "option", "button"})
TERM = re.compile(r"^(!?)([\w-]+)(?:(!?=)(.*))?$")


def holds(condition: str, options: Mapping[str, object]) -> bool:
    """offline-tables.js ``holds``: every term, by one of its alternatives."""

    def one(alternative: str) -> bool:
        found = TERM.match(alternative)
        if not found:
            return False
        negated, name, operator, value = found.groups()
        given_value = options.get(name)
        shown = "" if given_value is None else str(given_value)
        if isinstance(given_value, bool):
            shown = str(given_value).lower()
        on = (
            shown == value
            if operator == "="
            else shown != value
            if operator == "!="
            else bool(given_value)
        )
        return on != bool(negated)

    return all(any(map(one, term.split("|"))) for term in condition.split())


class FormControls(HTMLParser):
    """The hand form's controls as a phone shows them: with ``options`` given (the blank page,
    or a page after hands kept with no signal), only the parts whose options hold, as
    offline-tables.js keeps them, and not the dealing seat's, as schafkopf.js deals; none
    inside a hidden part."""

    def __init__(self, options: Mapping[str, object] | None = None, dealer: int = 0) -> None:
        super().__init__()
        self.options, self.dealer = options, dealer
        self.stack: list[tuple[str, bool, bool]] = []  # tag, left out, in the hand form
        self.select = ""
        self.found: list[tuple[object, ...]] = []

    def left_out(self, attr: Mapping[str, str | None]) -> bool:
        if self.options is not None:
            if "data-offline-sitter" in attr:
                return attr["data-offline-sitter"] != str(self.dealer)
            condition = attr.get("data-offline-if")
            if condition is not None and not holds(condition, self.options):
                return True
            if "data-offline-seat" in attr:
                # Hidden or shown by who deals (schafkopf.js), whatever the page came with.
                return attr["data-offline-seat"] == str(self.dealer)
        return "hidden" in attr

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        above_out, above_form = self.stack[-1][1:] if self.stack else (False, False)
        out = above_out or self.left_out(attr)
        in_form = above_form or attr.get("id") == "hand-form"
        if tag == "select":
            self.select = attr.get("name") or ""
        if in_form and not out and tag in CONTROLS:
            self.found.append(self.control(tag, attr))
        if tag not in VOID:
            self.stack.append((tag, out, in_form))

    def control(self, tag: str, attr: Mapping[str, str | None]) -> tuple[object, ...]:
        if self.options is not None and OFFLINE_ATTRS in attr:
            attr = dict(attr)
            for condition, changes in json.loads(attr.pop(OFFLINE_ATTRS) or "{}").items():
                if holds(condition, self.options):
                    attr.update(changes)
            attr = {key: value for key, value in attr.items() if value is not None}
        name = (self.select if tag == "option" else attr.get("name")) or ""
        value = attr.get("value") or ""
        if name == "sits_out" and self.options is not None:
            value = str(self.dealer)  # as the phone writes it
        return (
            tag,
            attr.get("type"),
            name,
            "" if name in FRESH else value,
            "checked" in attr or "selected" in attr,
            "disabled" in attr,
            attr.get("min"),
            attr.get("max"),
            attr.get("inputmode"),
        )

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return


def controls(
    page: str, options: Mapping[str, object] | None = None, dealer: int = 0
) -> Counter[tuple[object, ...]]:
    parser = FormControls(options, dealer)
    parser.feed(page)
    return Counter(parser.found)


def differences(phone: Counter[tuple[object, ...]], server: Counter[tuple[object, ...]]) -> str:
    return f"only the phone's: {sorted(phone - server, key=repr)}; only the server's: " + str(
        sorted(server - phone, key=repr)
    )


@functools.cache
def blank_page(game: str, players: int, query: str = "") -> str:
    # Nothing of it is stored (offline_views.table_blank): one page serves every example.
    url = reverse("games:table_blank", args=[game, players])
    return Client().get(f"{url}?{query}" if query else url).content.decode()


def phones_blank(game: str, players: int, chosen: Mapping[str, object]) -> str:
    """The blank the phone makes the table's page from (offline-tables.js ``blankPage``): the
    one of the sides and the cards' faces the options make, by the options the first blank
    names."""
    defaults = {spec.name: spec.default for spec in GAMES[game].option_specs}
    found = re.search(
        r'<script id="offline-side-options" type="application/json">(.*?)</script>',
        blank_page(game, players),
    )
    assert found
    query = "&".join(
        f"{name}={str(chosen[name]).lower()}"
        for name in json.loads(found[1])
        if name in chosen and chosen[name] != defaults[name]
    )
    return blank_page(game, players, query)


# Each card of the tap grid as drawn: its face, its name, its suit's row.
CARD_FACES = re.compile(
    r'<div class="suit-row[^"]*" role="group" aria-label="[^"]*">'
    r'|<span class="card-face".*?</(?:span|svg)></span>'
    r'|<legend class="visually-hidden">[^<]*</legend>'
)


def card_faces(page: str) -> list[str]:
    return CARD_FACES.findall(page)


def server_page(game: str, players: int, options: Mapping[str, object], dealer: int) -> str:
    table = table_services.table_create(
        club=home_club(),
        game=game,
        players=blank_names(players),
        options=options,
        first_dealer=dealer,
    )
    phone = Client()
    phone.force_login(home_owner())
    return phone.get(table_url(table)).content.decode()


def phone_options(game: str, chosen: Mapping[str, object]) -> dict[str, object]:
    """What the phone's table holds: the defaults the blank gives, and what it chose."""
    return {**{spec.name: spec.default for spec in GAMES[game].option_specs}, **chosen}


def choices(spec: OptionSpec) -> list[object]:
    if spec.kind == "bool":
        return [False, True]
    return [choice.value for choice in spec.choices]


def form_options(game: str) -> list[OptionSpec]:
    """The options that may change a hand form: those chosen from a few values."""
    return [spec for spec in GAMES[game].option_specs if spec.kind in ("bool", "choice")]


def seatings() -> Iterator[tuple[str, int]]:
    """Each game at its fewest players, and where an option changes the sides, a Schafkopf
    table of five, whose dealer sits out (the property below draws the rest)."""
    for key, game in GAMES.items():
        if key in HAND_ENTRIES:
            yield key, game.player_counts[0]
    yield from (("schafkopf", 5), ("scopa", 4), ("custom", 4))


def playable(game: str, players: int, chosen: Mapping[str, object]) -> bool:
    """Whether the table can be started (two teams need four players)."""
    try:
        GAMES[game].setup(blank_names(players), chosen)
    except EntryError:
        return False
    return True


def assert_same_form(game: str, players: int, chosen: dict[str, object], dealer: int) -> None:
    phone = controls(phones_blank(game, players, chosen), phone_options(game, chosen), dealer)
    server = controls(server_page(game, players, chosen, dealer))
    assert phone == server, (game, players, chosen, dealer, differences(phone, server))


@pytest.mark.parametrize(("game", "players"), list(seatings()))
def test_each_option_alone_gives_the_phone_the_servers_hand_form(game: str, players: int) -> None:
    widest = {
        name: value
        for name, value in HAND_ENTRIES[game].blank_options.items()
        if any(spec.name == name for spec in GAMES[game].option_specs)
    }
    tried = [{}, widest] + [
        {spec.name: value}
        for spec in form_options(game)
        for value in choices(spec)
        if value != spec.default
    ]
    for chosen in filter(functools.partial(playable, game, players), tried):
        blank, page = phones_blank(game, players, chosen), server_page(game, players, chosen, 0)
        phone, server = controls(blank, phone_options(game, chosen)), controls(page)
        assert phone == server, (chosen, differences(phone, server))
        # The cards in the table's deck (a French pack's "K♦", not the default's "R").
        assert card_faces(blank) == card_faces(page), chosen


# Each example makes and renders a table page, a tenth of a second.
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_any_options_and_dealer_give_the_phone_the_servers_hand_form(data: st.DataObject) -> None:
    game, players = data.draw(
        st.sampled_from([("schafkopf", 5), ("scopone", 4), ("scopa", 4), ("scopa", 3)])
    )
    chosen = {
        spec.name: data.draw(st.sampled_from(choices(spec)), label=spec.name)
        for spec in form_options(game)
    }
    assume(playable(game, players, chosen))
    assert_same_form(game, players, chosen, data.draw(st.integers(0, players - 1)))


def test_a_table_of_the_blanks_own_options_gets_nothing_of_the_blank() -> None:
    """The blank's form is its own (``made_blank``): neither its signature nor its markup,
    remembered per process for fresh forms, is given to a table of the options it is rendered
    with, which has no "Everybody passed" beside its Ramsch and no mark for the phone."""
    widest = dict(HAND_ENTRIES["schafkopf"].blank_options)
    Client().get(reverse("games:table_blank", args=["schafkopf", 4]))

    page = server_page("schafkopf", 4, widest, 0)

    assert "data-offline-" not in page
    assert 'value="ramsch"' in page
    assert 'value="passed"' not in page


def test_at_a_table_of_five_made_online_a_hand_kept_offline_deals_the_next_seat() -> None:
    """A Schafkopf table of five made on the server, its page kept: after each hand kept with no
    signal the phone deals the next seat on that page (schafkopf.js), and its form is the one
    the server gives for the hand that seat deals: the four who play, not the page's four."""
    widest = dict(HAND_ENTRIES["schafkopf"].blank_options)
    options = {"ramsch": True, "ramsch_tie": "tricks-trump", **widest}
    assert playable("schafkopf", 5, options)
    kept_page = server_page("schafkopf", 5, options, 3)
    for kept in range(1, 5):
        dealer = (3 + kept) % 5
        phone = controls(kept_page, phone_options("schafkopf", options), dealer)
        server = controls(server_page("schafkopf", 5, options, dealer))
        assert phone == server, (kept, differences(phone, server))
