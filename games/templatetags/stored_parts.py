"""``{% stored_part %}``: a part of a page stored once rendered, under a key the view gives
(the context's ``stored_key``), and given again while the key is the same.

The key is everything the part shows (a table page's: the rows of its table, club, league,
seats and players, the table's version, which every change to its hands bumps, the viewer's
role and the language: ``tables/page.stored_key``), so a stored part is a pure function of it
and never outlives a change: a changed page has another key. What a part holds that differs
per request is stored as a placeholder and filled in each time it is given: the CSRF token of
its forms (the request's own), and what the view names in ``stored_fill`` (a table page's
new hand token). A render without a key (a 409, a 422,
the answer to a save, a fragment) renders the part as it is, every time.
"""

from __future__ import annotations

from collections.abc import Hashable

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.hands.html import esc
from games.remembered import Remembered

register = template.Library()

# Stored parts by (name, key). A table page's is some 20-60 KB (a card game's grid): two
# hundred of them at most, some ten megabytes per app server; all go when there would be more.
STORED: Remembered[str] = Remembered(200)
# Stands for the CSRF token in a stored part: letters only, so escaping leaves it as it is,
# and no page shows it otherwise.
CSRF_PLACEHOLDER = "StoredPartCsrfTokenPlaceholder"


def stored(name: str, key: Hashable) -> str | None:
    """The part ``name`` stored under ``key``, if it is (the view then need not work out what
    only the part shows, and gives it in the context's ``stored_given``)."""
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

        def render() -> str:
            with context.push(csrf_token=CSRF_PLACEHOLDER):
                return str(self.nodelist.render(context))

        given = (context.get("stored_given") or {}).get(self.name)
        markup = given if given is not None else STORED.get((self.name, key), render)
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


@register.tag
def stored_part(parser: template.base.Parser, token: template.base.Token) -> StoredPartNode:
    """``{% stored_part "name" %}...{% endstored_part %}``: see the module's docstring."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError("{% stored_part %} takes one quoted name")
    nodelist = parser.parse(("endstored_part",))
    parser.delete_first_token()
    return StoredPartNode(nodelist, bits[1][1:-1])
