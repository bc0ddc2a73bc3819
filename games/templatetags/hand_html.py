"""The hand forms' busiest markup, built in Python (games/hands/html.py) instead of a template
render per card, radio and stepper."""

from collections.abc import Iterable, Sequence

from django import template
from django.forms.boundfield import BoundField, BoundWidget
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.cardfaces import CardFace
from games.hands import html
from games.hands.base import BaseHandForm
from games.remembered import Remembered

register = template.Library()


@register.simple_tag
def card_grid(grid: html.Grid) -> SafeString:
    """``{% card_grid grid %}``: the whole tap grid (games/card_grid.html)."""
    return html.card_grid_html(grid)


@register.simple_tag
def card_face(face: CardFace) -> SafeString:
    """``{% card_face face %}``: one card's face (games/card_face.html)."""
    return html.card_face_html(face)


@register.simple_tag
def steppers(rows: Iterable[tuple[str, BoundField]]) -> SafeString:
    """``{% steppers rows %}``: a stepper per (side, bound number field)."""
    return html.steppers_html(rows)


@register.filter
def option_input(option: BoundWidget) -> SafeString:
    """``{{ radio|option_input }}``: the same <input> as ``{{ radio.tag }}``, without a
    template render."""
    return html.option_input(option)


@register.simple_tag
def mode_switch(mode: BoundField, legend: str) -> SafeString:
    """``{% mode_switch form.mode legend %}``: tap the cards or enter the points."""
    return html.mode_switch_html(mode, legend)


@register.simple_tag
def side_picker(
    side_counts: Sequence[html.SideCount], side_indexes: Sequence[tuple[int, str]]
) -> SafeString:
    """``{% side_picker side_counts side_indexes %}``: a button per side with its figures."""
    return html.side_picker_html(side_counts, side_indexes)


@register.simple_tag
def side_counts(count: html.SideCount, oob: bool = False) -> SafeString:
    """``{% side_counts count oob %}``: one side's figures, out of band with a preview."""
    return html.side_counts_html(count, oob)


@register.simple_tag
def rest_buttons(side_indexes: Sequence[tuple[int, str]]) -> SafeString:
    """``{% rest_buttons side_indexes %}``: "All remaining cards to X" for each side."""
    return html.rest_buttons_html(side_indexes)


# What {% fresh_form_part %} rendered, by where, for which form, in which language.
_FRESH_PARTS: Remembered[SafeString] = Remembered(2000)


class FreshFormPartNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList, form: template.base.FilterExpression) -> None:
        self.nodelist = nodelist
        self.form = form

    def render(self, context: template.Context) -> SafeString:
        form = self.form.resolve(context)
        signature = form.signature() if isinstance(form, BaseHandForm) else ""
        if not signature or form.earlier:
            return SafeString(self.nodelist.render(context))
        key = (id(self), signature, repr(form.setup), get_language())
        return _FRESH_PARTS.get(key, lambda: SafeString(self.nodelist.render(context)))


@register.tag
def fresh_form_part(parser: template.base.Parser, token: template.base.Token) -> FreshFormPartNode:
    """``{% fresh_form_part form %}...{% end_fresh_form_part %}``: markup that only the form
    makes, rendered once per process for each kind of fresh form and then given again.

    A fresh form (unbound, looking at no earlier hand) renders the same inputs for the same
    signature (``BaseHandForm.signature``: its fields, choices, starting values, widget
    settings), table setup and language: the card grid and the steppers of every table page
    were most of its rendering. Nothing else may be inside: no CSRF token, version or token,
    nothing of the table but its setup (games/tables/tests/test_fast_table.py renders every
    game's both ways)."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("{% fresh_form_part %} takes the form")
    nodelist = parser.parse(("end_fresh_form_part",))
    parser.delete_first_token()
    return FreshFormPartNode(nodelist, parser.compile_filter(bits[1]))


# The blank table page a phone makes a table started offline from (tables/offline_views.py) is
# rendered with every option that adds to the hand form on; the parts that depend on an option
# say so for the phone (static/js/offline-tables.js), which keeps those of the table's options.
# At a table whose dealer sits out (Schafkopf at five), every seat's parts are there on every
# page, each marked, and the dealer's hidden: after each hand kept with no signal the phone
# deals the next seat (schafkopf.js); on the blank (``offline_seats``) it deals the first.


@register.simple_tag(takes_context=True)
def offline_if(context: template.Context, condition: str) -> SafeString:
    """``{% offline_if "ramsch schieberramsch" %}``: the part is the form's only where the
    table's options hold the condition: space-separated terms that all hold, each one of
    ``a|b`` alternatives, each ``name`` (on), ``!name`` (off), ``name=value`` or
    ``name!=value``."""
    if not context.get("offline_blank"):
        return SafeString("")
    return format_html(' data-offline-if="{}"', condition)


@register.simple_tag(takes_context=True)
def offline_seat(context: template.Context, seat: int, dealer: int | None = None) -> SafeString:
    """``{% offline_seat forloop.counter0 dealer %}``: the part is left out while ``seat`` deals
    and sits out (hidden while ``dealer`` does)."""
    if dealer is None and not context.get("offline_seats"):
        return SafeString("")
    return format_html(' data-offline-seat="{}"{}', seat, " hidden" if seat == dealer else "")


@register.simple_tag(takes_context=True)
def offline_sitter(context: template.Context, seat: int, dealer: int | None = None) -> SafeString:
    """``{% offline_sitter forloop.counter0 dealer %}``: the part is shown only while ``seat``
    deals and sits out (``dealer`` does)."""
    if dealer is None and not context.get("offline_seats"):
        return SafeString("")
    return format_html(' data-offline-sitter="{}"{}', seat, "" if seat == dealer else " hidden")
