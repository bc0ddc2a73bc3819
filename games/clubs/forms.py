"""Form fields every domain's forms share: which of the account's clubs a new record goes to,
and text that could be read."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Model, QuerySet
from django.utils.translation import gettext_lazy

from games.models import Club
from games.unfit_text import REPLACEMENT


def readable(value: str) -> None:
    """A text field's validator: refuse a character that could not be read (U+FFFD, in place
    of what the browser could not encode or ``UnfitTextMiddleware`` mended), so a name is typed
    again rather than kept with a hole in it."""
    if REPLACEMENT in value:
        raise ValidationError(
            gettext_lazy("A character here could not be read (it shows as �): type it again."),
            code="unreadable",
        )


# -- new table ----------------------------------------------------------------------------------


def model_choice(form: forms.Form, name: str) -> forms.ModelChoiceField[Model]:
    """One of the form's model choice fields, typed as one (``form.fields`` holds any field)."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField)
    return field


def club_field() -> forms.ModelChoiceField[Club]:
    """Which of the account's clubs a new table goes to (by public id)."""
    return forms.ModelChoiceField(
        label=gettext_lazy("Club"),
        queryset=Club.objects.none(),
        to_field_name="public_id",
        required=False,
        empty_label=None,
        help_text=gettext_lazy("Its members see the table."),
    )


def scorer_clubs(club_ids: Sequence[int]) -> QuerySet[Club]:
    return Club.objects.filter(pk__in=club_ids).order_by("created_at", "pk")
