"""Characters no text the site reads may hold, whatever field or parameter brings them.

A NUL cannot be stored (PostgreSQL keeps none in a text column, and refuses a query naming
one) and a lone UTF-16 surrogate cannot be written out (no UTF-8 page, log line or export can
encode one). ``games.middleware.UnfitTextMiddleware`` mends both in every request before a view
reads it, and ``games.uploads.check_document`` refuses them in an uploaded file; what was mended
shows as U+FFFD, which ``games.clubs.forms.readable`` refuses in the text fields the site keeps,
so the visitor sees which field to type again instead of a name that silently changed.

Pure Python, as ``games.uploads`` is, for the command line's path that never imports Django.
"""

from __future__ import annotations

import re

UNFIT = re.compile("[\x00\ud800-\udfff]")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# What a browser shows for a character it could not decode, and what Django already puts in
# place of a byte sequence that is not UTF-8.
REPLACEMENT = "\ufffd"


def mended(text: str) -> str:
    return UNFIT.sub(REPLACEMENT, text)
