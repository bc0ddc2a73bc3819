"""Request hooks that belong to no single view."""

from __future__ import annotations

import secrets
import struct
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject, empty

from games import ratelimit
from games.clubs import access as club_access
from games.http import kept_copy
from games.packed_pages import GZIP_LEVEL, PackedResponse, gzip_header
from games.unfit_text import UNFIT, mended

if TYPE_CHECKING:
    # What django-stubs calls a request's GET and POST.
    from django.http.request import _ImmutableQueryDict


def gzip_with_random_name(data: bytes, max_random_bytes: int) -> bytes:
    """``data`` gzipped at GZIP_LEVEL, its header naming a file of 0 to max_random_bytes - 1
    bytes, as Django's compress_string does ("Heal The Breach", against BREACH): the length of
    an answer no longer tells a secret in it byte by byte.

    The compressor is given a window and a hash table no larger than the answer needs
    (``_window_bits``): setting up zlib's full 32 KB window and its tables took 0.05 ms, eight
    times what compressing a saved hand's 1.3 KB answer takes (issue 31). Every byte before is
    still in reach, so the answer is as small; from 32 KB up it is zlib's default, byte for
    byte."""
    bits = _window_bits(len(data))
    compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, -bits, bits - 7)
    deflated = compressor.compress(data) + compressor.flush()
    trailer = struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
    return gzip_header(secrets.randbelow(max_random_bytes)) + deflated + trailer


def _window_bits(length: int) -> int:
    """The least deflate window (9 to 15 bits) that reaches back over ``length`` bytes: zlib
    reaches 262 bytes less than its window (MIN_LOOKAHEAD)."""
    return max(9, min(15, (length + 262 - 1).bit_length()))


class QuickGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware compressing whole answers at GZIP_LEVEL (streamed ones as Django
    does): the same answers, headers and BREACH mitigation, a few per cent larger in a third
    of the time. A stored page (``PackedResponse``) comes packed already: its pieces deflated
    once are joined with the request's values instead."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            not isinstance(response, HttpResponse)
            or len(response.content) < 200
            or response.has_header("Content-Encoding")
        ):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if not re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            return response
        compressed = None
        if isinstance(response, PackedResponse):
            compressed = response.gzipped(self.max_random_bytes)
        if compressed is None:
            compressed = gzip_with_random_name(response.content, self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        # As Django's: a strong ETag made weak (RFC 9110 8.8.1), still matching a conditional GET.
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response


class QuickLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware without looking for a language in the path where no URL
    pattern takes one (no ``i18n_patterns``, as here): Django looks on every request and again
    on every answer, and a path's first word ("tables") fails a lookup that nothing keeps, 0.03
    ms a request (issue 31), for an answer it then does not use. The same language, headers and
    redirects; with ``i18n_patterns`` it is Django's own."""

    def process_request(self, request: HttpRequest) -> None:
        if _language_in_path(request):
            return super().process_request(request)
        translation.activate(translation.get_language_from_request(request, check_path=False))
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if _language_in_path(request):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def _language_in_path(request: HttpRequest) -> bool:
    """Whether the request's URLconf has ``i18n_patterns`` (LocaleMiddleware's test)."""
    return bool(
        is_language_prefix_patterns_used(getattr(request, "urlconf", settings.ROOT_URLCONF))[0]
    )


class KeptCopyMiddleware:
    """A page the service worker fetched in the background sets no cookie. Such a fetch may
    have left before a sign-in and come back after it: its answer would set the CSRF cookie
    (Django renews it on every page that shows a form) and the session's back to what they
    were before the sign-in, so the next form the player sends is refused as forged, or the
    player is signed out. The copy is for reading offline; the cookies stay as the player's
    own requests left them. Listed above the session and CSRF middleware, so it sees their
    cookies on the way out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if kept_copy(request):
            response.cookies.clear()
        return response


# The policy's header value by whether it is the report-only one, built from the settings once
# per process: django-csp builds it afresh for every answer (0.08 ms of a bare request's 0.7 ms).
_POLICY_HEADERS: dict[bool, str] = {}
# What a view or a nonce may set to make one answer's policy its own (django-csp's decorators).
_OWN_POLICY_PARTS = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


@receiver(setting_changed)
def _policy_settings_changed(*, setting: str, **_: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _POLICY_HEADERS.clear()


def _policy_header(report_only: bool) -> str:
    header = _POLICY_HEADERS.get(report_only)
    if header is None:
        header = _POLICY_HEADERS[report_only] = build_policy(report_only=report_only)
    return header


class StoredPolicyCSPMiddleware(CSPMiddleware):
    """django-csp's middleware giving every answer the header built once from the settings,
    where nothing made the answer's policy its own (a decorator's policy or a nonce: then
    django-csp builds it as before). The same headers, exemptions and excluded prefixes."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, part) for part in _OWN_POLICY_PARTS
        ):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response
        for report_only, header, exempt in (
            (False, HEADER, "_csp_exempt"),
            (True, HEADER_REPORT_ONLY, "_csp_exempt_ro"),
        ):
            policy = _policy_header(report_only)
            if not policy or header in response or getattr(response, exempt, False):
                continue
            setting = "CONTENT_SECURITY_POLICY" + ("_REPORT_ONLY" if report_only else "")
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if not request.path_info.startswith(tuple(prefixes)):
                response[header] = policy
        # As django-csp does: a nonce asked for once the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


class GuestSeenMiddleware:
    """Keeps a guest's session and last-seen day fresh, at most one write a day."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        club_access.touch_guest(request)
        return response


class LazyMessageMiddleware(MessageMiddleware):
    """Django's MessageMiddleware with the request's message storage made when something
    first asks for it (adds a message, or shows them), not on every request: making it (a
    cookie storage with its signer, a session storage, the fallback between them) was 0.02 ms
    of every request, the table's poll every few seconds and every save included (issue 31).
    An answer to a request that never asked is left as it is, as Django's storage would leave
    it (nothing added, nothing read: nothing to store or clear)."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        messages = request.__dict__.get("_messages")
        if isinstance(messages, SimpleLazyObject) and messages._wrapped is empty:
            return response
        return super().process_response(request, response)


class RateLimitMiddleware:
    """Answers a write refused by a rate limit (games.ratelimit.RateLimited, raised before
    anything is saved) with its 429 page or htmx fragment."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, ratelimit.RateLimited):
            return ratelimit.refusal(request, exception)
        return None


class UnfitTextMiddleware:
    """Mends NUL and lone surrogates (``games.unfit_text``) in everything a request brings
    before anything reads it: the path, the query, the form fields, the cookies and the headers.

    Each such character becomes U+FFFD, so no query, page, log line or export meets one; a form
    shown again keeps what was typed, the mended character visible, and its text fields refuse
    it (``games.clubs.forms.readable``). Before SessionMiddleware, which looks its cookie up."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Each kind searched at once, joined (as ``_mended_query`` does), and gone through one
        # by one only where something is found: every request pays the search, few the mending.
        if UNFIT.search(request.path_info) or UNFIT.search(request.path):
            request.path_info = mended(request.path_info)
            request.path = mended(request.path)
        if request.META.get("QUERY_STRING"):
            # Only an address with a query has one to mend (request.GET is read from it).
            request.GET = _mended_query(request.GET)
        cookies = request.COOKIES
        if UNFIT.search("".join(name + value for name, value in cookies.items())):
            for name, value in list(cookies.items()):
                if UNFIT.search(name) or UNFIT.search(value):
                    # Nothing that sets a cookie ever sets one like it: drop it, as if never sent.
                    del cookies[name]
        meta = request.META
        headers = [
            name
            for name, value in meta.items()
            if name.startswith("HTTP_") and isinstance(value, str)
        ]
        if UNFIT.search("".join(meta[name] for name in headers)):
            for name in headers:
                meta[name] = mended(meta[name])
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: object, *_arguments: object) -> None:
        # Here, not in __call__: the body is read only when a view is about to, as before. A
        # view exempt from the CSRF middleware reads its body itself, after choosing how (the
        # club archive's restore sets its upload handlers first), and mends it then
        # (``mend_post``).
        if request.method == "POST" and not getattr(view, "csrf_exempt", False):
            mend_post(request)


def mend_post(request: HttpRequest) -> None:
    """The posted fields with each NUL or lone surrogate replaced by U+FFFD."""
    request.POST = _mended_query(request.POST)


def _mended_query(data: _ImmutableQueryDict) -> _ImmutableQueryDict:
    # One search over every name and value at once: the characters it looks for are single
    # code points, which joining strings neither makes nor hides (a hand's forty-odd fields
    # searched one by one took 0.09 ms of every save, this 0.02 on a busy machine).
    if not UNFIT.search("".join(key + "".join(values) for key, values in data.lists())):
        return data
    pairs = [(key, value) for key, values in data.lists() for value in values]
    fresh = QueryDict(mutable=True, encoding=data.encoding)
    for key, value in pairs:
        fresh.appendlist(mended(key), mended(value))
    return QueryDict(fresh.urlencode(), encoding=data.encoding)
