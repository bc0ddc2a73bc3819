"""The hand forms' busiest markup, built in Python in one pass.

A Scopa table page holds 40 cards of 3 to 5 radios each. Rendered the usual way, every radio
and every card face is a template render of its own (``{{ radio.tag }}``, an include per card),
and those renders were most of the page's time. Here the grid, the card faces, the radios and
the steppers are strings joined in Python, escaped as the template engine escapes
(``conditional_escape``), from the same bound fields: the widgets' own Python code still decides
every attribute (ids, ``checked``, ``required``, ``aria-invalid``, ``aria-describedby``); only
the templates ``django/forms/widgets/input.html`` and ``attrs.html`` are spelled out below. A
widget that renders through any other template falls back to Django's own rendering.

The templates call these through ``games/templatetags/hand_html.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape as _html_escape
from typing import TYPE_CHECKING, TypeVar

from django import forms
from django.forms.boundfield import BoundWidget
from django.utils.functional import Promise
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _

from games.cardfaces import CardFace, deck_by_suit
from games.scoring.cards import Card, DeckStyle
from games.short_names import short_among

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The widget templates spelled out by input_html: every <input> widget renders through these.
_INPUT_TEMPLATES = frozenset(
    {
        "django/forms/widgets/input.html",
        "django/forms/widgets/number.html",
        "django/forms/widgets/text.html",
        "django/forms/widgets/hidden.html",
        "django/forms/widgets/email.html",
        "django/forms/widgets/url.html",
        "django/forms/widgets/password.html",
        "django/forms/widgets/date.html",
        "django/forms/widgets/datetime.html",
        "django/forms/widgets/time.html",
    }
)
# BoundWidget.tag() renders a choice through one of these, with wrap_label off: the <input> alone.
_OPTION_TEMPLATES = frozenset(
    {"django/forms/widgets/radio_option.html", "django/forms/widgets/checkbox_option.html"}
)

# (suit's css name, suit's name, [(face, the card's bound radio field), ...]) per suit.
Grid = Sequence[tuple[str, str, Sequence[tuple[CardFace, forms.BoundField]]]]


def esc(value: object) -> str:
    """``{{ value }}`` in a template: escaped unless already safe. The same as Django's
    ``conditional_escape`` (which escapes with ``html.escape`` too), without the wrapper that
    checks its arguments for lazy strings on every call: a grid escapes some 800 values."""
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _html_escape(str(value))


def _attr_value(value: object) -> str:
    """``{{ value|stringformat:'s' }}``: ``stringformat`` keeps a safe string safe."""
    return str(value) if isinstance(value, SafeData) else esc(str(value))


def attrs_html(attrs: Mapping[str, object]) -> str:
    """django/forms/widgets/attrs.html: ``True`` as a bare name, ``False`` left out."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(f" {esc(name)}")
        elif value is not False:
            parts.append(f' {esc(name)}="{_attr_value(value)}"')
    return "".join(parts)


def input_html(widget: Mapping[str, object]) -> str:
    """django/forms/widgets/input.html, from a widget's context (``get_context()["widget"]``
    or a ``BoundWidget``'s ``data``)."""
    value, attrs = widget["value"], widget["attrs"]
    assert isinstance(attrs, dict)  # the widget's attributes, as Django builds them
    value_attr = "" if value is None else f' value="{_attr_value(value)}"'
    return (
        f'<input type="{esc(widget["type"])}" name="{esc(widget["name"])}"'
        f"{value_attr}{attrs_html(attrs)}>"
    )


def widget_html(bound: forms.BoundField) -> SafeString:
    """``{{ bound }}`` for a field with an <input> widget (``BoundField.as_widget``), without
    a template render; any other widget is rendered by Django."""
    widget = bound.field.widget
    if (
        widget.template_name not in _INPUT_TEMPLATES
        or type(widget).render is not forms.Widget.render
        or bound.field.localize
    ):
        return SafeString(str(bound))
    attrs = bound.build_widget_attrs({}, widget)
    if bound.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", bound.auto_id)
    context = widget.get_context(bound.html_name, bound.value(), attrs)["widget"]
    return mark_safe(input_html(context))


def errors_html(bound: forms.BoundField) -> str:
    """``{{ bound.errors }}``: nothing when the field has none (the usual case), else Django's
    own error list."""
    errors = bound.errors
    return str(errors) if errors else ""


def option_input(option: BoundWidget) -> SafeString:
    """``{{ radio.tag }}``: the <input> of one choice of a RadioSelect (or a
    CheckboxSelectMultiple)."""
    if option.template_name not in _OPTION_TEMPLATES:
        return SafeString(option.tag())
    return mark_safe(input_html(option.data))


def card_face_html(face: CardFace) -> SafeString:
    """A card's face: its corner index and its suit, a text pip or the suit's icon."""
    if face.pip:
        suit = f'<span class="pip">{esc(face.pip)}</span>'
    else:
        suit = f'<svg class="suit-icon"><use href="#suit-{esc(face.suit)}"></use></svg>'
    return mark_safe(
        f'<span class="card-face" aria-hidden="true"><span class="corner">{esc(face.corner)}'
        f"</span>{suit}</span>"
    )


# A card's HTML by everything it is made of (see _card_key): a hand form renders the same 40
# cards for every new hand, and a tap changes one of them. Bounded, and only ever filled with
# what the inputs determine, so every app server (and every process) answers alike.
_CARD_HTML: dict[tuple[object, ...], str] = {}
_CARD_HTML_LIMIT = 20_000


def _card_key(
    face: CardFace,
    field: forms.BoundField,
    none: str,
    written: dict[int, tuple[object, tuple[object, ...]]],
) -> tuple[object, ...]:
    """What a card's HTML depends on, for an ordinary card field (``add_card_fields``):
    its face, name, id, choices and value, and the words around it. A field with errors,
    a disabled one or one with extra widget attributes is not kept (an empty key).
    ``written``: choices already written out, by the list's identity (the 40 card fields of a
    form share one; the list is kept with them, so its id is not reused)."""
    if (
        not isinstance(field.field, forms.ChoiceField)
        or field.errors
        or field.field.disabled
        or field.field.widget.attrs
    ):
        return ()
    value = field.value()
    choices = field.field.choices
    # Normalised by the field: a list of (value, label), as add_card_fields gives them.
    assert isinstance(choices, list)
    if id(choices) not in written:
        written[id(choices)] = (choices, tuple((str(key), str(label)) for key, label in choices))
    return (
        face,
        field.html_name,
        field.auto_id,
        written[id(choices)][1],
        None if value is None else str(value),
        none,
    )


def _card_html(
    face: CardFace,
    field: forms.BoundField,
    none: str,
    written: dict[int, tuple[object, tuple[object, ...]]],
) -> str:
    key = _card_key(face, field, none, written)
    if key:
        found = _CARD_HTML.get(key)
        if found is None:
            found = _card_html_built(face, field, none)
            if len(_CARD_HTML) >= _CARD_HTML_LIMIT:
                _CARD_HTML.clear()
            _CARD_HTML[key] = found
        return found
    return _card_html_built(face, field, none)


def _card_html_built(face: CardFace, field: forms.BoundField, none: str) -> str:
    value = field.value()
    radios = "".join(
        f'<label class="card-radio">{option_input(radio)}<span class="card-radio-label">'
        f"{none if radio.data['value'] == '' else esc(radio.choice_label)}</span></label>"
        for radio in field.subwidgets
    )
    return (
        f'<div class="card" data-card="{esc(face.code)}" '
        f'data-side="{"" if value is None else esc(value)}">{card_face_html(face)}'
        f'<fieldset class="card-radios"><legend class="visually-hidden">{esc(face.name)}'
        f"</legend>{radios}</fieldset></div>"
    )


def add_card_fields(
    form: forms.Form, cards: Iterable[Card], choices: Sequence[tuple[str, StrOrPromise]]
) -> None:
    """A radio field ``card_<code>`` per card, in the card's order: "-" (nobody) and then
    ``choices``, one per side it may go to. The tap grid (``card_grid``) shows these."""
    # One field built, and copied for the other cards: building a ChoiceField normalises its
    # choices twice (for the field and its widget), which was most of the time a hand form
    # took to build. The copies share the choices (never changed in place) and nothing else.
    model = forms.ChoiceField(
        choices=[("", "-"), *choices], required=False, widget=forms.RadioSelect
    )
    for card in cards:
        field = _shallow_copy(model)
        field.widget = _shallow_copy(model.widget)
        field.widget.attrs = dict(model.widget.attrs)
        form.fields[f"card_{card.code}"] = field


_T = TypeVar("_T")


def _shallow_copy(thing: _T) -> _T:
    """``copy.copy`` of a plain object (its attributes in its ``__dict__``), without the
    pickle protocol ``copy.copy`` goes through: a form copies 80 of these."""
    twin = object.__new__(type(thing))
    twin.__dict__.update(thing.__dict__)
    return twin


def card_grid(form: forms.Form, style: DeckStyle) -> Grid:
    """The tap grid for ``card_grid_html``: a row per suit of the cards ``form`` has a field
    for (``add_card_fields``), each face with its bound field."""
    return [
        (
            suit_css,
            suit_name,
            [
                (face, form[f"card_{face.code}"])
                for face in faces
                if f"card_{face.code}" in form.fields
            ],
        )
        for suit_css, suit_name, faces in deck_by_suit(style)
    ]


def card_grid_html(grid: Grid) -> SafeString:
    """The tap grid: a row of cards per suit, each card with its face and one radio per side
    (and "none"), named and checked by the card's field (``card_<code>``). The script
    (static/js/hand.js) sets ``data-side`` as the radios change."""
    # As {% translate "none" %} does: a translation is written out as it stands.
    none = _("none")
    written: dict[int, tuple[object, tuple[object, ...]]] = {}
    rows = []
    for suit_css, suit_name, cards in grid:
        cells = "\n".join(_card_html(face, field, none, written) for face, field in cards)
        rows.append(
            f'<div class="suit-row suit-{esc(suit_css)}" role="group" '
            f'aria-label="{esc(suit_name)}">\n{cells}\n</div>'
        )
    return mark_safe('<div class="card-grid">\n' + "\n".join(rows) + "\n</div>")


def stepper_html(side: str, bound: forms.BoundField) -> SafeString:
    """A side's number field between a - and a + button (static/js/hand.js steps the field
    named by ``data-target``), labelled with the side's name, and the field's errors."""
    target = esc(bound.id_for_label)
    name = esc(side)
    # As {% blocktranslate %} does: the name escaped, the translation as written.
    less = _("One less for %(side)s") % {"side": name}
    more = _("One more for %(side)s") % {"side": name}
    controls = "stepper-controls wide" if _wide(bound.field) else "stepper-controls"
    return mark_safe(
        f'<div class="stepper"><label for="{target}">{name}</label><div class="{controls}">'
        f'<button type="button" class="step js-only" data-step="-1" data-target="{target}" '
        f'aria-label="{less}">\u2212</button>{widget_html(bound)}'
        f'<button type="button" class="step js-only" data-step="1" data-target="{target}" '
        f'aria-label="{more}">+</button></div>{errors_html(bound)}</div>'
    )


def _wide(field: forms.Field) -> bool:
    """Whether a number field may hold more than three characters ("-12", "999"), the most
    a narrow box shows whole: unbounded, or bounded beyond them (a made-up game's points)."""
    bounds = [getattr(field, "min_value", None), getattr(field, "max_value", None)]
    return None in bounds or max(len(str(bound)) for bound in bounds) > 3


def steppers_html(rows: Iterable[tuple[str, forms.BoundField]]) -> SafeString:
    """One stepper per (side, bound field), a line each."""
    return mark_safe("\n".join(stepper_html(side, bound) for side, bound in rows))


# -- the tap-card pieces (templates/games/hands/tap_cards.html, games/hands/tap_cards.py) --------


def seat_name_html(name: str, short: str) -> str:
    """templates/games/seat_name.html: a player's name on a chip too narrow for it, with its
    ``short`` label (``short_among``: distinct from the other seats') to show where the whole
    name does not fit."""
    if short != name:
        return (
            f'<span class="seat-name"><span class="seat-name-full">{esc(name)}</span>'
            f'<span class="seat-name-short" aria-hidden="true">{esc(short)}</span></span>'
        )
    return f'<span class="seat-name">{esc(name)}</span>'


@dataclass(frozen=True)
class Figure:
    """One number on a side's button in the side picker: ``key`` names its
    ``data-count-<key>`` attribute, ``label`` is what the player reads before it."""

    key: str
    label: str
    value: int


@dataclass(frozen=True)
class SideCount:
    """A side's figures so far (its cards, and the coins or card points the game counts), as
    its button in the side picker shows them."""

    index: int
    side: str
    figures: tuple[Figure, ...]

    def __getitem__(self, key: str) -> int:
        """A figure's value by its key: ``count["coins"]``, ``{{ count.coins }}`` in a
        template (which looks a name up as a key first)."""
        for figure in self.figures:
            if figure.key == key:
                return figure.value
        raise KeyError(key)


def side_counts_html(count: SideCount, oob: bool = False) -> SafeString:
    """A side's figures on its button in the side picker ("cards 5 · coins 4"), each number
    in its ``data-count-<key>``; ``oob`` swaps them in out of band with a preview."""
    figures = " · ".join(
        f'{esc(figure.label)} <span data-count-{esc(figure.key)}="{count.index}">'
        f"{esc(figure.value)}</span>"
        for figure in count.figures
    )
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(
        f'<span id="side-counts-{count.index}" class="side-pick-counts"{swap}>{figures}</span>'
    )


def side_picker_html(
    side_counts: Sequence[SideCount], side_indexes: Sequence[tuple[int, str]]
) -> SafeString:
    """The side picker: a button per side, its name and its figures; the first is pressed."""
    # As {% translate %} writes a literal's translation: as the catalog has it.
    label = _("Tapped cards go to")
    buttons = []
    for position, count in enumerate(side_counts):
        short = short_among(count.side, side_indexes)
        buttons.append(
            f'<button type="button" class="side-pick side-{count.index}" '
            f'data-side="{count.index}" data-short="{esc(short)}" '
            f'aria-pressed="{"true" if position == 0 else "false"}">\n'
            f'<span class="side-pick-name">{seat_name_html(count.side, short)}</span>\n'
            f"{side_counts_html(count)}\n</button>"
        )
    return mark_safe(
        f'<div class="side-picker" role="group" aria-label="{label}">\n'
        + "\n".join(buttons)
        + "\n</div>"
    )


def rest_buttons_html(side_indexes: Sequence[tuple[int, str]]) -> SafeString:
    """ "All remaining cards to X", a submit button per side (games/hands/base.py ``rest_to``
    answers it without JavaScript)."""
    buttons = "\n".join(
        f'<button type="submit" class="button rest-to side-{index}" name="rest_to" '
        f'value="{index}" formnovalidate>'
        # As {% blocktranslate %} does: the name escaped, the translation as written.
        + _("All remaining cards to %(side)s") % {"side": esc(side)}
        + "</button>"
        for index, side in side_indexes
    )
    return mark_safe(f'<div class="rest-buttons">\n{buttons}\n</div>')


def mode_switch_html(mode: forms.BoundField, legend: str) -> SafeString:
    """Tap the cards or enter the points: the form's ``mode`` radios as segments."""
    segments = "".join(
        f'<label class="segment">{option_input(radio)} <span>{esc(radio.choice_label)}</span>'
        "</label>"
        for radio in mode
    )
    return mark_safe(
        f'<fieldset class="mode-switch">\n<legend class="visually-hidden">{esc(legend)}</legend>'
        f"\n{segments}\n</fieldset>"
    )
