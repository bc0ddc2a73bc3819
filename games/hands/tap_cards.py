"""What every tap-the-cards hand form shares (the Scopa family, Briscola): a switch between
tapping the cards each side took and typing the points counted at the table, a radio field per
card, the side picker's counters, "All remaining cards to X", and the cards as the form stands.

Its markup is templates/games/hands/tap_cards.html; a game's own template places the pieces and
adds its fields (Scopa's scopas, Briscola's card points)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.cardfaces import deck_style
from games.hands.base import (
    BaseHandForm,
    HandEntry,
    entry_items,
    entry_part,
    on_first_read,
    rest_to,
)
from games.hands.html import SideCount, add_card_fields, card_grid
from games.scoring import TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.cards import DECK, Card, parse_card

MODE_CARDS = "cards"
MODE_POINTS = "points"


class TapCardsForm(BaseHandForm):
    """A hand entered card by card (each of the deck's cards to the side that took it) or by
    the points counted at the table; a game adds its own fields and its ``entry``."""

    mode = forms.ChoiceField(
        choices=[
            (MODE_CARDS, gettext_lazy("Tap cards")),
            (MODE_POINTS, gettext_lazy("Enter points")),
        ],
        initial=MODE_CARDS,
        widget=forms.RadioSelect,
    )

    def add_fields(self) -> None:
        super().add_fields()
        add_card_fields(self, DECK, [(str(i), side) for i, side in enumerate(self.sides)])
        self._captures: dict[str, tuple[str, ...]] | None = None

    def _clean_fields(self) -> None:
        """Django's, with the 40 card fields checked without a bound field each (most of
        what cleaning a preview or a save took): each is a radio of one list of choices,
        not required, with no validators and no ``clean_<name>``, so its value is the posted
        one if that is "" or one of the choices, else the error ``ChoiceField`` gives. Same
        values, same errors, in the same order (tests/test_card_grid.py compares them)."""
        # The card fields share one list of choices (add_card_fields): its values taken once.
        allowed: dict[int, set[str]] = {}
        for name, field in self.fields.items():
            if not name.startswith("card_") or not isinstance(field, forms.ChoiceField):
                self._clean_one(name)
                continue
            choices = field.choices
            assert isinstance(choices, list)  # add_card_fields gives them one list of pairs
            if id(choices) not in allowed:
                allowed[id(choices)] = {str(key) for key, _label in choices}
            raw = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            value = field.to_python(raw)
            if value == "" or value in allowed[id(choices)]:
                self.cleaned_data[name] = value
            else:
                self.add_error(
                    name,
                    forms.ValidationError(
                        field.error_messages["invalid_choice"],
                        code="invalid_choice",
                        params={"value": value},
                    ),
                )

    def _clean_one(self, name: str) -> None:
        """One field cleaned as Django's ``_clean_fields`` cleans each."""
        bound = self[name]
        try:
            self.cleaned_data[name] = bound.field._clean_bound_field(bound)  # type: ignore[attr-defined]
            if hasattr(self, f"clean_{name}"):
                self.cleaned_data[name] = getattr(self, f"clean_{name}")()
        except forms.ValidationError as error:
            self.add_error(name, error)

    @staticmethod
    def initial_captures(entry: Mapping[str, object], sides: Sequence[str]) -> dict[str, object]:
        """Form values for a stored entry's cards: each card to its side's radio. A side an
        entry leaves out (a scoresheet may: docs/scoresheet.md) took the cards nobody else did.
        """
        index = {side: str(i) for i, side in enumerate(sides)}
        initial: dict[str, object] = {"mode": MODE_CARDS}
        taken: set[str] = set()
        captures = entry_part(entry, "captures")
        for side, codes in captures.items():
            for code in entry_items(codes):
                card = parse_card(str(code))
                initial[f"card_{card.code}"] = index[side]
                taken.add(card.code)
        missing = [side for side in sides if side not in captures]
        if len(missing) == 1:
            for card in DECK:
                if card.code not in taken:
                    initial[f"card_{card.code}"] = index[missing[0]]
        return initial

    def by_points(self) -> bool:
        return self.cleaned_data.get("mode") == MODE_POINTS

    def captures(self) -> dict[str, list[str]]:
        """Each side's cards as the form stands (``value_as_it_stands``), in deck order.

        Read once per form: a preview or a save asks for them three times (the entry, the
        preview's counts, the side picker's), and the form's values do not change."""
        if self._captures is None:
            found: dict[str, list[str]] = {side: [] for side in self.sides}
            for card in DECK:
                chosen = self.value_as_it_stands(f"card_{card.code}")
                if chosen not in (None, ""):
                    found[self.sides[int(str(chosen))]].append(card.code)
            self._captures = {side: tuple(codes) for side, codes in found.items()}
        return {side: list(codes) for side, codes in self._captures.items()}

    def taken(self) -> dict[str, frozenset[Card]]:
        """``captures`` as cards, the way the engines count them."""
        return {
            side: frozenset(parse_card(code) for code in codes)
            for side, codes in self.captures().items()
        }

    def unassigned(self, taken: Mapping[str, frozenset[Card]]) -> int:
        return len(DECK) - len(set().union(*taken.values()))

    def incomplete(self) -> str:
        if self.cleaned_data.get("mode") != MODE_CARDS:
            return ""
        unassigned = sum(1 for card in DECK if not self.cleaned_data.get(f"card_{card.code}"))
        if unassigned > 1:
            return _("%(count)s cards are not assigned to a side yet.") % {"count": unassigned}
        if unassigned:
            return _("1 card is not assigned to a side yet.")
        return ""

    def side_counts(
        self, taken: Mapping[str, frozenset[Card]] | None = None
    ) -> tuple[SideCount, ...]:
        """Each side's figures so far, counted by the engine: the preview's counters and the
        numbers on the side picker's buttons, with or without JavaScript."""
        raise NotImplementedError


class TapCardsHandEntry(HandEntry):
    """A hand entry whose form is a ``TapCardsForm``: "All remaining cards to X" works
    without JavaScript, and the context holds what tap_cards.html shows."""

    # The mode switch's name for screen readers, as the game names what is entered.
    mode_legend: Promise = gettext_lazy("How to enter the hand")

    def shortcut(self, data: QueryDict) -> QueryDict | None:
        return rest_to(data, DECK, MODE_CARDS)

    def next_hand_initial(self, last: Mapping[str, JSON] | None) -> dict[str, object]:
        """The mode the table used last: a table that counts its points types them hand after
        hand, and one that taps its cards taps them. From the stored hand, not the phone, so
        it holds without JavaScript and for every phone at the table."""
        if last is not None and self.typed_points(last):
            return {"mode": MODE_POINTS}
        return {}

    def typed_points(self, breakdown: Mapping[str, JSON]) -> bool:
        """Whether a stored hand's points were typed in rather than tapped as cards."""
        raise NotImplementedError

    def tap_context(self, form: TapCardsForm, setup: TableSetup) -> dict[str, object]:
        style = deck_style(setup)
        return {
            "grid": on_first_read(lambda: card_grid(form, style)),
            "style": style,
            "side_indexes": list(enumerate(setup.sides)),
            "mode_legend": self.mode_legend,
            # On the side picker's buttons, and out of band with each preview.
            "side_counts": on_first_read(form.side_counts),
        }

    def points_steppers(
        self, form: TapCardsForm, setup: TableSetup, *names: str
    ) -> dict[str, list[tuple[str, forms.BoundField]]]:
        """Each named per-side field (``<name>_<index>``) the form has, by name, for
        ``{% steppers %}``."""
        return {
            name: [(side, form[f"{name}_{i}"]) for i, side in enumerate(setup.sides)]
            for name in names
            if f"{name}_0" in form.fields
        }
