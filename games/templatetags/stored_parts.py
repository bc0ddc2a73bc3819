"""``{% stored_part %}``: a part of a page stored once rendered, under a key the view gives
(the context's ``stored_key``), and given again while the key is the same.

The key is everything the stored markup shows (a table page's: the rows of its table, club,
league, seats and players but for what every save moves, the next hand's starting values, the
viewer's role and the language: ``tables/page.layout_key``), so a stored part is a pure
function of it and never outlives a change: a changed page has another key. What a part shows
that a write to the table's hands moves is marked ``{% each_time %}...{% end_each_time %}``
inside it: stored as a placeholder, and that template rendered in the request's own context
each time the part is given (the scoreboard, the history, the chart, the version the forms
carry), so a save leaves the rest (the hand form and its card grid, the buttons) stored. A
block marked so must read only the part's own context (not a ``{% with %}`` or loop variable
around it), which rendering it later gives it as it was. What a part holds that differs per
request is stored as a placeholder and filled in each time it is given: the CSRF token of its
forms (the request's own), and what the view names in ``stored_fill`` (a table page's new hand
token). A render without a key (a 409, a 422, the answer to a save, a fragment) renders the
part as it is, every time, its ``{% each_time %}`` blocks in place.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Hashable
from dataclasses import dataclass

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.hands.html import esc
from games.remembered import Remembered

register = template.Library()


def stand_in(name: str) -> str:
    """What stands in stored text for a value each answer fills in (a token, a version):
    ``name`` and a tail drawn once per process (stored text is a process's own). Letters and
    digits only, so escaping (HTML or JSON) leaves it as it is; the tail, so no text a player
    types can spell it (a player named after a fixed placeholder was shown the CSRF token in
    place of the name)."""
    return f"{name}{secrets.token_hex(16)}"


# Stands for the CSRF token in a stored part.
CSRF_PLACEHOLDER = stand_in("StoredPartCsrf")
# Where each ``{% each_time %}`` block goes in a stored part's markup, by its number: a comment,
# which no escaped text a player typed can spell (a name of letters could, and would cut the
# part in the wrong places); the context variable holding the blocks met while a part is
# rendered to be stored.
EACH_TIME_PLACEHOLDER = re.compile(r"<!--each time (\d+)-->")
COLLECTING = "stored_part_each_time"


@dataclass(frozen=True)
class StoredPart:
    """A part's markup cut at its ``{% each_time %}`` blocks: ``pieces`` of fixed markup with,
    between each two, the block (``each_time``) rendered for the request that is given it."""

    pieces: tuple[str, ...]
    each_time: tuple[template.NodeList, ...]

    def filled(self, context: template.Context) -> str:
        rendered = [str(block.render(context)) for block in self.each_time]
        joined = [self.pieces[0]]
        for block, piece in zip(rendered, self.pieces[1:], strict=True):
            joined += (block, piece)
        return "".join(joined)


# Stored parts by (name, key). A table page's is some 20-60 KB (a card game's grid), one for
# each table in play (its key holds no version: a save leaves it), readers and languages apart:
# six hundred at most, some thirty megabytes per app server; all go when there would be more.
STORED: Remembered[StoredPart] = Remembered(600)


def stored(name: str, key: Hashable) -> StoredPart | None:
    """The part ``name`` stored under ``key``, if it is."""
    return STORED.known((name, key))


class StoredPartNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList, name: str) -> None:
        self.nodelist = nodelist
        self.name = name

    def render(self, context: template.Context) -> SafeString:
        key = context.get("stored_key")
        if key is None:
            return SafeString(self.nodelist.render(context))

        def render() -> StoredPart:
            blocks: list[template.NodeList] = []
            with context.push({"csrf_token": CSRF_PLACEHOLDER, COLLECTING: blocks}):
                markup = str(self.nodelist.render(context))
            pieces = EACH_TIME_PLACEHOLDER.split(markup)[::2]
            return StoredPart(tuple(pieces), tuple(blocks))

        markup = STORED.get((self.name, key), render).filled(context)
        token = context.get("csrf_token")
        real = "" if not token or token == "NOTPROVIDED" else esc(token)
        if not real:
            # A page rendered without a CSRF token renders its forms without the input.
            markup = markup.replace(
                f'<input type="hidden" name="csrfmiddlewaretoken" value="{CSRF_PLACEHOLDER}">',
                "",
            )
        markup = markup.replace(CSRF_PLACEHOLDER, real)
        # What else differs per request (``stored_fill``: placeholder -> value, both of
        # letters and digits only, so escaping leaves them as they are).
        for placeholder, value in (context.get("stored_fill") or {}).items():
            markup = markup.replace(placeholder, value)
        return mark_safe(markup)


class EachTimeNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> SafeString:
        collecting = context.get(COLLECTING)
        if collecting is None:
            return SafeString(self.nodelist.render(context))
        collecting.append(self.nodelist)
        return SafeString(f"<!--each time {len(collecting) - 1}-->")


@register.tag
def stored_part(parser: template.base.Parser, token: template.base.Token) -> StoredPartNode:
    """``{% stored_part "name" %}...{% endstored_part %}``: see the module's docstring."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError("{% stored_part %} takes one quoted name")
    nodelist = parser.parse(("endstored_part",))
    parser.delete_first_token()
    return StoredPartNode(nodelist, bits[1][1:-1])


@register.tag
def each_time(parser: template.base.Parser, token: template.base.Token) -> EachTimeNode:
    """``{% each_time %}...{% end_each_time %}``: inside a stored part, rendered for each
    request it is given to (see the module's docstring)."""
    if len(token.split_contents()) != 1:
        raise template.TemplateSyntaxError("{% each_time %} takes no arguments")
    nodelist = parser.parse(("end_each_time",))
    parser.delete_first_token()
    return EachTimeNode(nodelist)
