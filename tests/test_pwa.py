"""Installable app: the manifest, its icons, the service worker's script and what the
Content-Security-Policy lets them do; the theme's stylesheet and the bundle's dark copy."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from typing import ClassVar

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from games.http import KEPT_COPY_HEADER
from scorekeeper import offline_engine, pwa
from scorekeeper.static_bundles import CHOSEN_DARK, PHONE_DARK, STATIC_DIR, bundle_text

pytestmark = pytest.mark.django_db


def served(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    return b"".join(response.streaming_content) if response.streaming else response.content


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_every_page_links_the_manifest_and_an_apple_touch_icon(client: Client) -> None:
    page = client.get(reverse("games:home")).content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in page
    assert page.count('<meta name="theme-color"') == 2


def test_the_manifest_is_valid_json_of_its_own_type_with_installable_icons(
    client: Client,
) -> None:
    response = client.get(reverse("manifest"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert "max-age=86400" in response["Cache-Control"]
    manifest = json.loads(response.content)
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert set(icons) == {
        ("any", "any"),
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for (sizes, _purpose), icon in icons.items():
        data = served(client, icon["src"])
        if icon["type"] == "image/svg+xml":
            assert b"<svg" in data
        else:
            assert icon["type"] == "image/png"
            assert png_size(data) == tuple(int(n) for n in sizes.split("x"))
    assert png_size(served(client, "/static/icons/apple-touch-icon.png")) == (180, 180)


def test_the_service_worker_is_served_from_the_root_with_its_scope(client: Client) -> None:
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert script.startswith("// Scorekeeper's service worker")
    assert "{%" not in script
    assert "{{" not in script
    assert 'addEventListener("fetch"' in script
    # Unchanged, it answers 304: the browser asks on every visit.
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    # Gzipped for a browser, the ETag weak: the browser's check still gets 304.
    gzipped = client.get("/sw.js", HTTP_ACCEPT_ENCODING="gzip")
    assert gzipped["ETag"].startswith("W/")
    asked = client.get("/sw.js", HTTP_IF_NONE_MATCH=gzipped["ETag"], HTTP_ACCEPT_ENCODING="gzip")
    assert asked.status_code == 304
    assert again["Service-Worker-Allowed"] == "/"
    assert client.post("/sw.js").status_code == 405


def service_worker_config(client: Client) -> dict[str, object]:
    script = client.get("/sw.js").content.decode()
    found = re.search(r"const CONFIG = (\{.*?\n\});", script, re.S)
    assert found
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_it_precaches_what_pages_load_and_only_that(client: Client) -> None:
    config = service_worker_config(client)

    precache = config["precache"]
    assert isinstance(precache, list)
    assert {"/static/css/bundle.css", "/static/js/bundle.js", "/static/favicon.svg"} <= set(
        precache
    )
    # Each game's own files, the league and settlement pages' too.
    assert {
        "/static/schafkopf/schafkopf.css",
        "/static/schafkopf/schafkopf.js",
        "/static/ciapano/ciapano.css",
        "/static/swoops/swoops.js",
        "/static/css/leagues.css",
    } <= set(precache)
    # Not the sources the bundles are made of, nor the icons the phone fetches to install.
    assert "/static/css/app.css" not in precache
    assert "/static/js/hand.js" not in precache
    assert "/static/vendor/htmx.min.js" not in precache
    # Nor the offline engine's worker, kept under its plain name with the engine (one download).
    assert not [url for url in precache if "offline-engine-worker" in url]
    assert not [url for url in precache if "/icons/" in url or url.endswith(".md")]
    # Only the project's own: not the htmx builds django-htmx ships.
    assert not [url for url in precache if "django_htmx" in url]
    for url in precache:
        served(client, url)
    # Without hashed names (DEBUG, the tests) the network comes first, so edits show.
    assert config["immutable"] is False
    assert config["static"] == "/static/"


def test_it_names_the_deploys_hashed_files(client: Client) -> None:
    """In production the list comes from collectstatic's manifest, at request time: a deploy
    that changes a file changes its name, the script's bytes, and so the installed worker."""

    class Deployed:
        base_url = "/static/"
        hashed_files: ClassVar[dict[str, str]] = {"css/bundle.css": "css/bundle.0123.css"}

        def url(self, name: str) -> str:
            return "/static/" + self.hashed_files.get(name, name)

    deployed = Deployed()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pwa, "staticfiles_storage", deployed)
        patch.setattr(pwa, "immutable_static_urls", lambda: True)
        config = service_worker_config(client)
        first = client.get("/sw.js")["ETag"]
        deployed.hashed_files["css/bundle.css"] = "css/bundle.4567.css"
        second = service_worker_config(client)

    assert "/static/css/bundle.0123.css" in config["precache"]  # type: ignore[operator]
    assert config["immutable"] is True
    assert "/static/css/bundle.4567.css" in second["precache"]  # type: ignore[operator]
    assert second["version"] != config["version"]
    assert client.get("/sw.js")["ETag"] != first


def test_after_collectstatic_it_precaches_the_hashed_files_cache_first(
    client: Client, tmp_path: Path
) -> None:
    storage = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    with override_settings(
        STATIC_ROOT=tmp_path,
        STORAGES={**settings.STORAGES, "staticfiles": {"BACKEND": storage}},
    ):
        call_command("collectstatic", "--noinput", verbosity=0)
        response = client.get("/sw.js")
        config = service_worker_config(client)

    assert response.status_code == 200
    assert config["immutable"] is True
    assert config["static"] == "/static/"
    precache = config["precache"]
    assert isinstance(precache, list)
    assert [url for url in precache if re.fullmatch(r"/static/css/bundle\.[0-9a-f]{12}\.css", url)]
    for url in precache:
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        assert (tmp_path / url.removeprefix("/static/")).is_file(), url
    assert "/static/css/app." not in " ".join(precache)
    # The offline engine's worker is fetched once, under the plain name pages start it by.
    follow = config["engine"]["follow"]  # type: ignore[index]
    worker = [url for url in [*precache, *follow] if "offline-engine-worker" in url]
    if offline_engine.pyodide_installed():
        assert worker == ["/static/" + offline_engine.WORKER]
    else:
        assert worker == []


def test_the_offline_notice_is_in_the_visitors_language(client: Client) -> None:
    offline = service_worker_config(client)["offline"]

    assert isinstance(offline, dict)
    assert offline["lang"] == "en"
    assert offline["title"] == "No connection"
    assert offline["css"] == staticfiles_storage.url("css/bundle.css")


def test_the_csp_lets_the_worker_and_the_manifest_come_from_the_site_only(
    client: Client,
) -> None:
    for url in (reverse("games:home"), "/sw.js", reverse("manifest")):
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(
            [*part.strip().split(" ", 1), ""][:2] for part in policy.split(";") if part.strip()
        )
        assert directives["worker-src"] == "'self'"
        assert directives["manifest-src"] == "'self'"
        assert directives["script-src"] == "'self'"


@override_settings(DEBUG=False)
def test_the_manifest_and_worker_need_no_session(client: Client) -> None:
    anonymous = Client()
    assert anonymous.get("/sw.js").status_code == 200
    assert anonymous.get(reverse("manifest")).status_code == 200
    assert "sessionid" not in anonymous.cookies


# -- the dark theme ----------------------------------------------------------------------------


def test_the_bundle_repeats_the_dark_theme_for_a_phone_set_to_dark() -> None:
    dark = (STATIC_DIR / "css" / "dark.css").read_text()
    bundle = bundle_text("css/bundle.css")

    assert dark.count(CHOSEN_DARK) > 20
    media = bundle.split("@media (prefers-color-scheme: dark) {", 1)[1]
    assert CHOSEN_DARK not in media
    assert media.count(PHONE_DARK) == dark.count(CHOSEN_DARK) + dark.count(PHONE_DARK)
    # Every rule of the dark theme is for the dark theme only: the light one is left alone.
    rules = re.sub(r"/\*.*?\*/", "", dark, flags=re.S)
    selectors = [s.strip() for s in re.findall(r"([^{}]+)\{", rules)]
    assert selectors[0] == ":root"  # color-scheme: light, the default
    for selector in selectors[1:]:
        for part in selector.split(","):
            assert CHOSEN_DARK in part, part


def test_the_head_script_sets_the_chosen_theme_before_anything_else_runs() -> None:
    bundle = (STATIC_DIR / "js" / "bundle.js").read_text()
    first = bundle.split("// vendor/htmx.min.js", 1)[0]

    assert 'localStorage.getItem("theme")' in first
    assert 'setAttribute("data-theme", theme)' in first


def test_the_home_page_has_the_theme_switch(client: Client) -> None:
    page = client.get(reverse("games:home")).content.decode()

    switch = page.split('class="theme-switch js-only"', 1)[1].split("</fieldset>", 1)[0]
    assert re.findall(r'value="(\w+)" data-theme-choice', switch) == ["auto", "light", "dark"]


# -- offline (issue 33): the pages kept, the words the phone fills in -------------------------


def test_without_the_offline_kit_the_worker_fetches_no_blank_pages_and_no_runtime(
    client: Client,
) -> None:
    """settings.OFFLINE_KIT (off in the browser tests that are not about offline use): the
    pages and the static files are kept as ever; the blank tables and the runtime are not."""
    with override_settings(OFFLINE_KIT=True):
        with_kit = service_worker_config(client)
    with override_settings(OFFLINE_KIT=False):
        without = service_worker_config(client)
    assert "/tables/blank/scopa/2-players/" in with_kit["pages"]["warm"]
    assert with_kit["engine"]["runtime"] == offline_engine.pyodide_urls()
    assert without["pages"]["lasting"] == []
    assert without["engine"] == {**with_kit["engine"], "runtime": [], "follow": []}
    assert without["pages"]["warm"] == [
        url for url in with_kit["pages"]["warm"] if url not in with_kit["pages"]["lasting"]
    ]
    assert without["precache"] == with_kit["precache"]


def test_it_names_the_pages_to_keep_for_offline_use_and_each_answers(client: Client) -> None:
    pages = service_worker_config(client)["pages"]

    assert isinstance(pages, dict)
    assert pages["version"] == pwa.PAGES_VERSION
    assert pages["most"] == pwa.MOST_PAGES_KEPT
    warm = pages["warm"]
    assert warm[:2] == [reverse("games:home"), reverse("games:rules_index")]
    assert {"/rules/scopa/", "/rules/briscola/", "/referee/primiera/", "/referee/captures/"} <= set(
        warm
    )
    assert len(warm) == len(set(warm))
    # What starting a table offline needs (issue 33, item 4) is kept whatever the number of
    # tables; its blank table pages are checked, game by game, in test_offline_tables.
    assert {"/tables/new/", "/tables/new/?game=briscola", "/tables/blank/scopa/2-players/"} <= set(
        pages["lasting"]
    )
    assert set(pages["lasting"]) <= set(warm)
    for url in warm:
        if url.startswith("/tables/blank/"):
            continue
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html"), url
        assert "no-store" not in response.get("Cache-Control", ""), url


@pytest.mark.parametrize(
    ("language", "as_of"),
    [("en", "Offline: as of {time}"), ("it", "Offline: aggiornato alle {time}")],
)
def test_every_page_has_the_offline_note_in_its_language(
    client: Client, language: str, as_of: str
) -> None:
    page = client.get(reverse("games:rules_index"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    note = re.search(r'<p id="offline-note"[^>]*>', page)
    assert note
    assert " hidden " in note.group(0)
    assert f'data-as-of="{as_of}"' in note.group(0)


def test_a_page_fetched_to_keep_a_copy_sets_no_cookie() -> None:
    """A background fetch begun before a sign-in and answered after it would put the old CSRF
    cookie back, and the next form sent would be refused as forged (seen on a phone: every
    entrant added to a tournament right after signing in was refused)."""
    script = Client().get("/sw.js").content.decode()
    assert f'"{KEPT_COPY_HEADER}": "1"' in script

    asked_by_the_player = Client().get(reverse("login"))
    asked_by_the_worker = Client().get(reverse("login"), headers={KEPT_COPY_HEADER: "1"})

    assert settings.CSRF_COOKIE_NAME in asked_by_the_player.cookies
    assert 'name="csrfmiddlewaretoken"' in asked_by_the_worker.content.decode()
    assert not asked_by_the_worker.cookies


def test_signing_out_and_in_forget_the_kept_pages(client: Client) -> None:
    signed_in = client.get(reverse("games:home")).content.decode()
    sign_out = re.search(rf'<form method="post" action="{reverse("logout")}"[^>]*>', signed_in)
    assert sign_out
    assert "data-forget-pages" in sign_out.group(0)
    login = Client().get(reverse("login")).content.decode()
    assert re.search(rf'<form[^>]*action="{reverse("login")}"[^>]*data-forget-pages', login)


def test_a_scorers_table_page_has_the_words_for_hands_kept_offline(client: Client) -> None:
    from games.tables import services as table_services
    from tests.clubs import home_club

    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    url = reverse("games:table", args=[table.public_id])

    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    pending = re.search(r'<div id="pending"[^>]*>', page)
    assert pending
    assert f'data-table="{table.public_id}"' in pending.group(0)
    assert 'data-one="{number} wartet auf das Senden"' in pending.group(0)
    assert 'data-other="{number} warten auf das Senden"' in pending.group(0)
    assert 'data-refused="Nicht gesendet: Der Server hat es abgelehnt (Fehler {status})."' in (
        pending.group(0)
    )
    # Hidden until the phone has some; the watch link's page has none.
    assert " hidden " in pending.group(0)
    watched = table_services.watch_link_set(table, on=True)
    watch = Client().get(reverse("games:table_watch", args=[watched.watch_token]))
    assert watch.status_code == 200
    assert 'id="pending"' not in watch.content.decode()
