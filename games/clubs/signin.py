"""The sign-in throttle's two additions to django-axes' pause per name and address.

A limit per address across names: axes pauses one name from one address after a few wrong
passwords, so on its own it lets one address try a password against name after name. Failed
sign-ins are also counted per client address (games.ratelimit, settings.RATE_LIMITS "signin");
past the limit that address may not sign in at all until the window ends.

A trusted browser: the pauses are for strangers, and a stranger who knows a player's name
could otherwise pause that player too (from one club Wi-Fi, the same address). Signing in
leaves a long-lived signed cookie naming the account (OWASP's "device cookie"); a browser
holding it for the name it signs in with is exempt from both pauses (axes'
AXES_WHITELIST_CALLABLE, and the per-address check here), so the right password from a phone
the player signed in on before always works. Its own wrong passwords are counted on the cookie
instead, and past the same few it is a stranger again, so a copied cookie buys no free guesses.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games import ratelimit
from scorekeeper.client_ip import client_ip

COOKIE = "signin_device"
# Signing with a salt of its own: no other signed value of the site can pass for this cookie.
SALT = "games.clubs.signin.device"
# As long as browsers keep a cookie; renewed at every sign-in.
COOKIE_AGE = 400 * 24 * 60 * 60
# The names one shared phone at the table may hold, most recent first.
NAMES_KEPT = 10


def _device(request: HttpRequest) -> tuple[str, list[str]] | None:
    """The browser's device cookie, checked: its id and the names signed in on it, or None."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=COOKIE_AGE)
    if value is None:
        return None
    try:
        data = json.loads(value)
        device, names = str(data["id"]), [str(name) for name in data["names"]]
    except (ValueError, TypeError, KeyError):
        return None
    return device, names


def _device_limit() -> ratelimit.Limit:
    """A trusted browser's own wrong passwords: as many as axes allows a name from an address,
    in its cool-off time."""
    return ratelimit.Limit(
        settings.AXES_FAILURE_LIMIT, int(settings.AXES_COOLOFF_TIME.total_seconds())
    )


def _trusted_device(request: HttpRequest, username: object) -> str | None:
    """The id of the browser's device cookie when it names ``username`` and has not itself
    failed too often; None otherwise."""
    device = _device(request)
    if device is None or not isinstance(username, str) or username not in device[1]:
        return None
    if ratelimit.waiting(f"signin:device:{device[0]}", _device_limit()):
        return None
    return device[0]


def trusted(request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
    """settings.AXES_WHITELIST_CALLABLE: True for a browser that signed in with this name
    before, so axes neither pauses it nor counts its failures (they count on its cookie)."""
    username = (credentials or {}).get("username")
    return _trusted_device(request, username) is not None


def paused(request: HttpRequest, username: object) -> int:
    """Seconds until this address may sign in again with ``username``; 0 when it may now."""
    if _trusted_device(request, username) is not None:
        return 0
    limit = ratelimit.limit_for("signin", "ip")
    if limit is None:
        return 0
    return ratelimit.waiting(f"signin:ip:{ratelimit.address_key(request)}", limit)


def failed(request: HttpRequest, username: object) -> None:
    """Count a wrong password: on the browser's cookie when it is trusted with this name, else
    on the client's address."""
    device = _trusted_device(request, username)
    if device is not None:
        ratelimit.hit(f"signin:device:{device}", _device_limit())
        return
    limit = ratelimit.limit_for("signin", "ip")
    if limit is not None:
        ratelimit.hit(f"signin:ip:{ratelimit.address_key(request)}", limit)


def succeeded(request: HttpRequest, username: str) -> None:
    """A right password from a stranger's browser ends the name's pause at this address, as
    axes' AXES_RESET_ON_SUCCESS would. From a trusted browser it does not: the player signing
    in on their own phone must not lift the pause a stranger beside them earned."""
    if _trusted_device(request, username) is not None:
        return
    address = client_ip(request)
    # Without an address the reset would reach the name's pauses at every address.
    if address is not None:
        AxesProxyHandler.reset_attempts(ip_address=address, username=username)


def remember(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After a right password (or a guest naming its account): trust this browser with
    ``username`` from now on."""
    device = _device(request)
    device_id, names = device if device is not None else (secrets.token_hex(16), [])
    names = [username, *(name for name in names if name != username)][:NAMES_KEPT]
    response.set_signed_cookie(
        COOKIE,
        json.dumps({"id": device_id, "names": names}),
        salt=SALT,
        max_age=COOKIE_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
