"""A tournament's forms: the new tournament, an entry, a table's result by hand, the prizes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy

from games.clubs.forms import model_choice, readable
from games.hands import game_choices
from games.hands.base import HAND_TOKEN
from games.models import League, new_hand_token
from games.tournaments.models import Pairing, Partners, TieBreak

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

# Games per table each round, as Schafkopf tournaments commonly play them (NOTES.md, P3-P9).
GAMES_PER_ROUND_HELP = gettext_lazy(
    "Schafkopf tournaments commonly play 24, 32 or 48. Leave it empty to play each table's "
    "game to its end (Scopa, Scopone, Briscola, Ciapanò, Swoops)."
)


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=60, validators=[readable])
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices)
    pairing = forms.ChoiceField(
        label=gettext_lazy("Later rounds"), choices=Pairing.choices, initial=Pairing.GROUPS
    )
    partners = forms.ChoiceField(
        label=gettext_lazy("Partners"),
        choices=Partners.choices,
        initial=Partners.FIXED,
        # Left out (a form of before the choice, a game played alone): fixed pairs.
        required=False,
        help_text=gettext_lazy(
            "Pair against pair (Scopone, Briscola in four): pairs that enter together, or "
            "players entered alone and drawn a new partner each round."
        ),
    )
    tie_break = forms.ChoiceField(
        label=gettext_lazy("Equal points"),
        choices=TieBreak.choices,
        initial=TieBreak.SHARE,
        # Left out (a form of before the choice): equal entrants share a place.
        required=False,
        help_text=gettext_lazy(
            "Schafkopf: points, then the most Soli won, then lots, as the tournament's rules "
            "say. Lots are drawn from round 1's recorded seed."
        ),
    )
    table_size = forms.IntegerField(
        label=gettext_lazy("Players per table"), min_value=2, max_value=8, initial=4
    )
    rounds_planned = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=20, initial=2
    )
    games_per_round = forms.IntegerField(
        label=gettext_lazy("Games per table each round"),
        min_value=1,
        max_value=200,
        required=False,
        help_text=GAMES_PER_ROUND_HELP,
    )
    cap = forms.IntegerField(
        label=gettext_lazy("Most entrants"), min_value=2, max_value=400, required=False
    )
    keep_neighbours_apart = forms.BooleanField(
        label=gettext_lazy("Keep apart who entered one after the other"),
        required=False,
        help_text=gettext_lazy(
            "Friends who come in together get start numbers that follow each other: the draw "
            "seats them at different tables."
        ),
    )
    league = forms.ModelChoiceField(
        label=gettext_lazy("League"),
        queryset=League.objects.none(),
        to_field_name="public_id",
        required=False,
        empty_label=gettext_lazy("No league"),
        help_text=gettext_lazy(
            "Each table of the tournament counts in the league once it is over."
        ),
    )

    def __init__(self, *args: Any, scorer_club_ids: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The leagues of the clubs where this account may direct; none, and the field hides.
        leagues = League.objects.filter(club__in=scorer_club_ids).select_related("club")
        model_choice(self, "league").queryset = leagues
        if not leagues.exists():
            del self.fields["league"]

    def tournament_fields(self) -> dict[str, Any]:
        fields = dict(self.cleaned_data)
        fields["partners"] = fields.get("partners") or Partners.FIXED
        fields["tie_break"] = fields.get("tie_break") or TieBreak.SHARE
        return fields


CLUB_PLAYERS_LIST = "club-players"


def _name_field(label: StrPromise, help_text: StrPromise) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=40,
        validators=[readable],
        help_text=help_text,
        widget=forms.TextInput(attrs={"autocapitalize": "words", "autocomplete": "off"}),
    )


class EntrantForm(forms.Form):
    """A name at the door; in a tournament of pairs, the partner's too."""

    name = _name_field(
        gettext_lazy("Name"), gettext_lazy("A player of the club, or any name given at the door.")
    )
    partner = _name_field(
        gettext_lazy("Partner's name"), gettext_lazy("The pair's second player, who sits opposite.")
    )

    def __init__(self, *args: Any, pairs: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not pairs:
            del self.fields["partner"]
        # The club's players are offered as the director types (the page's datalist).
        for field in self.fields.values():
            field.widget.attrs["list"] = CLUB_PLAYERS_LIST
        # The form's token (the page's hidden ``entry_token``): a fresh one per new form, the
        # posted one again when the form comes back with its errors. The same form posted twice
        # (a phone retrying) adds one entrant.
        self.entry_token = self.token() or new_hand_token()

    def token(self) -> str | None:
        """The form's token, when it carried a well-formed one."""
        value = str(self.data.get("entry_token", ""))
        return value if HAND_TOKEN.fullmatch(value) else None


class ResultForm(forms.Form):
    """Points for each start number at the table, and the reason they are entered by hand."""

    reason = forms.CharField(
        label=gettext_lazy("Why by hand"), max_length=200, validators=[readable]
    )

    def __init__(self, *args: Any, seats: tuple[tuple[int, str], ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        for number, name in seats:
            self.fields[f"points_{number}"] = forms.IntegerField(
                label=f"{number} {name}", min_value=-100_000, max_value=100_000
            )

    def points(self) -> dict[int, int]:
        return {number: self.cleaned_data[f"points_{number}"] for number, _name in self.seats}


class PrizesForm(forms.Form):
    prizes = forms.CharField(
        label=gettext_lazy("Prizes by place"),
        required=False,
        validators=[readable],
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy("One line per place, first place first; an empty line: no prize."),
    )

    def prize_list(self) -> list[str]:
        return str(self.cleaned_data["prizes"]).splitlines()
