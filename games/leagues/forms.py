"""The league and season forms."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.clubs.forms import readable
from games.hands import game_choices
from games.models import CURRENCY_CHOICES, League

# -- new table ----------------------------------------------------------------------------------


def split_names(text: str) -> list[str]:
    """Names typed one per line or separated by commas, without blanks or repeats."""
    names: list[str] = []
    for part in text.replace(",", "\n").splitlines():
        name = part.strip()
        if name and name.casefold() not in (known.casefold() for known in names):
            names.append(name)
    return names


class LeagueFields(TypedDict):
    """What the league services take from the league form."""

    name: str
    games: list[str]
    members: list[str]
    currency: NotRequired[str]


class LeagueForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=60, validators=[readable])
    games = forms.MultipleChoiceField(
        label=gettext_lazy("Games it counts"),
        choices=game_choices,
        widget=forms.CheckboxSelectMultiple,
    )
    members = forms.CharField(
        label=gettext_lazy("Members"),
        required=False,
        validators=[readable],
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
        help_text=gettext_lazy(
            "Names separated by commas or one per line. Whoever plays a league table joins "
            "by playing."
        ),
    )

    currency = forms.ChoiceField(
        label=gettext_lazy("Money currency"),
        choices=CURRENCY_CHOICES,
        initial="EUR",
        # A form from before the choice existed leaves the currency as it is.
        required=False,
        help_text=gettext_lazy(
            "The money of this league's tables played for money is counted in it. Tables "
            "already started keep theirs."
        ),
    )

    @classmethod
    def for_league(cls, league: League) -> LeagueForm:
        return cls(
            initial={
                "currency": league.currency,
                "name": league.name,
                "games": league.games,
                "members": ", ".join(member.name for member in league.members.all()),
            }
        )

    def league_fields(self) -> LeagueFields:
        """What the league services take: the name, the games and the member names."""
        fields = LeagueFields(
            name=self.cleaned_data["name"],
            games=self.cleaned_data["games"],
            members=split_names(self.cleaned_data.get("members", "")),
        )
        if currency := self.cleaned_data.get("currency"):
            fields["currency"] = currency
        return fields


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Season"), max_length=60, validators=[readable])
    starts_on = forms.DateField(
        label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        starts, ends = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("A season cannot end before it starts."))
        return cleaned
