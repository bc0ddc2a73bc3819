"""Abuse limits: the sign-in throttle (django-axes) and the rate limits on writes that make
things (games.ratelimit), each answering 429 with a page saying why and saving nothing."""

from __future__ import annotations

import datetime
import json
import threading
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import close_old_connections
from django.test import Client, RequestFactory
from django.urls import reverse

from games import ratelimit
from games.clubs import signin
from games.models import Club, GuestAccount, Invite, League, RateCounter, Table
from scorekeeper.client_ip import client_ip
from scorekeeper.settings import _rate_limits
from tests.clubs import home_club
from tests.pages import HTMX, html

pytestmark = pytest.mark.django_db

HOUR = 3600
TABLE = {"game": "scopa", "player_0": "Ann", "player_1": "Bob"}
SHEET = {
    "format": "scoresheet/1",
    "game": "scopa",
    "players": ["Ann", "Bob"],
    "rounds": [{"points": {"Ann": 3, "Bob": 1}}],
}


class Clock:
    """games.ratelimit's clock, moved on by the test."""

    def __init__(self) -> None:
        # The start of an hour, so a one-hour window has all of it to go.
        self.now = 1_800_000_000.0 - 1_800_000_000.0 % HOUR

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(ratelimit, "now", clock)
    return clock


@pytest.fixture
def limits(settings: Any, clock: Clock) -> dict[str, dict[str, tuple[int, int]]]:
    """The limits of this test only: none, unless the test sets some. Counted on the tests'
    clock, at the start of a window: on the real one, a window that ended between a test's
    requests would let one more through."""
    settings.RATE_LIMITS = {}
    return settings.RATE_LIMITS  # type: ignore[no-any-return]


def visitor(address: str = "127.0.0.1") -> Client:
    """A first-time visitor with no account, from that address."""
    return Client(REMOTE_ADDR=address)


# -- signing in ---------------------------------------------------------------------------------


def sign_in(client: Client, username: str, password: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password})


def account(username: str, password: str = "right horse battery") -> Any:
    return get_user_model().objects.create_user(username=username, password=password)


def test_five_wrong_passwords_pause_that_name_from_that_address() -> None:
    account("ann")
    account("bob")
    client = visitor()
    for _ in range(4):
        assert sign_in(client, "ann", "wrong").status_code == 200
    # The fifth failure pauses the name: the answer says so.
    fifth = sign_in(client, "ann", "wrong")
    assert fifth.status_code == 429
    assert "Sign-in paused" in html(fifth)
    assert "15 minutes" in html(fifth)

    # The sixth try is refused even with the right password, and signs nobody in.
    sixth = sign_in(client, "ann", "right horse battery")
    assert sixth.status_code == 429
    page = html(sixth)
    assert "<html" in page
    assert "Sign-in paused" in page
    assert "wrong 5 times in a row" in page
    assert "_auth_user_id" not in client.session

    # Another name from the same address, and the same name from another address, sign in.
    assert sign_in(client, "bob", "right horse battery").status_code == 302
    assert sign_in(visitor("203.0.113.7"), "ann", "right horse battery").status_code == 302


def test_the_pause_ends_after_the_cool_off_time() -> None:
    account("ann")
    client = visitor()
    for _ in range(5):
        sign_in(client, "ann", "wrong")
    assert sign_in(client, "ann", "right horse battery").status_code == 429

    long_ago = datetime.timedelta(minutes=16)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=attempt.attempt_time - long_ago
        )
    assert sign_in(client, "ann", "right horse battery").status_code == 302


def test_a_right_password_resets_the_count() -> None:
    account("ann")
    client = visitor()
    for _ in range(4):
        sign_in(client, "ann", "wrong")
    assert sign_in(client, "ann", "right horse battery").status_code == 302
    client.logout()
    for _ in range(4):
        assert sign_in(client, "ann", "wrong").status_code == 200
    assert sign_in(client, "ann", "right horse battery").status_code == 302


def test_a_pause_is_per_address_behind_the_proxy(settings: Any) -> None:
    """Behind the trusted proxy the address is the one it appended to X-Forwarded-For; what
    the client put there itself does not count."""
    settings.TRUST_X_FORWARDED_FOR = True
    account("ann")
    client = visitor("10.0.0.2")
    for spoofed in range(5):
        client.post(
            reverse("login"),
            {"username": "ann", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"198.51.100.{spoofed}, 203.0.113.9",
        )
    other = {"HTTP_X_FORWARDED_FOR": "203.0.113.10"}
    same = {"HTTP_X_FORWARDED_FOR": "198.51.100.77, 203.0.113.9"}
    right = {"username": "ann", "password": "right horse battery"}
    assert client.post(reverse("login"), right, **same).status_code == 429  # type: ignore[arg-type]
    assert visitor("10.0.0.2").post(reverse("login"), right, **other).status_code == 302  # type: ignore[arg-type]


def phone_of(username: str, address: str = "127.0.0.1") -> Client:
    """A browser the player has signed in on before, from that address, now signed out: it
    holds only the cookie signing in left."""
    before = visitor(address)
    assert sign_in(before, username, "right horse battery").status_code == 302
    cookie = before.cookies[signin.COOKIE]
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) >= 365 * 24 * 3600
    phone = visitor(address)
    phone.cookies[signin.COOKIE] = cookie.value
    return phone


def test_one_address_trying_a_password_on_many_names_is_paused(clock: Clock) -> None:
    """20 wrong passwords from one address, whatever the names, pause signing in from it: the
    21st name is refused before its password is looked at."""
    account("player20")
    account("player25")
    script = visitor()
    for number in range(20):
        assert sign_in(script, f"player{number}", "password1").status_code == 200

    refused = sign_in(script, "player20", "right horse battery")

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    page = html(refused)
    assert "Sign-in paused" in page
    assert "Many wrong passwords have come from your connection just now" in page
    assert "Please try again in 60 minutes." in page
    # The sign-in form again, with the name typed.
    assert 'name="username" value="player20"' in page
    assert "_auth_user_id" not in script.session
    # Not one of them was tried: axes saw no attempt at the other names.
    assert not AccessAttempt.objects.filter(username__in=["player20", "player21"]).exists()
    for number in range(21, 30):
        assert sign_in(script, f"player{number}", "password1").status_code == 429
    # Another address signs in; so does a phone that signed in with its name before.
    assert sign_in(visitor("203.0.113.7"), "player25", "right horse battery").status_code == 302


def test_the_address_pause_spares_a_phone_signed_in_before(limits: dict[str, Any]) -> None:
    limits["signin"] = {"ip": (3, HOUR)}
    account("ann")
    phone = phone_of("ann")
    for number in range(3):
        sign_in(visitor(), f"player{number}", "wrong")
    assert sign_in(visitor(), "ann", "right horse battery").status_code == 429

    assert sign_in(phone, "ann", "right horse battery").status_code == 302


def test_a_stranger_cannot_pause_a_player_on_their_own_phone() -> None:
    """A stranger on the same Wi-Fi who knows the name pauses it for strangers only: the
    player's phone, signed in with it before, still signs in with the right password."""
    account("ann")
    phone = phone_of("ann")
    stranger = visitor()
    for _ in range(5):
        sign_in(stranger, "ann", "wrong")
    assert sign_in(stranger, "ann", "right horse battery").status_code == 429

    assert sign_in(phone, "ann", "right horse battery").status_code == 302
    assert "_auth_user_id" in phone.session
    # The player signing in lifts nothing: the stranger is still paused.
    assert sign_in(visitor(), "ann", "right horse battery").status_code == 429


def test_a_phone_is_trusted_with_the_names_signed_in_on_it_only() -> None:
    account("ann")
    account("bob")
    phone = phone_of("ann")
    for _ in range(5):
        sign_in(visitor(), "bob", "wrong")
    assert sign_in(phone, "bob", "right horse battery").status_code == 429


def test_a_trusted_phones_own_wrong_passwords_count_on_it() -> None:
    """A copied cookie buys no free guesses: after as many wrong passwords as anyone gets, the
    phone is a stranger again, and the name's pause holds it too."""
    account("ann")
    phone = phone_of("ann")
    for _ in range(5):
        sign_in(visitor(), "ann", "wrong")
    for _ in range(5):
        assert sign_in(phone, "ann", "wrong").status_code == 200

    assert sign_in(phone, "ann", "right horse battery").status_code == 429


def test_a_forged_device_cookie_is_worth_nothing() -> None:
    account("ann")
    stranger = visitor()
    stranger.cookies[signin.COOKIE] = json.dumps({"id": "0" * 32, "names": ["ann"]})
    for _ in range(5):
        sign_in(stranger, "ann", "wrong")
    assert sign_in(stranger, "ann", "right horse battery").status_code == 429


def test_the_phone_that_keeps_its_games_is_trusted_with_its_name() -> None:
    owner = visitor()
    assert owner.post(reverse("games:table_new"), TABLE).status_code == 302
    kept = owner.post(
        reverse("keep_games"),
        {"username": "ann", "password1": "right horse battery", "password2": "right horse battery"},
    )
    assert kept.status_code == 302
    phone = visitor()
    phone.cookies[signin.COOKIE] = owner.cookies[signin.COOKIE].value
    for _ in range(5):
        sign_in(visitor(), "ann", "wrong")

    assert sign_in(phone, "ann", "right horse battery").status_code == 302


# -- the client's address -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trusted", "forwarded", "count", "expected"),
    [
        (False, "203.0.113.5", 1, "10.0.0.2"),
        (True, "203.0.113.5", 1, "203.0.113.5"),
        (True, "198.51.100.1, 203.0.113.5", 1, "203.0.113.5"),
        (True, "198.51.100.1, 203.0.113.5, 10.0.0.3", 2, "203.0.113.5"),
        (True, "", 1, "10.0.0.2"),
        (True, "not an address", 1, "10.0.0.2"),
        (True, "2001:db8::1", 1, "2001:db8::1"),
    ],
)
def test_the_client_address(
    settings: Any, trusted: bool, forwarded: str, count: int, expected: str
) -> None:
    settings.TRUST_X_FORWARDED_FOR = trusted
    settings.CLIENT_IP_PROXY_COUNT = count
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected


def test_an_ipv6_client_counts_by_its_64_network() -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    assert ratelimit.address_key(request) == "2001:db8:1:2::/64"


# -- rate limits --------------------------------------------------------------------------------


def test_tables_past_the_limit_are_refused_with_429_and_saved_nowhere(
    client: Client, limits: dict[str, Any], clock: Clock
) -> None:
    limits["table"] = {"account": (2, HOUR)}
    for _ in range(2):
        assert client.post(reverse("games:table_new"), TABLE).status_code == 302
    guests = GuestAccount.objects.count()

    response = client.post(reverse("games:table_new"), TABLE)

    assert response.status_code == 429
    page = html(response)
    assert "<html" in page
    assert "Slow down" in page
    assert "You have started a lot of tables in a short time." in page
    assert "Nothing was saved. Please try again in 60 minutes." in page
    assert response["Retry-After"] == str(HOUR)
    # The form again, as it was typed, with the refusal above it.
    assert page.index('id="table-form"') < page.index('id="form-errors"') < page.index("player_0")
    assert 'name="player_0" value="Ann"' in page
    assert 'name="player_1" value="Bob"' in page
    assert Table.objects.count() == 2
    assert GuestAccount.objects.count() == guests
    # The form itself still shows: a GET makes nothing, so it is never limited.
    for _ in range(3):
        assert client.get(reverse("games:table_new")).status_code == 200


def test_an_htmx_post_past_the_limit_gets_its_form_back_with_the_refusal(
    client: Client, limits: dict[str, Any], clock: Clock
) -> None:
    limits["table"] = {"account": (1, HOUR)}
    client.post(reverse("games:table_new"), TABLE, **HTMX)  # type: ignore[arg-type]
    clock.now += HOUR - 90

    response = client.post(reverse("games:table_new"), TABLE, **HTMX)  # type: ignore[arg-type]

    assert response.status_code == 429
    page = html(response)
    assert "<html" not in page
    # The form's partial, which takes the form's place (hx-target="this").
    assert page.lstrip().startswith('<form id="table-form"')
    assert 'role="alert" id="form-errors"' in page
    assert "Please try again in 2 minutes." in page
    assert 'name="player_0" value="Ann"' in page
    assert "HX-Retarget" not in response
    assert Table.objects.count() == 1


def test_an_htmx_write_with_no_form_to_show_gets_the_notice_in_place_of_the_page(
    limits: dict[str, Any], clock: Clock
) -> None:
    """Joining by an invite link is a button with nothing typed: the notice is all."""
    limits["guest"] = {"ip": (1, HOUR)}
    url = reverse("games:join", kwargs={"token": Invite.objects.create(club=home_club()).token})
    visitor().post(url, {}, **HTMX)  # type: ignore[arg-type]
    clock.now += HOUR - 90

    response = visitor().post(url, {}, **HTMX)  # type: ignore[arg-type]

    assert response.status_code == 429
    page = html(response)
    assert "<html" not in page
    assert page.lstrip().startswith('<div class="conflict" role="alert" id="rate-limited">')
    assert "Please try again in 2 minutes." in page
    assert response["HX-Retarget"] == "#main"
    assert response["HX-Reswap"] == "innerHTML"


def test_the_limit_is_per_window(client: Client, limits: dict[str, Any], clock: Clock) -> None:
    limits["table"] = {"account": (2, HOUR)}
    for _ in range(2):
        assert client.post(reverse("games:table_new"), TABLE).status_code == 302
    clock.now += HOUR - 1
    assert client.post(reverse("games:table_new"), TABLE).status_code == 429

    clock.now += 1
    assert client.post(reverse("games:table_new"), TABLE).status_code == 302
    assert Table.objects.count() == 3
    # The ended window's counter is gone.
    assert RateCounter.objects.count() == 1


def test_a_visitor_past_the_address_limit_gets_neither_table_nor_guest(
    limits: dict[str, Any], clock: Clock
) -> None:
    limits["table"] = {"ip": (1, HOUR)}
    assert visitor().post(reverse("games:table_new"), TABLE).status_code == 302
    assert (Table.objects.count(), GuestAccount.objects.count()) == (1, 1)

    newcomer = visitor()
    response = newcomer.post(reverse("games:table_new"), TABLE)

    assert response.status_code == 429
    assert "You have started a lot of tables in a short time." in html(response)
    assert (Table.objects.count(), GuestAccount.objects.count()) == (1, 1)
    assert "_auth_user_id" not in newcomer.session
    # Another address may.
    assert visitor("203.0.113.7").post(reverse("games:table_new"), TABLE).status_code == 302


def test_new_guests_are_limited_per_address(limits: dict[str, Any], clock: Clock) -> None:
    limits["guest"] = {"ip": (2, HOUR)}
    for _ in range(2):
        assert visitor().post(reverse("games:table_new"), TABLE).status_code == 302
    users = get_user_model().objects.count()

    response = visitor().post(reverse("games:table_new"), TABLE)

    assert response.status_code == 429
    page = html(response)
    assert "Many new players have started keeping score from your connection" in page
    assert "Nothing was saved." in page
    assert 'name="player_0" value="Ann"' in page
    assert GuestAccount.objects.count() == 2
    assert Table.objects.count() == 2
    assert get_user_model().objects.count() == users
    # The same limit on every first write: a club, a league, joining by an invite link.
    invite = Invite.objects.create(club=home_club())
    for url, data in [
        (reverse("games:clubs"), {"name": "Bar Sport"}),
        (reverse("games:leagues"), {"name": "Bar Sport", "games": ["scopa"]}),
        (reverse("games:join", kwargs={"token": invite.token}), {}),
    ]:
        refused = visitor().post(url, data)
        assert refused.status_code == 429, url
        if data:
            # The form again, with the name typed in it and the refusal above it.
            assert 'value="Bar Sport"' in html(refused), url
            assert 'id="form-errors"' in html(refused), url
    assert GuestAccount.objects.count() == 2
    # A guest already made goes on; another address gets its guest.
    assert visitor("203.0.113.7").post(reverse("games:table_new"), TABLE).status_code == 302
    assert GuestAccount.objects.count() == 3


def test_clubs_invites_leagues_and_imports_are_limited_per_account(
    client: Client, limits: dict[str, Any], clock: Clock
) -> None:
    for action in ("club", "invite", "league", "import"):
        limits[action] = {"account": (1, HOUR)}
    club = home_club().public_id
    sheet = json.dumps(SHEET).encode()
    writes: list[tuple[str, Any, str]] = [
        (reverse("games:clubs"), {"name": "Bar Sport"}, "clubs"),
        (
            reverse("games:invite_create", kwargs={"club": club}),
            {"role": "viewer", "days": "7"},
            "invite links",
        ),
        (reverse("games:leagues"), {"name": "Bar Sport", "games": ["scopa"]}, "leagues"),
        (reverse("games:table_import"), None, "scoresheets"),
    ]
    for url, data, _what in writes:
        body = data if data is not None else {"scoresheet": SimpleUploadedFile("s.json", sheet)}
        assert client.post(url, body).status_code == 302, url
    counts = (Club.objects.count(), Invite.objects.count(), League.objects.count())
    tables = Table.objects.count()
    for url, data, what in writes:
        body = data if data is not None else {"scoresheet": SimpleUploadedFile("s.json", sheet)}
        response = client.post(url, body)
        assert response.status_code == 429, url
        assert f"a lot of {what} in a short time" in html(response)
        if data is not None and "name" in data:
            assert 'value="Bar Sport"' in html(response), url
        if data is not None and "days" in data:
            assert 'value="7"' in html(response)
            assert '<option value="viewer" selected>' in html(response)
    assert (Club.objects.count(), Invite.objects.count(), League.objects.count()) == counts
    assert Table.objects.count() == tables


def test_a_form_with_errors_uses_no_part_of_the_limit(
    client: Client, limits: dict[str, Any], clock: Clock
) -> None:
    limits["table"] = {"account": (1, HOUR)}
    for _ in range(3):
        assert client.post(reverse("games:table_new"), {"game": "scopa"}).status_code == 422
    assert client.post(reverse("games:table_new"), TABLE).status_code == 302


def test_the_default_limits_let_a_club_night_on_one_wifi_through(clock: Clock) -> None:
    """The shipped limits: 60 phones behind one address each start a table; a script making
    new browsers by the hundred is refused by the 200th, with the names it typed kept."""
    for _ in range(60):
        assert visitor().post(reverse("games:table_new"), TABLE).status_code == 302
    assert Table.objects.count() == 60
    answers = [visitor().post(reverse("games:table_new"), TABLE) for _ in range(61, 201)]
    last = answers[-1]
    assert last.status_code == 429
    page = html(last)
    assert "Many new players have started keeping score from your connection" in page
    assert 'name="player_0" value="Ann"' in page
    assert 'name="player_1" value="Bob"' in page
    made = Table.objects.count()
    assert made == 60 + sum(answer.status_code == 302 for answer in answers)
    assert made < 200


def test_the_default_limits_let_a_busy_evening_through(client: Client, clock: Clock) -> None:
    """The shipped limits, not the tests' own: 60 tables an hour for one account. (On the
    tests' clock: the windows are the clock's hours, and on the real one an hour that ended
    during the 61 posts let the last one through.)"""
    for _ in range(60):
        assert client.post(reverse("games:table_new"), TABLE).status_code == 302
    assert client.post(reverse("games:table_new"), TABLE).status_code == 429


# -- the counter --------------------------------------------------------------------------------


def test_a_counter_counts_each_use_and_says_how_long_to_wait(clock: Clock) -> None:
    limit = ratelimit.Limit(3, 60)
    assert [ratelimit.hit("k", limit) for _ in range(3)] == [0, 0, 0]
    clock.now += 15.5
    assert ratelimit.hit("k", limit) == 45
    assert ratelimit.hit("other", limit) == 0
    assert RateCounter.objects.get(key="k").count == 4


@pytest.mark.django_db(transaction=True)
def test_counting_from_many_threads_at_once_loses_no_use() -> None:
    """As several app servers would: every use is counted once, and exactly the limit's worth
    are let through."""
    limit = ratelimit.Limit(20, HOUR)
    results: list[int] = []
    lock = threading.Lock()

    def use() -> None:
        try:
            for _ in range(5):
                wait = ratelimit.hit("shared", limit)
                with lock:
                    results.append(wait)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=use) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert RateCounter.objects.get(key="shared").count == 30
    assert results.count(0) == 20


def test_rate_limits_read_from_the_environment() -> None:
    defaults = {"table": {"account": (60, HOUR)}}
    assert _rate_limits(defaults, "") == defaults
    assert _rate_limits(defaults, "table.account=120, guest.ip=50/60") == {
        "table": {"account": (120, HOUR)},
        "guest": {"ip": (50, 60)},
    }
    assert ratelimit.limit_for("nothing", "ip") is None
    with pytest.raises(ImproperlyConfigured):
        _rate_limits(defaults, "table=120")


# -- on a phone ---------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_past_the_limit_sees_why_above_the_form_it_typed(
    live_server: Any, page: Any, settings: Any, artifacts_dir: Any
) -> None:
    from playwright.sync_api import expect

    settings.RATE_LIMITS = {"table": {"account": (1, HOUR)}}
    for attempt in range(2):
        page.goto(f"{live_server.url}/tables/new/")
        page.get_by_label("Player 1", exact=True).fill("Ann")
        page.get_by_label("Player 2", exact=True).fill("Bob")
        page.get_by_role("button", name="Start the game").click()
        if attempt == 0:
            expect(page.get_by_role("heading", level=1)).to_have_text("Scopa")

    notice = page.locator("#table-form #form-errors")
    expect(notice).to_contain_text("You have started a lot of tables in a short time.")
    expect(notice).to_contain_text("Nothing was saved.")
    expect(notice).to_be_focused()
    # Nothing typed is lost: sending it again later is all it takes.
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ann")
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Bob")
    page.screenshot(path=str(artifacts_dir / "rate-limited.png"))
    assert Table.objects.count() == 1
