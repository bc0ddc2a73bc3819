"""The new-table form (game, players in seat order, options as the engine specifies them) and
the scoresheet upload; the engine says whether what they hold is valid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils.datastructures import MultiValueDict
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.clubs.forms import club_field, model_choice, readable, scorer_clubs
from games.hands import HAND_ENTRIES, default_game, game_choices
from games.models import League, Table
from games.problems import add_problems
from games.scoring import GAMES, EntryError, Game
from games.scoring.options import OptionSpec

# -- new table ----------------------------------------------------------------------------------


def option_field(spec: OptionSpec) -> forms.Field:
    if spec.kind == "bool":
        return forms.BooleanField(
            label=_(spec.label), help_text=_(spec.help), required=False, initial=spec.default
        )
    if spec.kind == "int":
        return forms.IntegerField(
            label=_(spec.label),
            help_text=_(spec.help),
            required=False,
            min_value=spec.minimum,
            max_value=spec.maximum,
            widget=forms.NumberInput(
                attrs={"placeholder": str(spec.default), "inputmode": "numeric"}
            ),
        )
    return forms.ChoiceField(
        label=_(spec.label),
        help_text=_(spec.help),
        choices=[(choice.value, _(choice.label)) for choice in spec.choices],
        initial=spec.default,
        required=False,
        widget=forms.RadioSelect,
    )


@dataclass(frozen=True)
class MappingOption:
    """A mapping option (the Schafkopf tariff) on the form: one number field per part."""

    label: str
    help_text: str
    parts: list[forms.BoundField]
    widget_type: str = "mapping"


def part_field(spec: OptionSpec, part: str) -> forms.IntegerField:
    assert isinstance(spec.default, Mapping)
    return forms.IntegerField(
        label=_(spec.part_label(part)),
        required=False,
        min_value=spec.minimum,
        max_value=spec.maximum,
        widget=forms.NumberInput(
            attrs={"placeholder": str(spec.default[part]), "inputmode": "numeric"}
        ),
    )


class NewTableForm(forms.Form):
    # The registry's games and its first, read whenever a form is shown or checked.
    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=game_choices,
        widget=forms.RadioSelect,
        initial=default_game,
    )
    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("Deals first"),
        coerce=int,
        initial=0,
        required=False,
        # Whatever value is given works (returned as is); django-stubs allows only str | None.
        empty_value=0,  # type: ignore[arg-type]
    )

    league = forms.ModelChoiceField(
        label=gettext_lazy("League"),
        queryset=League.objects.none(),
        to_field_name="public_id",
        required=False,
        empty_label=gettext_lazy("No league: a friendly game"),
        help_text=gettext_lazy("Its result counts in the league's standings once it is over."),
    )
    club = club_field()
    # Posted by a phone that started the table with no signal (static/js/offline-tables.js):
    # the address it chose and showed (services.table_create's public_id), and the token that
    # makes a retry sign in to the guest the first post made (clubs.access.account_for_write).
    # Not on the form: a table started online gets its address from the server.
    table_id = forms.CharField(required=False, max_length=16, widget=forms.HiddenInput)
    first_write_token = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        initial: Mapping[str, object] | None = None,
        scorer_club_ids: Sequence[int] = (),
    ) -> None:
        super().__init__(data, initial=dict(initial or {}))
        key = self.data.get("game") if self.is_bound else self.initial.get("game")
        self.rules: Game = GAMES[str(key) if key in HAND_ENTRIES else default_game()]
        # Only the clubs where this account may score, and their leagues that count this game;
        # each field hides when there is nothing to choose.
        model_choice(self, "club").queryset = scorer_clubs(scorer_club_ids)
        leagues = [
            league.pk
            for league in League.objects.filter(club__in=scorer_club_ids)
            if self.rules.key in league.games
        ]
        model_choice(self, "league").queryset = League.objects.filter(pk__in=leagues)
        for seat in range(self.rules.max_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Player %(number)s") % {"number": seat + 1},
                max_length=40,
                required=seat < self.rules.min_players,
                validators=[readable],
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "list": "recent-players",
                        "autocapitalize": "words",
                    }
                ),
            )
        first_dealer = self.fields["first_dealer"]
        assert isinstance(first_dealer, forms.TypedChoiceField)
        first_dealer.choices = [
            (seat, _("Player %(number)s") % {"number": seat + 1})
            for seat in range(self.rules.max_players)
        ]
        for spec in self.rules.option_specs:
            if spec.kind == "mapping":
                for part in spec.parts:
                    self.fields[f"opt_{spec.name}__{part}"] = part_field(spec, part)
            else:
                self.fields[f"opt_{spec.name}"] = option_field(spec)

    @classmethod
    def prefilled(
        cls, data: Mapping[str, str], scorer_club_ids: Sequence[int] = ()
    ) -> NewTableForm:
        """The form filled in from a query (a "Play again" link, a league's "New table", the
        game changed, or "Show this game's options" without JavaScript).

        Every value is checked by its own field; one that no longer fits (an option a game has
        since dropped or narrowed, a league since deleted or no longer counting the game) is
        left out, so its field shows the default."""
        game = data.get("game")
        key = game if game in HAND_ENTRIES else default_game()
        initial: dict[str, object] = {"game": key}
        for seat in range(GAMES[key].max_players):
            if data.get(f"player_{seat}"):
                initial[f"player_{seat}"] = data[f"player_{seat}"]
        for seat, name in enumerate(data.get("players", "").split(",")):
            if name.strip():
                initial[f"player_{seat}"] = name.strip()
        form = cls(initial=initial, scorer_club_ids=scorer_club_ids)
        named = sum(1 for field in form.player_fields() if form.initial.get(field.name))
        for name, field in form.fields.items():
            raw = data.get(name)
            if name == "game" or name.startswith("player_") or raw in (None, ""):
                continue
            try:
                value = field.clean(raw)
            except ValidationError:
                continue
            if name == "first_dealer" and value >= named:
                continue
            # A league or club by its public id, as the select's options hold it.
            form.initial[name] = raw if isinstance(field, forms.ModelChoiceField) else value
        return form

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.rules.max_players)]

    def option_fields(self) -> list[forms.BoundField | MappingOption]:
        fields: list[forms.BoundField | MappingOption] = []
        for spec in self.rules.option_specs:
            if spec.kind == "mapping":
                parts = [self[f"opt_{spec.name}__{part}"] for part in spec.parts]
                fields.append(MappingOption(_(spec.label), _(spec.help), parts))
            else:
                fields.append(self[f"opt_{spec.name}"])
        return fields

    def players(self) -> list[str]:
        return [
            self.cleaned_data[f"player_{seat}"].strip()
            for seat in range(self.rules.max_players)
            if self.cleaned_data.get(f"player_{seat}", "").strip()
        ]

    def options(self) -> dict[str, object]:
        """The options that differ from the game's defaults: what the table chose."""
        chosen: dict[str, object] = {}
        for spec in self.rules.option_specs:
            if spec.requires and not self.cleaned_data.get(f"opt_{spec.requires}"):
                continue
            if isinstance(spec.default, Mapping):
                changed = {
                    part: self.cleaned_data[f"opt_{spec.name}__{part}"]
                    for part in spec.parts
                    if self.cleaned_data.get(f"opt_{spec.name}__{part}") not in (None, "")
                    and self.cleaned_data[f"opt_{spec.name}__{part}"] != spec.default[part]
                }
                if changed:
                    chosen[spec.name] = changed
                continue
            value = self.cleaned_data.get(f"opt_{spec.name}")
            if value is None or value == "":
                continue
            # A number the player typed counts even at its default: a target of 11 typed at a
            # Trentino or scientifico table (whose target is otherwise 21) must stay 11.
            if value != spec.default or spec.kind == "int":
                chosen[spec.name] = value
        return chosen

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        # The hidden fields have no place on the page to show their errors: the form's.
        for hidden in ("table_id", "first_write_token"):
            for error in self.errors.pop(hidden, []):
                self.add_error(None, error)
        if self.errors:
            return cleaned
        players = self.players()
        if cleaned.get("first_dealer", 0) >= len(players):
            self.add_error("first_dealer", _("The first dealer must be one of the players."))
            return cleaned
        try:
            self.setup = self.rules.setup(players, self.options())
        except EntryError as error:
            add_problems(self, error)
        return cleaned


def play_again_query(table: Table) -> str:
    """The new-table form's query (NewTableForm.prefilled) for another game like ``table``: the
    same game, players in their seats, options, league and club, and the deal moved on to the
    next seat. Only the options the table chose travel, under the form's own field names, so
    the link stays short and each value is checked as if typed in."""
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    params: list[tuple[str, str]] = [("game", table.game)]
    params += [(f"player_{index}", seat.player.name) for index, seat in enumerate(seats)]
    if seats:
        params.append(("first_dealer", str((table.first_dealer + 1) % len(seats))))
    known = {spec.name for spec in table.rules.option_specs}
    for name, value in table.options.items():
        if name not in known:
            continue
        if isinstance(value, Mapping):
            params += [(f"opt_{name}__{part}", str(number)) for part, number in value.items()]
        elif isinstance(value, bool):
            # "0" reads as False in a BooleanField; an absent box would fall back to the default.
            params.append((f"opt_{name}", "1" if value else "0"))
        else:
            params.append((f"opt_{name}", str(value)))
    if table.league_id is not None:
        # league_id is set, so league is not None (mypy cannot tie the two).
        params.append(("league", table.league.public_id))  # type: ignore[union-attr]
    params.append(("club", table.club.public_id))
    return urlencode(params)


# A table's scoresheet takes about 0.7 KB a hand (Scopa, as exported), so a few KB; the
# "every table" export of the demo league (300 tables, 3,246 hands) is 0.9 MB. A larger upload
# is a mistake, or worse: it is refused by its size, before anything reads it.
SCORESHEET_MAX_BYTES = 2 * 1024 * 1024


class ScoresheetUploadForm(forms.Form):
    club = club_field()
    scoresheet = forms.FileField(
        label=gettext_lazy("Scoresheet JSON file"),
        help_text=gettext_lazy(
            "A table exported from Scorekeeper, or written by hand in the scoresheet format."
        ),
    )

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        files: MultiValueDict[str, UploadedFile[bytes]] | None = None,
        *,
        scorer_club_ids: Sequence[int] = (),
    ) -> None:
        super().__init__(data, files)
        model_choice(self, "club").queryset = scorer_clubs(scorer_club_ids)

    def clean_scoresheet(self) -> object:
        upload = self.cleaned_data["scoresheet"]
        if upload.size > SCORESHEET_MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload


class ArchiveUploadForm(forms.Form):
    archive = forms.FileField(
        label=gettext_lazy("Club archive"),
        help_text=gettext_lazy("A club's archive downloaded from Scorekeeper (.jsonl.gz)."),
    )

    def clean_archive(self) -> object:
        upload = self.cleaned_data["archive"]
        if upload.size > settings.ARCHIVE_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)d MB.")
                % {"size": settings.ARCHIVE_MAX_BYTES // (1024 * 1024)}
            )
        return upload
