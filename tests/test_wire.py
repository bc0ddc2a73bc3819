"""What a table page costs on the wire: compressed HTML, one stylesheet and one script, and an
icon. The bytes and requests of a real first load are measured by `make wirecheck`
(scripts/wirecheck.py), never timed here."""

from __future__ import annotations

import gzip
import re

import pytest
from django.conf import settings
from django.test import Client

from games.tables import services as table_services
from scorekeeper.static_bundles import BUNDLES, STATIC_DIR, stale_bundles
from tests.clubs import home_club
from tests.pages import table_url

pytestmark = pytest.mark.django_db


def _scopa_url() -> str:
    return table_url(
        table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    )


def test_the_table_page_is_gzipped_for_a_client_that_accepts_gzip(client: Client) -> None:
    url = _scopa_url()
    plain = client.get(url)
    assert plain.status_code == 200
    assert not plain.has_header("Content-Encoding")

    response = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert int(response["Content-Length"]) == len(response.content)
    page = gzip.decompress(response.content)
    assert b"<h1" in page
    assert b"Scopa" in page
    # Compressed well under the budget for the whole first load.
    assert len(response.content) < len(page) / 4
    # The security headers are still there.
    assert "Content-Security-Policy" in response


def test_each_gzipped_answer_names_a_file_of_random_length_against_breach(client: Client) -> None:
    # Django's "Heal The Breach", kept at the faster level: the gzip header's file name (FNAME)
    # pads every answer by a random number of bytes, so its length tells no secret in it.
    url = _scopa_url()
    names = set()
    for _ in range(12):
        packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip").content
        assert packed[3] & gzip.FNAME
        names.add(packed[10 : packed.index(b"\x00", 10)])
        assert b"<h1" in gzip.decompress(packed)
    assert len({len(name) for name in names}) > 1


def test_gzip_sits_below_whitenoise_and_above_what_reads_the_body() -> None:
    middleware = settings.MIDDLEWARE
    gzip_at = middleware.index("games.middleware.QuickGZipMiddleware")
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    assert gzip_at < middleware.index("django.middleware.common.CommonMiddleware")
    assert gzip_at < middleware.index("games.middleware.StoredPolicyCSPMiddleware")


def test_a_scopa_table_page_loads_one_stylesheet_one_script_and_an_icon(client: Client) -> None:
    page = client.get(_scopa_url()).content.decode()
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', page) == ["/static/css/bundle.css"]
    assert re.findall(r'<script src="([^"]+)"', page) == ["/static/js/bundle.js"]
    assert re.findall(r'<link rel="icon" href="([^"]+)"', page) == ["/static/favicon.svg"]


def test_the_icon_is_served_and_favicon_ico_leads_to_it(client: Client) -> None:
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200
    assert icon["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in b"".join(icon.streaming_content)

    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.svg"
    assert "max-age=86400" in response["Cache-Control"]
    assert client.get(response["Location"]).status_code == 200
    assert client.post("/favicon.ico").status_code == 405


def test_the_static_bundles_are_built_from_their_sources() -> None:
    # Run `make bundle` after editing any of the files a bundle is made of.
    assert stale_bundles() == []
    for name, sources in BUNDLES.items():
        bundle = (STATIC_DIR / name).read_text()
        for source in sources:
            assert (STATIC_DIR / source).read_text().rstrip() in bundle
    # js-class.js first: it must swap no-js for js before the page is drawn.
    assert BUNDLES["js/bundle.js"][0] == "js/js-class.js"
