"""The address a request came from, for the login throttle (django-axes) and the rate limits.

Without a trusted proxy it is the connection's own address (REMOTE_ADDR). Behind the load
balancer (TRUST_X_FORWARDED_PROTO=1, which already says a proxy sets the forwarded headers) it
is read from X-Forwarded-For, counting from the right: each proxy appends the address it got
the request from, so the last CLIENT_IP_PROXY_COUNT entries were written by our proxies and the
one they name is the client. Entries further left are the client's own say and are ignored, so
a client cannot choose its address by sending the header itself.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _valid(address: str) -> str | None:
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The client's address, or None when the request carries no usable one."""
    remote = _valid(request.META.get("REMOTE_ADDR", "") or "")
    if not getattr(settings, "TRUST_X_FORWARDED_FOR", False):
        return remote
    forwarded = [
        item for item in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if item.strip()
    ]
    count = max(1, int(getattr(settings, "CLIENT_IP_PROXY_COUNT", 1)))
    if len(forwarded) < count:
        # Not through our proxies after all (a health check, a direct connection).
        return remote
    return _valid(forwarded[-count]) or remote
