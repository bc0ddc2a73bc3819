"""``{% once %}``: markup every page repeats, rendered once per process and then given again."""

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.remembered import Remembered

register = template.Library()

# What {% once %} rendered, by where and for which keys.
_RENDERED: Remembered[SafeString] = Remembered(500)


class OnceNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(
        self, nodelist: template.NodeList, keys: list[template.base.FilterExpression]
    ) -> None:
        self.nodelist = nodelist
        self.keys = keys

    def render(self, context: template.Context) -> SafeString:
        key = (id(self), get_language(), *(repr(key.resolve(context)) for key in self.keys))
        return _RENDERED.get(key, lambda: SafeString(self.nodelist.render(context)))


@register.tag
def once(parser: template.base.Parser, token: template.base.Token) -> OnceNode:
    """``{% once key ... %}...{% endonce %}``: rendered once per process for the active
    language and each value of the keys named, then given again as it was.

    For the frame every page repeats (static addresses, the links of the header, the
    language menu): a few hundred template nodes per page that only change with the
    language. What is inside may depend on nothing but the language and the keys: never a
    CSRF token, the account, the address of the page, or a message (tests/test_once.py
    renders pages both ways)."""
    bits = token.split_contents()
    nodelist = parser.parse(("endonce",))
    parser.delete_first_token()
    return OnceNode(nodelist, [parser.compile_filter(bit) for bit in bits[1:]])
