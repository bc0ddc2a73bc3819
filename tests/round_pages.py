"""Every page of a table that names a round, as its reader sees it (issue 30, items 12 and 13):
what the games' word tests read, so that each can check its own word for a round throughout
(Briscola's "deal", a German Schafkopf table's "Spiel") and no other word anywhere."""

from __future__ import annotations

from collections.abc import Mapping
from html.parser import HTMLParser

from django.test import Client
from django.urls import reverse

from games.models import Table
from games.tables import services as table_services
from tests.pages import delete_url, edit_url, hand_id, html, table_url

# Attributes whose words a reader meets: a confirmation, a status line shown later, a label.
READ_ATTRIBUTES = frozenset(
    {"hx-confirm", "data-offline", "data-retrying", "data-restored", "aria-label", "title"}
)


class _ReaderText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        self.lines += [value for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.lines.append(" ".join(data.split()))


def reader_text(page: str) -> str:
    """A page's text and the attributes a reader meets, a line each."""
    parser = _ReaderText()
    parser.feed(page)
    return "\n".join(parser.lines)


def read_round_pages(
    client: Client, table: Table, entry: Mapping[str, str], language: str
) -> dict[str, str]:
    """Two rounds recorded with ``entry`` (one that ends no game), then each page and notice
    that names a round, by what it shows: the table page (its chart, watch link, delete and
    invite lines, offline status), the notices after an edit, a delete and a restore, the 409s
    of a delete and a restore from an out-of-date page, the changes page and the table set
    aside."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    url = table_url(table)
    for _ in range(2):
        client.post(url, entry, **headers)
    old = str(Table.objects.get(pk=table.pk).version)
    pages = {"table": client.get(url, **headers)}
    pages["edited"] = client.post(edit_url(table, 1), entry, follow=True, **headers)
    second = hand_id(table, 2)
    pages["delete refused"] = client.post(delete_url(table, 2), {"table_version": old}, **headers)
    pages["deleted"] = client.post(delete_url(table, 2), follow=True, **headers)
    restore = reverse("games:round_restore", args=[table.public_id, second])
    pages["restore refused"] = client.post(restore, {"table_version": old}, **headers)
    pages["restored"] = client.post(restore, follow=True, **headers)
    pages["changes"] = client.get(reverse("games:table_changes", args=[table.public_id]), **headers)
    table_services.table_abandon(Table.objects.get(pk=table.pk))
    pages["set aside"] = client.get(url, **headers)
    assert [response.status_code for response in pages.values()] == [
        200, 200, 409, 200, 409, 200, 200, 200
    ]  # fmt: skip
    return {name: reader_text(html(response)) for name, response in pages.items()}
