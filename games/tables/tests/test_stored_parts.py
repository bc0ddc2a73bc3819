"""The table page's stored parts (``{% stored_part %}``, ``tables/page.stored_key``): a page
given them is what rendering it anew gives, for every reader and language, and no write that
changes the page leaves it showing a stored part from before."""

from __future__ import annotations

import re
from collections.abc import Callable
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.models import League, Player, Role, Round, Table, new_public_id
from games.tables import history
from games.tables import page as table_page
from games.tables import services as table_services
from games.tables.page import HAND_TOKEN_PLACEHOLDER
from games.templatetags import history_html, stored_parts
from tests.clubs import home_club, member
from tests.factories import EIGHT_CARDS, card_post_data, points_entry, rest

pytestmark = pytest.mark.django_db

# What differs between two renders of one page anyway: the CSRF tokens (masked afresh for
# every answer) and the new hand's token (new for every page).
TOKENS = re.compile(
    r'(name="csrfmiddlewaretoken" value="|X-CSRFToken": "|name="hand_token" value=")[^"]*"'
)


def page(client: Client, url: str, language: str = "en") -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    text = response.content.decode()
    assert stored_parts.CSRF_PLACEHOLDER not in text
    assert HAND_TOKEN_PLACEHOLDER not in text
    return TOKENS.sub(r'\1"', text)


def rendered_anew(client: Client, url: str, language: str = "en") -> str:
    stored_parts.STORED.clear()
    table_page.STORED_PAGES.clear()
    table_page.STORED_FRAMES.clear()
    history.HISTORY_LINES.clear()
    history_html._ROWS.clear()
    return page(client, url, language)


def signed_in(role: Role) -> Client:
    client = Client()
    client.force_login(member(home_club(), role))
    return client


def scopa_table(hands: int = 3) -> Table:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob", "Cy"], options={"target": 99}
    )
    for _hand in range(hands):
        table_services.round_record(table, points_entry(Ann=1, Bob=2, Cy=1))
    return table


def table_url(table: Table) -> str:
    return reverse("games:table", kwargs={"table": table.public_id})


@pytest.mark.parametrize(
    ("reader", "language"),
    [("owner", "en"), ("scorer", "de"), ("viewer", "ja"), ("watch link", "it")],
)
def test_a_page_given_its_stored_parts_is_what_rendering_it_gives(
    reader: str, language: str
) -> None:
    table = table_services.watch_link_set(scopa_table(), on=True)
    if reader == "watch link":
        client = Client()
        url = reverse("games:table_watch", kwargs={"token": table.watch_token})
    else:
        client = signed_in(Role(reader))
        url = table_url(table)
    stored_parts.STORED.clear()

    first = page(client, url, language)
    assert len(stored_parts.STORED) == 1
    given = page(client, url, language)

    assert given == first
    assert given == rendered_anew(client, url, language)


def test_each_reader_and_language_gets_its_own_stored_parts() -> None:
    table = scopa_table()
    url = table_url(table)
    owner, viewer = signed_in(Role.OWNER), signed_in(Role.VIEWER)
    stored_parts.STORED.clear()

    pages = [page(owner, url), page(viewer, url), page(owner, url, "de"), page(viewer, url, "ja")]

    assert len(set(pages)) == 4
    assert "Delete this table" in pages[0]
    assert "Delete this table" not in pages[1]
    assert pages == [
        rendered_anew(owner, url),
        rendered_anew(viewer, url),
        rendered_anew(owner, url, "de"),
        rendered_anew(viewer, url, "ja"),
    ]


def test_the_forms_in_a_stored_part_carry_the_requests_own_csrf_token() -> None:
    table = scopa_table()
    client = Client(enforce_csrf_checks=True)
    client.force_login(member(home_club(), Role.OWNER))
    url = table_url(table)
    client.get(url)
    given = client.get(url).content.decode()  # the stored parts, the watch link form's among them
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', given)
    assert len(tokens) >= 3
    assert stored_parts.CSRF_PLACEHOLDER not in given

    response = client.post(
        reverse("games:table_watch_link", kwargs={"table": table.public_id}),
        {"watch": "on", "csrfmiddlewaretoken": tokens[-1]},
    )

    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).watch_token


def test_history_rows_made_before_a_save_carry_each_answers_version_and_token() -> None:
    """The history's rows are remembered but for the table's version and the form's token
    (``history_html.history_rows_html``): after a save, every row's Delete form must carry the
    version and token of the answer it is in, so deleting an older hand is not refused."""
    table = scopa_table()
    client = Client(enforce_csrf_checks=True)
    client.force_login(member(home_club(), Role.OWNER))
    url = table_url(table)
    client.get(url)  # the three rows remembered
    table_services.round_record(Table.objects.get(pk=table.pk), points_entry(Ann=2, Bob=1, Cy=1))
    version = Table.objects.get(pk=table.pk).version

    given = client.get(url).content.decode()
    rows = given.split('id="history-list"', 1)[1].split("</ol>", 1)[0]
    forms = re.findall(
        r'<form method="post" action="([^"]*)"[^>]*>'
        r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]*)">'
        r'<input type="hidden" name="table_version" value="([^"]*)">',
        rows,
    )
    assert len(forms) == 4
    assert {form[2] for form in forms} == {str(version)}
    action, token, shown_version = forms[-1]  # the first hand's, made before the save
    assert "HistoryRow" not in rows

    response = client.post(action, {"csrfmiddlewaretoken": token, "table_version": shown_version})

    assert response.status_code == 302
    assert [hand.number for hand in Round.objects.filter(table=table)] == [1, 2, 3]


# What the placeholders were, letters a player could type as a name (up to stop 46).
NAMES_LIKE_PLACEHOLDERS = ["StoredPartCsrfTokenPlaceholder", "StoredPartHandTokenPlaceholder"]


def test_a_player_named_as_a_placeholder_is_shown_by_name_not_given_a_token() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=NAMES_LIKE_PLACEHOLDERS, options={"target": 99}
    )
    table_services.round_record(table, points_entry(**dict.fromkeys(NAMES_LIKE_PLACEHOLDERS, 1)))
    client = signed_in(Role.OWNER)
    # Rendered, then given its stored part, then given the whole page stored.
    for _visit in range(3):
        text = client.get(table_url(table)).content.decode()
        for name in NAMES_LIKE_PLACEHOLDERS:
            # In the seats, the scoreboard, the chart's legend, the history.
            assert text.count(name) >= 4, name


def test_the_whole_page_is_rendered_once_for_its_readers_each_given_its_own_tokens() -> None:
    table = scopa_table()
    url = table_url(table)
    phones = []
    for name in ("first-scorer", "second-scorer"):
        phone = Client()
        phone.force_login(member(home_club(), Role.SCORER, username=name))
        phones.append(phone)
    phones[0].get(url)  # stores the part that shows the table
    with mock.patch.object(table_page, "render", wraps=table_page.render) as rendered:
        answers = [phone.get(url).content.decode() for phone in (*phones, phones[0])]
    assert rendered.call_count == 1
    hand_tokens = [re.findall(r'name="hand_token" value="([^"]*)"', answer) for answer in answers]
    csrf_tokens = [re.findall(r'"X-CSRFToken": "([^"]*)"', answer) for answer in answers]
    # A new hand's token for every page (a save is stored once per token), a CSRF token masked
    # afresh for every answer, and nothing else apart.
    assert len({tokens[0] for tokens in hand_tokens}) == 3
    assert len({tokens[0] for tokens in csrf_tokens}) == 3
    assert TOKENS.sub(r'\1"', answers[0]) == TOKENS.sub(r'\1"', answers[1])
    for answer in answers:
        assert stored_parts.CSRF_PLACEHOLDER not in answer
        assert HAND_TOKEN_PLACEHOLDER not in answer


def _hand(table: Table, number: int) -> Round:
    return table.rounds.get(number=number)


def _deleted_then(table: Table) -> Callable[[Table], object]:
    """Deletes hand 2 now (before the page is stored); the write restores it."""
    gone = table.rounds.get(number=2)
    hand_id = gone.public_id
    table_services.round_delete(gone)
    return lambda table: table_services.round_restore(table, hand_id)


def _league_renamed(table: Table) -> None:
    assert table.league_id is not None
    League.objects.filter(pk=table.league_id).update(name="Winter league")


# Each write that changes what the table page shows: (what, the game, what it does).
WRITES: list[tuple[str, str, Callable[[Table], object]]] = [
    ("hand saved", "scopa", lambda t: table_services.round_record(t, points_entry(Ann=5))),
    (
        "hand edited",
        "scopa",
        lambda t: table_services.round_update(_hand(t, 1), points_entry(Ann=7, Bob=1)),
    ),
    ("hand deleted", "scopa", lambda t: table_services.round_delete(_hand(t, 2))),
    ("table abandoned", "scopa", lambda t: table_services.table_abandon(t)),
    ("watch link made", "scopa", lambda t: table_services.watch_link_set(t, on=True)),
    ("table stopped", "schafkopf", lambda t: table_services.table_stop(t)),
    # No service renames a player (a hand's sides are their names); a player's row is in the
    # key all the same: here the address of their page, which the page links to.
    (
        "player changed",
        "scopa",
        lambda t: Player.objects.filter(club=t.club, name="Bob").update(public_id=new_public_id()),
    ),
    (
        "club renamed",
        "scopa",
        lambda t: club_services.club_rename(home_club(), "The Card Room"),
    ),
    ("league renamed", "scopa", _league_renamed),
]


def _table(game: str, in_league: bool) -> Table:
    players = ["Ann", "Bob", "Cy"] if game == "scopa" else ["Ann", "Bob", "Cy", "Di"]
    league = None
    if in_league:
        league = League.objects.create(club=home_club(), name="Autumn league", games=[game])
    table = table_services.table_create(
        club=home_club(),
        game=game,
        players=players,
        options={"target": 99} if game == "scopa" else {},
        league=league,
    )
    for _hand in range(3):
        entry = (
            points_entry(Ann=3, Bob=-1, Cy=-1, Di=-1)
            if game == "schafkopf"
            else points_entry(Ann=1, Bob=2)
        )
        table_services.round_record(table, entry)
    return table


@pytest.mark.parametrize(("what", "game", "write"), WRITES, ids=[w[0] for w in WRITES])
def test_no_write_leaves_a_stored_part_from_before_it(
    what: str, game: str, write: Callable[[Table], object]
) -> None:
    table = _table(game, in_league=what == "league renamed")
    client = signed_in(Role.OWNER)
    url = table_url(table)
    stored_parts.STORED.clear()
    before = page(client, url)
    assert page(client, url) == before  # given from the stored parts

    write(Table.objects.get(pk=table.pk))
    after = page(client, url)

    assert after != before
    assert after == rendered_anew(client, url)


@pytest.mark.parametrize("undo", ["hand restored", "table resumed", "table taken up"])
def test_writes_that_undo_another_leave_no_stored_part_from_before_them(undo: str) -> None:
    table = _table("schafkopf", in_league=False)
    if undo == "hand restored":
        write = _deleted_then(table)
    elif undo == "table resumed":
        table_services.table_stop(table)
        write = table_services.table_resume
    else:
        table_services.table_abandon(table)
        write = table_services.table_take_up
    client = signed_in(Role.OWNER)
    url = table_url(table)
    stored_parts.STORED.clear()
    before = page(client, url)
    assert page(client, url) == before

    write(Table.objects.get(pk=table.pk))
    after = page(client, url)

    assert after != before
    assert after == rendered_anew(client, url)


HAND_TOKEN = re.compile(r'name="hand_token" value="([^"]*)"')


def test_each_page_given_the_stored_part_has_a_new_hand_token_that_stores_its_hand_once() -> None:
    table = scopa_table()
    client = signed_in(Role.SCORER)
    url = table_url(table)
    stored_parts.STORED.clear()
    pages = [client.get(url).content.decode() for _page in range(3)]
    tokens = [HAND_TOKEN.findall(text) for text in pages]
    assert all(len(found) == 1 for found in tokens)
    assert len({found[0] for found in tokens}) == 3
    version = re.findall(r'name="table_version" value="(\d+)" id="id_table_version"', pages[2])
    assert version == [str(Table.objects.get(pk=table.pk).version)]

    saved = {
        **card_post_data(["Ann", "Bob", "Cy"], {"Ann": EIGHT_CARDS, "Bob": rest(EIGHT_CARDS)}),
        "table_version": version[0],
        "hand_token": tokens[2][0],
    }
    for _tap in range(2):  # the same form sent twice (a phone retrying) stores it once
        assert client.post(url, saved).status_code == 302

    assert table.rounds.count() == 4
    assert "Hand 4 recorded" in page(client, url)  # the message shown, once
    after = page(client, url)
    assert after == rendered_anew(client, url)
    assert "Record hand 5" in after
