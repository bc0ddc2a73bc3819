"""A stored page packed once (games.packed_pages, the table page's): gzipped from its pieces
with each request's values, it inflates to the page those values fill in, for any values of
the lengths it was packed for, and is compressed as any answer where it cannot be."""

from __future__ import annotations

import gzip
import re
import zlib
from unittest import mock

import pytest
from django.http import HttpResponse
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games import middleware
from games.packed_pages import PackedPage, PackedResponse
from games.tables import page as table_page
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.factories import points_entry
from tests.pages import table_url

PLACEHOLDERS = ("TokenPlaceholder", "OtherPlaceholder")
# Text as a page holds it: markup, words in other scripts, and the placeholders' own letters.
TEXT = st.text(alphabet='<p class="a">Tokens ·日本€\n', max_size=400)


def filled(text: str, values: dict[str, str]) -> bytes:
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    return text.encode()


def given_twice(page: PackedPage, values: dict[str, str]) -> PackedResponse:
    """The answer of the page's second give, the first it is packed for."""
    PackedResponse(page, values)
    return PackedResponse(page, values)


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, dict[str, int]]:
    """A page of fixed text and placeholders, some far apart (beyond deflate's reach of 32 KB),
    and the lengths of their values."""
    lengths = {
        placeholder: draw(st.sampled_from([3, 4, 22, 64]))
        for placeholder in PLACEHOLDERS[: draw(st.integers(1, 2))]
    }
    parts = []
    for _ in range(draw(st.integers(0, 8))):
        parts.append(draw(TEXT) * draw(st.sampled_from([1, 1, 1, 90])))
        parts.append(draw(st.sampled_from(sorted(lengths))))
    parts.append(draw(TEXT))
    return "".join(parts), lengths


@given(pages(), st.data())
def test_a_packed_page_inflates_to_the_page_filled_with_any_values(
    page: tuple[str, dict[str, int]], data: st.DataObject
) -> None:
    text, lengths = page
    stored = PackedPage(text, lengths)
    for give in range(3):
        values = {
            placeholder: data.draw(
                st.text("abcXYZ0189_-", min_size=length, max_size=length), label=placeholder
            )
            for placeholder, length in lengths.items()
        }
        answer = PackedResponse(stored, values)
        assert answer.content == filled(text, values)
        packed = answer.gzipped(100)
        if give == 0:
            assert packed is None  # packed from the second give on
        # Not packed where the check after packing found a byte copied from the wrong place
        # (two placeholders side by side may make the compressor copy a stand-in's own bytes).
        if packed is not None:
            assert gzip.decompress(packed) == filled(text, values)


def test_a_value_of_another_length_is_gzipped_as_any_answer() -> None:
    stored = PackedPage("<p>TokenPlaceholder</p>" * 20, {"TokenPlaceholder": 8})
    assert given_twice(stored, {"TokenPlaceholder": "12345678"}).gzipped(100) is not None

    longer = PackedResponse(stored, {"TokenPlaceholder": "123456789"})

    assert longer.content == b"<p>123456789</p>" * 20
    assert longer.gzipped(100) is None


def test_a_page_whose_pieces_do_not_give_the_values_back_is_not_packed() -> None:
    # A one-byte value between text that differs each time is in no match (three bytes at
    # least): the compressor writes its stand-in as it is, which the check after packing finds.
    text = "".join(f"<p>{number}TokenPlaceholder{number}</p>" for number in range(20))
    stored = PackedPage(text, {"TokenPlaceholder": 1})

    answer = given_twice(stored, {"TokenPlaceholder": "x"})

    assert answer.content == filled(text, {"TokenPlaceholder": "x"})
    assert answer.gzipped(100) is None


def test_an_answer_a_middleware_changed_on_its_way_out_is_gzipped_anew() -> None:
    stored = PackedPage("<p>TokenPlaceholder</p>" * 20, {"TokenPlaceholder": 8})
    answer = given_twice(stored, {"TokenPlaceholder": "12345678"})
    answer.content = b"<p>changed</p>" * 20

    assert answer.gzipped(100) is None


def test_each_packed_answer_names_a_file_of_random_length_against_breach() -> None:
    stored = PackedPage("<p>TokenPlaceholder</p>" * 20, {"TokenPlaceholder": 8})
    answers = [given_twice(stored, {"TokenPlaceholder": "12345678"}).gzipped(100)]
    for _ in range(12):
        answers.append(PackedResponse(stored, {"TokenPlaceholder": "12345678"}).gzipped(100))
    names = set()
    for packed in answers:
        assert packed is not None
        assert packed[3] & gzip.FNAME
        names.add(packed[10 : packed.index(b"\x00", 10)])
        assert gzip.decompress(packed) == b"<p>12345678</p>" * 20
    assert len({len(name) for name in names}) > 1


@pytest.mark.django_db
def test_the_table_page_given_again_is_gzipped_from_its_packed_pieces() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    for _hand in range(3):
        table_services.round_record(table, points_entry(Ann=1, Bob=1))
    phone = Client()
    phone.force_login(member(home_club()))
    url = table_url(table)
    table_page.STORED_PAGES.clear()
    phone.get(url)  # stores the page

    compressed = [phone.get(url, HTTP_ACCEPT_ENCODING="gzip") for _ in range(2)]
    with mock.patch.object(middleware, "gzip_with_random_name") as gzip_anew:
        given = [phone.get(url, HTTP_ACCEPT_ENCODING="gzip") for _ in range(3)]
    plain = phone.get(url)

    gzip_anew.assert_not_called()
    tokens = re.compile(rb'(csrfmiddlewaretoken" value="|X-CSRFToken": "|hand_token" value=")[^"]*')
    pages = [gzip.decompress(answer.content) for answer in (*compressed, *given)]
    assert {tokens.sub(rb"\1", page) for page in pages} == {tokens.sub(rb"\1", plain.content)}
    for answer, page in zip((*compressed, *given), pages, strict=True):
        assert answer["Content-Encoding"] == "gzip"
        assert int(answer["Content-Length"]) == len(answer.content)
        assert "Accept-Encoding" in answer["Vary"]
        # Each its own new hand's token, and its own CSRF token everywhere on the page.
        assert len(set(re.findall(rb'csrfmiddlewaretoken" value="([^"]*)"', page))) == 1
    hand_tokens = [re.findall(rb'hand_token" value="([^"]*)"', page)[0] for page in pages]
    assert len(set(hand_tokens)) == len(pages)
    assert len(given[-1].content) < len(pages[-1]) / 4


def test_the_middleware_sends_a_packed_answer_as_it_comes() -> None:
    stored = PackedPage("<p>TokenPlaceholder</p>" * 20, {"TokenPlaceholder": 8})
    answer = given_twice(stored, {"TokenPlaceholder": "12345678"})
    request = mock.Mock(META={"HTTP_ACCEPT_ENCODING": "gzip"})
    with mock.patch.object(middleware, "gzip_with_random_name") as gzip_anew:
        sent = middleware.QuickGZipMiddleware(lambda request: HttpResponse()).process_response(
            request, answer
        )
    gzip_anew.assert_not_called()
    assert sent["Content-Encoding"] == "gzip"
    assert zlib.decompress(sent.content, 16 + zlib.MAX_WBITS) == b"<p>12345678</p>" * 20
