"""What the page tests share: reading a response, the table URLs, and what was saved."""

from __future__ import annotations

from html.parser import HTMLParser

from django.http import HttpResponse
from django.urls import reverse

from games import selectors
from games.models import Round, RoundPoints, Table

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
    return reverse("games:table", kwargs={"pk": table.pk})


def edit_url(table: Table, number: int) -> str:
    return reverse("games:round_edit", kwargs={"pk": table.pk, "number": number})


def delete_url(table: Table, number: int) -> str:
    return reverse("games:round_delete", kwargs={"pk": table.pk, "number": number})


def totals(table: Table) -> dict[str, int]:
    return selectors.table_totals(table, table.setup())


def saved() -> tuple[int, int]:
    """How many hands and per-side points rows are stored."""
    return Round.objects.count(), RoundPoints.objects.count()
