"""The hand forms' card grid, steppers and radios, built in Python (games/hands/html.py): the
same inputs, labels and attributes as Django's own per-widget rendering, checked on the right
cards, and every side's name escaped."""

from __future__ import annotations

import types
from collections.abc import Mapping
from html.parser import HTMLParser
from typing import Any

import pytest
from django import forms
from django.http import QueryDict
from django.template import engines
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hands import HAND_ENTRIES, BaseHandForm
from games.hands.html import card_grid_html, option_input, steppers_html, widget_html
from games.scoring import GAMES
from games.scoring.cards import DECK
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import captures_entry
from tests.pages import InputParser, edit_url, html, table_url

EVIL = '<script>"Zo\'e"&amp;'
ESCAPED = "&lt;script&gt;&quot;Zo&#x27;e&quot;&amp;amp;"

# The grid and the stepper as templates rendered them before, a template render per radio
# and per card: the reference the Python builders are held to.
REFERENCE_GRID = """{% load i18n %}
<div class="card-grid">
  {% for suit_css, suit_name, cards in grid %}
  <div class="suit-row suit-{{ suit_css }}" role="group" aria-label="{{ suit_name }}">
    {% for face, field in cards %}
    <div class="card" data-card="{{ face.code }}" data-side="{{ field.value|default_if_none:'' }}">
      <span class="card-face" aria-hidden="true"><span class="corner">{{ face.corner }}</span>{% if face.pip %}<span class="pip">{{ face.pip }}</span>{% else %}<svg class="suit-icon"><use href="#suit-{{ face.suit }}"></use></svg>{% endif %}</span>
      <fieldset class="card-radios">
        <legend class="visually-hidden">{{ face.name }}</legend>
        {% for radio in field %}<label class="card-radio">{{ radio.tag }}<span class="card-radio-label">{% if radio.data.value == "" %}{% translate "none" %}{% else %}{{ radio.choice_label }}{% endif %}</span></label>{% endfor %}
      </fieldset>
    </div>
    {% endfor %}
  </div>
  {% endfor %}
</div>"""  # noqa: E501

REFERENCE_STEPPERS = """{% load i18n %}{% for side, bound in rows %}
<div class="stepper">
  <label for="{{ bound.id_for_label }}">{{ side }}</label>
  <div class="stepper-controls">
    <button type="button" class="step js-only" data-step="-1" data-target="{{ bound.id_for_label }}" aria-label="{% blocktranslate %}One less for {{ side }}{% endblocktranslate %}">−</button>
    {{ bound }}
    <button type="button" class="step js-only" data-step="1" data-target="{{ bound.id_for_label }}" aria-label="{% blocktranslate %}One more for {{ side }}{% endblocktranslate %}">+</button>
  </div>
  {{ bound.errors }}
</div>{% endfor %}"""  # noqa: E501


class Dom(HTMLParser):
    """A page as its elements, attributes and text, without the whitespace between tags that
    a template's layout leaves (the grid and the steppers are grid and flex boxes, where it
    renders as nothing)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[tuple[Any, ...]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.nodes.append(("<", tag, tuple(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.nodes.append(("</", tag))

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.nodes.append(("text", " ".join(data.split())))


def reference(source: str, context: Mapping[str, Any]) -> str:
    return engines["django"].from_string(source).render(dict(context))


def hand_form(
    game: str, players: list[str], data: Mapping[str, str] | None = None, **options: object
) -> tuple[BaseHandForm, dict[str, Any]]:
    rules = GAMES[game]
    setup = rules.setup(players, options)
    entry = HAND_ENTRIES[game]
    form = entry.form(setup, rules, data=data)
    # As a template reads the context: a value worked out on first read is called.
    context = {
        name: value() if callable(value) else value
        for name, value in entry.context(form, setup).items()
    }
    return form, context


def bound_scopa(**extra: str) -> tuple[BaseHandForm, dict[str, Any]]:
    """Ann took the ace and the two of coins, the other side the settebello; the king of swords
    holds a side that does not exist."""
    data = {"mode": "cards", "card_AD": "0", "card_2D": "0", "card_7D": "1", "card_KS": "9"}
    return hand_form("scopa", ["Ann", EVIL], {**data, **extra})


FORMS = {
    "scopa, new hand": lambda: hand_form("scopa", ["Ann", EVIL]),
    "scopa, cards being tapped": bound_scopa,
    "scopone, teams": lambda: hand_form(
        "scopone", ["Ann", EVIL, "Cy", "Di"], {"card_AD": "1", "card_KB": "0", "scopas_0": "-1"}
    ),
    "scopa, french deck": lambda: hand_form(
        "scopa", ["Ann", "Bob"], {"card_AD": "1"}, deck="french", scopa_d_assi=True
    ),
    "pirate scopa, tarot deck": lambda: hand_form(
        "pirate-scopa", ["Ann", "Bob", EVIL], {"card_5C": "2", "card_AD": ""}, deck="tarot"
    ),
    "ciapano": lambda: hand_form(
        "ciapano", ["Ann", "Bob", EVIL], {"mode": "cards", "card_AD": "2", "aces_1": "x"}
    ),
}


@pytest.mark.parametrize("case", FORMS)
def test_the_grid_is_the_one_djangos_widgets_render(case: str) -> None:
    _form, context = FORMS[case]()

    built = card_grid_html(context["grid"])

    assert Dom(built).nodes == Dom(reference(REFERENCE_GRID, context)).nodes


@pytest.mark.parametrize("case", FORMS)
def test_the_steppers_are_the_ones_djangos_widgets_render(case: str) -> None:
    _form, context = FORMS[case]()

    for rows in context["steppers"].values():
        built = steppers_html(rows)
        assert Dom(built).nodes == Dom(reference(REFERENCE_STEPPERS, {"rows": rows})).nodes
        for _side, bound in rows:
            assert widget_html(bound) == str(bound)


@pytest.mark.parametrize("game", sorted(HAND_ENTRIES))
def test_every_radio_is_the_input_djangos_widget_renders(game: str) -> None:
    players = ["Ann", "Bob", "Cy", "Di"] if game != "scopa" else ["Ann", EVIL]
    for data in (None, {"mode": "nonsense", "contract": "nonsense", "went_out": "9"}):
        form, _context = hand_form(game, players, data)
        for bound in form:
            if isinstance(bound.field.widget, forms.RadioSelect):
                for radio in bound:
                    assert option_input(radio) == radio.tag()


def test_a_bound_grid_checks_the_cards_each_side_took_and_escapes_the_names() -> None:
    _form, context = bound_scopa()

    built = card_grid_html(context["grid"])

    radios = InputParser()
    radios.feed(built)
    assert radios.checked["card_AD"] == radios.checked["card_2D"] == "0"
    assert radios.checked["card_7D"] == "1"
    # Every card not yet tapped keeps "none" checked; the impossible side checks nothing.
    untapped = {card.code for card in DECK} - {"AD", "2D", "7D", "KS"}
    assert all(radios.checked[f"card_{code}"] == "" for code in untapped)
    assert "card_KS" not in radios.checked
    assert all(radios.radios[f"card_{card.code}"] == ["", "0", "1"] for card in DECK)
    assert 'data-card="AD" data-side="0"' in built
    assert 'data-card="7D" data-side="1"' in built
    assert 'data-card="AS" data-side=""' in built
    assert '<input type="radio" name="card_7D" value="1" id="id_card_7D_2" checked>' in built
    # The card with an impossible side is marked invalid, radio by radio, as Django does.
    assert '<input type="radio" name="card_KS" value="" id="id_card_KS_0" aria-invalid="true">' in (
        built
    )
    assert built.count(f'<span class="card-radio-label">{ESCAPED}</span>') == 40
    assert "<script>" not in built
    assert built.count("<legend") == 40


def test_the_steppers_escape_the_names_in_labels_and_buttons() -> None:
    _form, context = hand_form("scopa", ["Ann", EVIL], {"scopas_1": "3", "points_1": "x"})

    built = steppers_html(context["steppers"]["scopas"]) + steppers_html(
        context["steppers"]["points"]
    )

    assert f'<label for="id_scopas_1">{ESCAPED}</label>' in built
    assert f'aria-label="One less for {ESCAPED}"' in built
    assert f'aria-label="One more for {ESCAPED}"' in built
    assert '<input type="number" name="scopas_1" value="3" min="0" max="20" id="id_scopas_1">' in (
        built
    )
    assert 'aria-invalid="true" aria-describedby="id_points_1_error" id="id_points_1">' in built
    assert '<ul class="errorlist" id="id_points_1_error">' in built
    assert "<script>" not in built


@pytest.mark.django_db
def test_the_table_and_edit_pages_show_the_grid_with_the_names_escaped(client: Any) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", EVIL])
    table_services.round_record(table, captures_entry("Ann", EVIL))

    page = html(client.get(table_url(table)))
    edit = client.get(edit_url(table, 1))

    assert page.count("data-card=") == 40
    assert page.count(f'<span class="card-radio-label">{ESCAPED}</span>') == 40
    assert "<script>" not in page.replace("<script src=", "")
    radios = InputParser()
    radios.feed(html(edit))
    assert radios.checked["card_7D"] == "0"
    assert radios.checked["card_KB"] == "1"
    assert 'data-card="7D" data-side="0"' in html(edit)


# -- cleaning: the card fields checked in one pass -------------------------------------------------

POSTED_VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "2", "3", "-", "x", " 1", "01", "1.0"]), st.text(max_size=3)
)


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(["scopa", "scopone", "briscola"]),
    posted=st.dictionaries(
        st.one_of(
            st.sampled_from([f"card_{card.code}" for card in DECK]),
            st.sampled_from(["mode", "points_0", "points_1", "scopas_0", "capotto"]),
        ),
        st.lists(POSTED_VALUES, min_size=1, max_size=2),
        max_size=12,
    ),
)
def test_the_card_fields_clean_as_djangos_own_cleaning_cleans_them(
    game: str, posted: dict[str, list[str]]
) -> None:
    """TapCardsForm cleans its 40 card fields in one pass; every posted form (values within
    the choices or not, repeated or missing) gives the same values and the same errors, in
    the same order, as Django's own field by field."""
    rules = GAMES[game]
    players = ["Ann", "Bob", "Cy", "Di"] if game == "scopone" else ["Ann", "Bob"]
    setup = rules.setup(players, {"capotto": True} if game != "briscola" else {})
    data = QueryDict(mutable=True)
    for name, values in posted.items():
        data.setlist(name, values)
    entry = HAND_ENTRIES[game]
    ours = entry.form(setup, rules, data=data)
    djangos = entry.form(setup, rules, data=data)
    djangos._clean_fields = types.MethodType(forms.Form._clean_fields, djangos)  # type: ignore[method-assign]

    ours.full_clean()
    djangos.full_clean()

    assert ours.cleaned_data == djangos.cleaned_data
    assert list(ours.errors) == list(djangos.errors)
    assert ours.errors.get_json_data() == djangos.errors.get_json_data()
