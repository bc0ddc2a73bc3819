"""Rate limits on the writes that make things: guest accounts, tables, imports, leagues, clubs
and invite links.

Each limit allows so many uses of an action per account or per client address in a fixed
window of time (settings.RATE_LIMITS). The counters live in the database (RateCounter), the
one thing every app server shares, and go up with an atomic UPDATE, so two servers counting at
once never lose a use. A use over the limit raises RateLimited before anything is saved;
a view with a form answers it with the form again, as it was typed, and the refusal above it
(refused_form); games.middleware.RateLimitMiddleware answers the rest with 429 and a page (for
htmx, a fragment).

django-ratelimit would need a shared cache with an atomic increment (memcached or Redis);
it refuses Django's DatabaseCache, whose increment is a read and a write, so the counting is
done here, on a table of our own.
"""

from __future__ import annotations

import datetime
import ipaddress
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import RateCounter
from scorekeeper.client_ip import client_ip

TOO_MANY_REQUESTS = 429

# Why a write was refused, by action; the page adds that nothing was saved and when to retry.
REASONS = {
    "guest": _("Many new players have started keeping score from your connection just now."),
    "table": _("You have started a lot of tables in a short time."),
    "import": _("You have imported a lot of scoresheets in a short time."),
    "league": _("You have made a lot of leagues in a short time."),
    "club": _("You have made a lot of clubs in a short time."),
    "invite": _("You have made a lot of invite links in a short time."),
}


@dataclass(frozen=True)
class Limit:
    count: int
    seconds: int


class RateLimited(Exception):
    """A write refused because its action was used too often; nothing was saved."""

    def __init__(self, action: str, retry_after: int) -> None:
        super().__init__(f"rate limit of {action!r}; retry after {retry_after} s")
        self.action = action
        self.retry_after = retry_after


def now() -> float:
    """Seconds since the epoch (a function of its own, so the tests can move time on)."""
    return time.time()


def limit_for(action: str, per: str) -> Limit | None:
    """The limit of ``action`` per ``"account"`` or per ``"ip"``; None when there is none."""
    configured = getattr(settings, "RATE_LIMITS", {}).get(action, {}).get(per)
    if not configured:
        return None
    count, seconds = configured
    if count <= 0 or seconds <= 0:
        return None
    return Limit(int(count), int(seconds))


def hit(key: str, limit: Limit) -> int:
    """Count one use of ``key`` in the current window. Returns 0 when the use is within the
    limit, else the seconds until the window ends and uses are allowed again."""
    moment = now()
    window = int(moment // limit.seconds) * limit.seconds
    counters = RateCounter.objects.filter(key=key, window=window)
    with transaction.atomic():
        # The UPDATE locks the row until the transaction ends, so the count read after it is
        # exactly this use's, whatever other servers count meanwhile.
        if not counters.update(count=F("count") + 1):
            ends = datetime.datetime.fromtimestamp(window + limit.seconds, tz=datetime.UTC)
            try:
                with transaction.atomic():
                    RateCounter.objects.create(key=key, window=window, count=1, expires_at=ends)
            except IntegrityError:
                # Another server made the window's counter first: count on it.
                counters.update(count=F("count") + 1)
            else:
                # A new window: drop the counters whose windows have ended, this key's and
                # every other's, so the table stays as small as the traffic of one window.
                RateCounter.objects.filter(
                    expires_at__lte=datetime.datetime.fromtimestamp(moment, tz=datetime.UTC)
                ).delete()
        count = counters.values_list("count", flat=True).get()
    if count <= limit.count:
        return 0
    return max(1, math.ceil(window + limit.seconds - moment))


def waiting(key: str, limit: Limit) -> int:
    """Without counting a use: the seconds until ``key`` may be used again when its window's
    uses have reached the limit, else 0 (a pause that only failures count towards)."""
    moment = now()
    window = int(moment // limit.seconds) * limit.seconds
    count = (
        RateCounter.objects.filter(key=key, window=window).values_list("count", flat=True).first()
    )
    if count is None or count < limit.count:
        return 0
    return max(1, math.ceil(window + limit.seconds - moment))


def address_key(request: HttpRequest) -> str:
    """The client's address as a counter key. An IPv6 client usually holds a whole /64, so
    its addresses count together."""
    address = client_ip(request)
    if address is None:
        return "unknown"
    ip = ipaddress.ip_address(address)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def check(
    request: HttpRequest, action: str, user: AbstractBaseUser | AnonymousUser | None = None
) -> None:
    """Count one ``action`` for the account (``user``, else the signed-in one; an anonymous
    visitor has none yet) and for the client's address. Raises RateLimited when either is
    over its limit: call it before saving anything."""
    if user is None:
        user = request.user
    waits = []
    account = limit_for(action, "account")
    if account is not None and user is not None and user.is_authenticated:
        waits.append(hit(f"{action}:account:{user.pk}", account))
    address = limit_for(action, "ip")
    if address is not None:
        waits.append(hit(f"{action}:ip:{address_key(request)}", address))
    wait = max(waits, default=0)
    if wait:
        raise RateLimited(action, wait)


def notice(error: RateLimited) -> dict[str, str]:
    """Why the write was refused and when to try again, as the refusal's templates show it."""
    minutes = max(1, math.ceil(error.retry_after / 60))
    return {
        "reason": str(REASONS.get(error.action, "")),
        "retry": ngettext(
            "Nothing was saved. Please try again in a minute.",
            "Nothing was saved. Please try again in %(minutes)d minutes.",
            minutes,
        )
        % {"minutes": minutes},
    }


def refused_form(
    request: HttpRequest, template: str, context: Mapping[str, object], error: RateLimited
) -> HttpResponse:
    """The 429 answer of a form's view: the form again, everything typed still in it, with the
    refusal above it (games/form_errors.html), so waiting and sending it again is all it takes.
    For htmx, ``template`` names the form's partial, which takes the form's place."""
    context = {**context, "refused": notice(error)}
    response = render(request, template, context, status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(error.retry_after)
    return response


def refusal(request: HttpRequest, error: RateLimited) -> HttpResponse:
    """The 429 answer of a write with no form of its own to show again: a page, or for htmx a
    fragment shown in place of the page's content."""
    htmx = bool(getattr(request, "htmx", False))
    template = "games/rate_limited.html" + ("#notice" if htmx else "")
    response = render(request, template, notice(error), status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(error.retry_after)
    if htmx:
        # The notice takes the place of the page's content, as the full page would.
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
    return response
