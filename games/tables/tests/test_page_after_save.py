"""The table page after a write to its hands: its stored part, kept under a key that leaves out
what a save moves (``tables/page.layout_key``), given with what the save moved rendered into it
(``{% each_time %}``), is the page rendered with nothing stored, byte for byte, for each game,
reader and language; and each part of the key keeps a part stored before a change from being
given after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games.models import Player, Role, Round, Table, new_public_id
from games.tables import services as table_services
from games.tables.tests.test_stored_parts import page, rendered_anew, signed_in, table_url
from games.templatetags import stored_parts
from games.tournaments.tests.helpers import drawn, live_table, schafkopf_night
from tests.factories import captures_entry, points_entry

pytestmark = pytest.mark.django_db

Write = Callable[[Table], object]


def _hand(table: Table, number: int) -> Round:
    return table.rounds.get(number=number)


def _points(table: Table, number: int | None = None) -> dict[str, object]:
    """A hand each game here takes as points (hand ``number``, or the next one): the first
    seat in it wins."""
    names = [seat.player.name for seat in table.seats.order_by("position")]
    if table.game == "schafkopf" and len(names) == 5:
        # The dealer sits out (the first seat deals the first hand).
        dealer = (number or table.rounds.count() + 1) - 1
        names = [name for seat, name in enumerate(names) if seat != dealer % 5]
    by_game: dict[str, list[int]] = {
        "schafkopf": [3, -1, -1, -1],
        "briscola": [60, 60],  # drawn deals: the match goes on
        "ciapano": [3, 3, 5],
    }
    points = by_game.get(table.game, [3, 1])
    return points_entry(**dict(zip(names, points, strict=False)))


def saved(table: Table) -> object:
    return table_services.round_record(table, _points(table))


def tapped(table: Table) -> object:
    """A Scopa hand entered by its cards: the next hand's form starts on the cards again."""
    return table_services.round_record(table, captures_entry("Ann", "Bob"))


def edited(table: Table) -> object:
    return table_services.round_update(_hand(table, 1), _points(table, 1))


def deleted(table: Table) -> object:
    return table_services.round_delete(_hand(table, 2))


def undone(table: Table) -> object:
    """The last hand deleted from its "recorded, undo" notice."""
    return table_services.round_delete(table.rounds.order_by("-number")[0])


def restored(table: Table) -> object:
    gone = table.rounds.get(number=1)
    hand_id = gone.public_id
    table_services.round_delete(gone)
    return table_services.round_restore(Table.objects.get(pk=table.pk), hand_id)


def player_changed(table: Table) -> object:
    """A seated player's row changed: no service renames a player (a hand's sides are their
    names), so here the address of their page, which the page links to."""
    seat = table.seats.order_by("position")[1]
    return Player.objects.filter(pk=seat.player_id).update(public_id=new_public_id())


@dataclass(frozen=True)
class Reader:
    what: str
    language: str

    def open(self, table: Table) -> tuple[Client, str]:
        if self.what == "watch link":
            table = table_services.watch_link_set(table, on=True)
            return Client(), reverse("games:table_watch", kwargs={"token": table.watch_token})
        return signed_in(Role(self.what)), table_url(table)


def new_table(game: str, players: int) -> Table:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    options: dict[str, object] = {"scopa": {"target": 99}, "briscola": {"best_of": "5"}}.get(
        game, {}
    )
    table = table_services.table_create(club=home(), game=game, players=names, options=options)
    for _hand in range(3):
        saved(Table.objects.get(pk=table.pk))
    return Table.objects.get(pk=table.pk)


def home() -> object:
    from tests.clubs import home_club

    return home_club()


WRITES: list[tuple[str, Write]] = [
    ("save", saved),
    ("another save", saved),
    ("edit", edited),
    ("delete", deleted),
    ("save after a delete", saved),
    ("undo", undone),
    ("restore", restored),
    ("player changed", player_changed),
]

CASES = [
    ("scopa", 3, Reader("owner", "en")),
    ("scopa", 2, Reader("viewer", "ja")),
    ("scopa", 3, Reader("watch link", "de")),
    ("schafkopf", 5, Reader("scorer", "de")),
    ("schafkopf", 4, Reader("owner", "ja")),
    ("briscola", 2, Reader("scorer", "en")),
    ("swoops", 3, Reader("owner", "de")),  # its form looks at the earlier hands
    ("ciapano", 3, Reader("viewer", "en")),
]


def _walk(client: Client, url: str, language: str, table: Table, writes: list[Write]) -> None:
    """Each write between a page that stores its parts and the page after it, which must be
    the page rendered with nothing stored."""
    stored_parts.STORED.clear()
    for write in writes:
        before = page(client, url, language)
        assert page(client, url, language) == before  # the whole page, stored
        write(Table.objects.get(pk=table.pk))
        after = page(client, url, language)
        assert page(client, url, language) == after
        assert after == rendered_anew(client, url, language)


@pytest.mark.parametrize(
    ("game", "players", "reader"),
    CASES,
    ids=[f"{g}-{n}-{r.what}-{r.language}" for g, n, r in CASES],
)
def test_the_page_after_each_write_is_the_page_rendered_anew(
    game: str, players: int, reader: Reader
) -> None:
    table = new_table(game, players)
    client, url = reader.open(table)
    writes = [write for _what, write in WRITES]
    if (game, players) == ("schafkopf", 5):
        # A hand deleted before the last moves the later ones' dealers, who would have played.
        writes = [saved, saved, edited, undone, saved, player_changed]
    if game == "scopa":
        writes[1:1] = [tapped, saved]  # the form starts on the cards, then on the points again
    _walk(client, url, reader.language, table, writes)


def test_the_page_after_each_write_at_a_table_link_is_the_page_rendered_anew() -> None:
    tournament = schafkopf_night(entrants=8, games_per_round=3)
    one = drawn(tournament).tables.order_by("number")[0]
    phone = Client()
    opened = phone.get(reverse("games:tournament_table_link", kwargs={"token": one.link_token}))
    table = live_table(one)
    for _hand in range(3):
        saved(Table.objects.get(pk=table.pk))
    _walk(phone, opened["Location"], "de", table, [saved, edited, deleted, undone])
    assert "Delete this table" not in page(phone, opened["Location"])


def test_a_save_leaves_the_stored_part_stored_and_only_what_it_moved_rendered_again() -> None:
    table = new_table("scopa", 3)
    client = signed_in(Role.SCORER)
    url = table_url(table)
    stored_parts.STORED.clear()
    page(client, url)
    assert len(stored_parts.STORED) == 1
    for _save in range(3):
        saved(Table.objects.get(pk=table.pk))
        after = page(client, url)
        # The part a save leaves is given again: nothing new stored, the page as if anew.
        assert len(stored_parts.STORED) == 1
        assert after == rendered_anew(client, url)
        page(client, url)  # stored again, as before the save


def test_the_first_hand_and_the_game_over_each_store_the_part_anew() -> None:
    table = table_services.table_create(
        club=home(), game="scopa", players=["Ann", "Bob"], options={"target": 11}
    )
    client = signed_in(Role.OWNER)
    url = table_url(table)
    stored_parts.STORED.clear()
    _walk(
        client,
        url,
        "en",
        table,
        [saved, lambda t: table_services.round_record(t, points_entry(Ann=11))],
    )
    assert "Game over." in page(client, url)


def test_a_form_that_looks_at_the_earlier_hands_is_not_given_from_before_a_save() -> None:
    # Ciapanò's form leaves out a player who is out: the save that puts Cy out changes it.
    table = table_services.table_create(
        club=home(), game="ciapano", players=["Ann", "Bob", "Cy"], options={"elimination_at": 12}
    )
    table_services.round_record(table, points_entry(Ann=0, Bob=0, Cy=11))
    client = signed_in(Role.SCORER)
    put_out = lambda t: table_services.round_record(t, points_entry(Ann=5, Bob=5, Cy=1))  # noqa: E731
    _walk(client, table_url(table), "en", table, [put_out])


@pytest.mark.parametrize("name", ["StoredPartEachTime0Placeholder", "<!--each time 0-->"])
def test_a_name_that_spells_a_placeholder_is_shown_as_typed(name: str) -> None:
    """Where a stored part's {% each_time %} blocks go can never be spelled by what a player
    types: the page is given, with the name as typed, before and after a save."""
    table = table_services.table_create(club=home(), game="scopa", players=[name, "Bob"])
    client = signed_in(Role.SCORER)
    url = table_url(table)
    first = page(client, url)
    table_services.round_record(table, points_entry(**{name: 3, "Bob": 1}))
    after = page(client, url)
    assert after == rendered_anew(client, url)
    for shown in (first, after):
        assert escape(name) in shown


def test_a_hand_s_line_in_the_history_is_remembered_only_for_what_it_is_made_of() -> None:
    """Each hand's line in the history is made once per process (``history.HISTORY_LINES``): by
    the hand's points and breakdown, the table's setup and the language; a hand edited to
    other cards or points, the same hand in another language, or at another table of other
    players is shown as made anew."""
    table = new_table("scopa", 2)
    table_services.round_update(_hand(table, 1), captures_entry("Ann", "Bob"))
    client, url = Reader("owner", "en").open(Table.objects.get(pk=table.pk))
    english = page(client, url, "en")
    assert "Settebello" in english or "settebello" in english
    german = page(client, url, "de")
    assert german == rendered_anew(client, url, "de")
    assert page(client, url, "en") == english
    # Another hand's cards for hand 1, then its points changed, with everything still stored.
    for entry in (captures_entry("Bob", "Ann"), points_entry(Ann=0, Bob=11)):
        table_services.round_update(_hand(Table.objects.get(pk=table.pk), 1), entry)
        after = page(client, url, "en")
        assert after != english
        assert after == rendered_anew(client, url, "en")
        english = after
    assert "<strong>11</strong>" in english
    # The same hands at a table of the same players that plays for money: its lines in money.
    points = new_table("schafkopf", 4)
    money = table_services.table_create(
        club=home(),
        game="schafkopf",
        players=[seat.player.name for seat in points.seats.order_by("position")],
        options={"cents_per_point": 10},
    )
    for hand in points.rounds.order_by("number"):
        table_services.round_record(Table.objects.get(pk=money.pk), hand.entry)
    for shown in (points, money):
        assert page(client, table_url(shown), "en") == rendered_anew(client, table_url(shown), "en")
