"""What the page tests share: reading a response, the table URLs, and what was saved."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpResponse
from django.test import Client
from django.urls import resolve, reverse

from games.models import League, Round, RoundPoints, Table, new_hand_token
from games.tables import selectors as table_selectors
from tests.clubs import home_owner

HTMX = {"HTTP_HX_REQUEST": "true"}


class InputParser(HTMLParser):
    """Collects every <input> of a page: checked radios and checkboxes, the other values."""

    def __init__(self) -> None:
        super().__init__()
        self.checked: dict[str, str] = {}
        self.radios: dict[str, list[str]] = {}
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "input":
            return
        attr = dict(attrs)
        name, value = attr.get("name") or "", attr.get("value") or ""
        if attr.get("type") in ("radio", "checkbox"):
            self.radios.setdefault(name, []).append(value)
            if "checked" in attr:
                self.checked[name] = value
        else:
            self.values[name] = value


def inputs(response: HttpResponse) -> InputParser:
    parser = InputParser()
    parser.feed(response.content.decode())
    return parser


def html(response: HttpResponse) -> str:
    return response.content.decode()


def table_url(table: Table) -> str:
    return reverse("games:table", kwargs={"table": table.public_id})


def hand_id(table: Table, number: int) -> str:
    """The id of the table's hand with that number now."""
    return Round.objects.get(table=table, number=number).public_id


def edit_url(table: Table, number: int) -> str:
    return reverse(
        "games:round_edit", kwargs={"table": table.public_id, "hand": hand_id(table, number)}
    )


def delete_url(table: Table, number: int) -> str:
    return reverse(
        "games:round_delete", kwargs={"table": table.public_id, "hand": hand_id(table, number)}
    )


# The views that write to a table, and so want the version the posting page was rendered at.
TABLE_WRITES = {
    "table",
    "round_edit",
    "round_delete",
    "round_restore",
    "table_stop",
    "table_resume",
    "table_abandon",
    "table_take_up",
}


class FreshPageClient(Client):
    """A test client that posts like a phone showing the page as it is now: a write to a table
    carries the table's current version, and a new hand a token of its own, as the rendered
    form would, unless the test sends its own (the tests of stale pages and retries do)."""

    # Signed in as the owner of the tests' club on the first request, unless a test signed in
    # someone else first.
    signs_in = True

    def sign_in(self) -> None:
        # A flag, not a look at the session: reading the test client's session is a query,
        # which the query-count tests would count against the page.
        if self.signs_in and not self.cookies.get("sessionid"):
            self.force_login(home_owner())

    def request(self, **request: Any) -> Any:
        self.sign_in()
        return super().request(**request)

    def post(self, path: str, data: Any = None, *args: Any, **kwargs: Any) -> Any:
        match = resolve(urlsplit(path).path)
        if match.url_name in TABLE_WRITES and not isinstance(data, (str, bytes)):
            data = data.copy() if hasattr(data, "copy") else dict(data or {})
            table = Table.objects.get(public_id=match.kwargs["table"])
            data.setdefault("table_version", str(table.version))
            if match.url_name == "table":
                data.setdefault("hand_token", new_hand_token())
        if match.url_name == "league_edit" and not isinstance(data, (str, bytes)):
            data = data.copy() if hasattr(data, "copy") else dict(data or {})
            league = League.objects.get(public_id=match.kwargs["league"])
            data.setdefault("league_version", str(league.version))
        return super().post(path, data, *args, **kwargs)


def totals(table: Table) -> dict[str, int]:
    return table_selectors.table_totals(table, table.setup())


def saved() -> tuple[int, int]:
    """How many hands and per-side points rows are stored."""
    return Round.objects.count(), RoundPoints.objects.count()


def signed_in_client() -> Client:
    """A plain client (no version or token added) signed in as the tests' club owner."""
    client = Client()
    client.force_login(home_owner())
    return client
