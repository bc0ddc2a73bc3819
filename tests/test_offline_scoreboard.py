"""What the scoreboard shows with hands kept on the phone is what the server shows once they are
stored (issue 33, item 3): the totals written as the scoreboard writes them (a Schafkopf balance
signed, "−150" and "+150", or in money, in the page's language), and who deals next in the
scoreboard's own words for the seat the kept hands leave dealing (at a Schafkopf table of five,
who deals and sits out and who leads). The phone's part is games/scoring/phone.py, as the phone
runs it under Pyodide with what the page gives it (tables/pending.html's data-numbers); the
scoreboard's words for each seat are on the page (hands/base.py dealer_lines), and
static/js/pending-scores.js shows those of the seat phone.py names, as ``as_the_phone_shows``
does here (tests/test_browser_offline.py watches the script do it)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.scoring.numbers import MINUS, NBSP, NumberStyle
from games.scoring.phone import score_pending
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import table_url

pytestmark = pytest.mark.django_db

Fields = list[list[str]]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_all(self, test: Any) -> list[Node]:
        found = []
        for child in self.children:
            if isinstance(child, Node):
                if test(child):
                    found.append(child)
                found.extend(child.find_all(test))
        return found


class Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(node)
        if tag not in VOID:
            self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def classes(node: Node) -> list[str]:
    return node.attrs.get("class", "").split()


@dataclass
class Board:
    """What the scoreboard says: each side's total and note, and its facts line."""

    totals: dict[str, str]
    notes: dict[str, str]
    facts: str


@dataclass
class Page:
    board: Board
    numbers: str  # tables/pending.html's data-numbers, which the phone sends phone.py
    seat_words: dict[int, Node]  # the scoreboard's words for each seat dealing next
    facts_node: Node | None
    history: list[list[str]]  # each hand's points in the history, newest first


def read_page(client: Client, table: Table) -> Page:
    parser = Tree()
    parser.feed(client.get(table_url(table)).content.decode())
    root = parser.root
    (board,) = root.find_all(lambda n: n.attrs.get("id") == "scoreboard")
    totals, notes = {}, {}
    for row in board.find_all(lambda n: n.tag == "li" and "total" in classes(n)):
        (total,) = row.find_all(lambda n: "data-total" in n.attrs)
        side = total.attrs["data-total"]
        totals[side] = total.text()
        notes[side] = " ".join(
            n.text() for n in row.find_all(lambda n: "total-to-go" in classes(n))
        )
    facts = board.find_all(lambda n: "table-facts" in classes(n))
    (pending,) = root.find_all(lambda n: n.attrs.get("id") == "pending")
    return Page(
        Board(totals, notes, facts[0].text() if facts else ""),
        pending.attrs["data-numbers"],
        {int(n.attrs["data-dealer"]): n for n in board.find_all(lambda n: n.tag == "template")},
        facts[0] if facts else None,
        [
            [strong.text() for strong in points.find_all(lambda n: n.tag == "strong")]
            for points in root.find_all(lambda n: "history-points" in classes(n))
        ],
    )


def as_the_phone_shows(page: Page, phone: dict[str, Any]) -> Board:
    """The scoreboard once pending-scores.js has shown the kept hands: the totals phone.py
    wrote, and the facts and notes of the seat it says deals next in place of those shown."""
    totals = {side: phone["totals_text"][side] for side in page.board.totals}
    seat = phone["next_dealer"]
    if seat not in page.seat_words:
        return Board(totals, page.board.notes, page.board.facts)
    words = page.seat_words[seat]
    moved = [n.text() for n in words.find_all(lambda n: "data-dealer-fact" in n.attrs)]
    facts = ""
    assert page.facts_node is not None
    for child in page.facts_node.children:
        if isinstance(child, Node) and "data-dealer-fact" in child.attrs:
            facts += moved.pop(0)
        else:
            facts += child if isinstance(child, str) else child.text()
    notes = dict(page.board.notes)
    for note in words.find_all(lambda n: "data-note" in n.attrs):
        notes[note.attrs["data-note"]] = note.text()
    return Board(totals, notes, facts)


def as_post(fields: Fields) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    return data


def kept_then_stored(client: Client, table: Table, hands: list[Fields]) -> tuple[Board, Board]:
    """The scoreboard as the phone shows it with ``hands`` kept, and as the server shows it
    once they are stored; and each kept hand's points as the phone writes them and as the
    history then does, newest first."""
    document = client.get(reverse("games:table_export", args=[table.public_id])).json()
    before = read_page(client, table)
    phone = score_pending(
        document, hands, table.first_dealer, NumberStyle.from_json(json.loads(before.numbers))
    )
    assert all("points" in outcome for outcome in phone["pending"]), phone["pending"]
    shown = as_the_phone_shows(before, phone)
    for fields in hands:
        assert client.post(table_url(table), as_post(fields)).status_code == 302
    table.refresh_from_db()
    after = read_page(client, table)
    kept = [list(written.values()) for written in reversed(phone["pending_text"])]
    # Every game's: a Briscola deal's card points (not the deal won), a Ciapanò deal's players
    # who played it (not one already out).
    assert kept == after.history[: len(hands)]
    return shown, after.board


def new_table(
    game: str, players: list[str], options: dict[str, object] | None = None, dealer: int = 0
) -> Table:
    return table_services.table_create(
        club=home_club(), game=game, players=players, options=options or {}, first_dealer=dealer
    )


def in_language(client: Client, language: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def solo(declarer: int) -> Fields:
    return [
        ["contract", "solo"],
        ["declarer", str(declarer)],
        ["suit", "gras"],
        ["declarer_points", "80"],
    ]


SOLO = solo(1)
FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]
DEALS = "deals next and sits out"


def dealer_notes(board: Board) -> dict[str, list[str]]:
    """Each side's notes on who deals and leads, without the balance in points a table playing
    for money notes first (which stays as the stored hands leave it)."""
    parts = {side: note.split(" · ") for side, note in board.notes.items()}
    words = {side: [p for p in each if p in ("leads", DEALS)] for side, each in parts.items()}
    return {side: each for side, each in words.items() if each}


@pytest.mark.parametrize(
    ("language", "cents", "bob", "ann"),
    [
        ("en", 0, "+450", f"{MINUS}150"),
        ("de", 10, f"+45,00{NBSP}€", f"{MINUS}15,00{NBSP}€"),
        ("ja", 10, "+€45.00", f"{MINUS}€15.00"),
        ("it", 5, f"+22,50{NBSP}€", f"{MINUS}7,50{NBSP}€"),
    ],
)
def test_a_schafkopf_balance_is_written_on_the_phone_as_the_server_writes_it(
    client: Client, language: str, cents: int, bob: str, ann: str
) -> None:
    options: dict[str, object] = {"cents_per_point": cents} if cents else {}
    table = new_table("schafkopf", ["Ann", "Bob", "Cy", "Di"], options)
    # A Solo won takes 50 from each of the three others (the default tariff), three times.
    shown, stored = kept_then_stored(in_language(client, language), table, [SOLO] * 3)
    assert stored.totals == {"Ann": ann, "Bob": bob, "Cy": ann, "Di": ann}
    assert (shown.totals, shown.facts) == (stored.totals, stored.facts)


def test_at_a_schafkopf_table_of_five_the_phone_says_who_deals_and_leads_next(
    client: Client,
) -> None:
    # Ann deals the first hand and sits out; after three, Di deals and sits out and Ed leads.
    table = new_table("schafkopf", FIVE)
    before = read_page(client, table)
    assert "Ann deals and sits out, Bob leads" in before.board.facts
    shown, stored = kept_then_stored(client, table, [solo(3)] * 3)
    assert "Di deals and sits out, Ed leads" in stored.facts
    assert stored.notes["Di"] == DEALS
    assert stored.notes["Ed"] == "leads"
    assert stored.notes["Ann"] == ""
    assert shown == stored
    # Cy first, on a table playing for money: each note keeps its points with the dealer's.
    table = new_table("schafkopf", FIVE, {"cents_per_point": 10}, dealer=2)
    shown, stored = kept_then_stored(client, table, [solo(0)] * 2)
    assert "Di deals and sits out, Ed leads" not in stored.facts
    assert "Ed deals and sits out, Ann leads" in stored.facts
    assert (shown.totals, shown.facts) == (stored.totals, stored.facts)
    assert dealer_notes(shown) == dealer_notes(stored) == {"Ann": ["leads"], "Ed": [DEALS]}


CUSTOM = [["points_0", "15"], ["points_1", "3"]]


@pytest.mark.parametrize(
    ("game", "players", "hand", "hands"),
    [
        ("custom", ["Ann", "Bob", "Cy"], CUSTOM, 2),
        ("scopa", ["Ann", "Bob"], [["mode", "points"], ["points_0", "3"], ["points_1", "1"]], 2),
        (
            "briscola",
            ["Ann", "Bob"],
            [["mode", "points"], ["points_0", "70"], ["points_1", "50"]],
            1,
        ),
        (
            "tressette",
            ["Ann", "Bob"],
            [["mode", "points"], ["points_0", "6"], ["points_1", "5"]],
            2,
        ),
        ("ciapano", ["Ann", "Bob", "Cy", "Di"], [["mode", "points"], ["points_2", "11"]], 2),
        (
            "swoops",
            ["Ann", "Bob", "Cy"],
            [["went_out", "1"], ["cards_0", "3 4"], ["total_2", "7"]],
            2,
        ),
    ],
)
def test_every_game_names_its_next_dealer_and_writes_its_totals_as_the_server(
    client: Client, game: str, players: list[str], hand: Fields, hands: int
) -> None:
    table = new_table(game, players, dealer=1)
    shown, stored = kept_then_stored(client, table, [hand] * hands)
    next_dealer = players[(1 + hands) % len(players)]
    assert f"Next to deal: {next_dealer}" in stored.facts
    # The notes that count what is left to a target stay as the stored hands leave them.
    assert (shown.totals, shown.facts) == (stored.totals, stored.facts)


def test_the_deal_passes_over_a_ciapano_player_out_on_the_phone_too(client: Client) -> None:
    # Di deals first, then Ann and Bob; Cy, out after the third hand (33 of 31), deals no more:
    # Di deals the fourth, and Ann the next.
    table = new_table("ciapano", ["Ann", "Bob", "Cy", "Di"], {"elimination_at": 31}, dealer=3)
    to_cy = [["mode", "points"], ["points_2", "11"]]
    to_ann = [["mode", "points"], ["points_0", "11"]]
    # The fourth hand's row, kept as stored, leaves Cy out: out, Cy did not play it.
    shown, stored = kept_then_stored(client, table, [to_cy, to_cy, to_cy, to_ann])
    assert "Next to deal: Ann" in stored.facts
    assert (shown.totals, shown.facts) == (stored.totals, stored.facts)
