"""Schafkopf at the table: a hand in about five taps (contract, declarer, partner, won or lost,
save), every player's gain or loss before it is saved, and a running balance that sums to zero.
Where the table plays them, the house games too: a Ramsch (each player's card points, the
Jungfrauen or a Durchmarsch), a Bettel or Bettel Brett, and the knocks (Klopfen) of any hand.

The form only turns taps into the scoresheet entry (games/plugins/schafkopf/engine.py); the engine
decides whether the hand is valid and what it is worth, and its problems are shown above the
form and in the preview, in its own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from django import forms
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, npgettext_lazy, pgettext, pgettext_lazy

from games.formatting import signed
from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    RoundWords,
    Scoreboard,
    ScoreRow,
    read_breakdown,
    total_text,
    whole_number,
)
from games.hands.demo_base import DemoGame
from games.plugins.schafkopf.demo import SCHAFKOPF_DEMO
from games.plugins.schafkopf.engine import (
    CONTRACTS,
    CONTRACTS_BY_KEY,
    DOUBLINGS,
    FIVE_PLAYERS,
    MAX_DOUBLINGS,
    MAX_KLOPFEN,
    PASSED,
    RAMSCH,
    RAMSCH_TIE_ALL_LOSE,
    RAMSCH_TIE_TRICKS_TRUMP,
    SAUSPIEL,
    SITS_OUT,
    STILL_TO_ENTER,
    TOTAL_CARD_POINTS,
    TRICKS,
    Contract,
    GermanSuit,
    RamschBreakdown,
    Schafkopf,
    SchafkopfBreakdown,
    SchafkopfPointsBreakdown,
    contracts_at,
    fields_for,
    leader_after,
    result_kind,
)
from games.plugins.schafkopf.posted import LOST, WON, read_entry, sitter
from games.plugins.schafkopf.words import amount, explain_hand, has_money, summary_of, tariff_words
from games.problems import problem_text
from games.scoring import EntryError, GameState, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.posted import Before
from games.words import label_value

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


# -- what each contract asks for --------------------------------------------------------------


def _doubling_words(level: str) -> tuple[str, str]:
    """The doubling button's text at a level, and the line under it that explains it."""
    number = whole_number(level)
    if not number or number > MAX_DOUBLINGS:
        return _("No doubling"), _(
            "Each call doubles the value: Stoß, then Retour (Gegenstoß), Sub and Resub."
        )
    doubling = DOUBLINGS[number - 1]
    name = f"{_(doubling.name)} ×{doubling.multiplier}"
    return name, label_value(name, _(doubling.explanation))


def form_contracts(setup: TableSetup, every: bool = False) -> tuple[Contract, ...]:
    """The table's contracts in the order the chips show them: the rule text's everyday games
    first (the three wide chips), then the regional games (Hochzeit, Geier, Farbwenz, Farbgeier
    and their Touts), then the Bettels, then everybody passing or the Ramsch; ``every``: all
    of them, whatever the table's options."""
    played = CONTRACTS if every else contracts_at(setup)
    regional = tuple(c for c in played if c.option and not c.bettel and not c.ramsch)
    return (
        tuple(c for c in played if not c.bettel and c not in (PASSED, RAMSCH, *regional))
        + regional
        + tuple(c for c in played if c.bettel)
        + tuple(c for c in played if c in (PASSED, RAMSCH))
    )


# The regional games' native names are too long for a quarter-wide chip on a 360 px phone in
# every language that keeps them (all but Japanese, which breaks anywhere): they may break
# between their parts, at a soft hyphen, rather than anywhere.
_CHIP_BREAKS = {
    "Hochzeit": "Hoch\u00adzeit",
    "Farbwenz": "Farb\u00adwenz",
    "Farbgeier": "Farb\u00adgeier",
}


def _chip_words(name: str) -> str:
    words = _(name)
    for whole, parts in _CHIP_BREAKS.items():
        words = words.replace(whole, parts)
    return words


_lazy_chip_words = lazy(_chip_words, str)


def contract_label(contract: Contract) -> StrPromise:
    # "All passed" is short enough for a chip on a 360 px phone; the words elsewhere say
    # "Everybody passed".
    # Translators: a chip a quarter of a 360 px phone wide; a word that cannot fit whole needs
    # a soft hyphen (U+00AD) where it may break ("Alle ge\u00adpasst"), or the phone breaks
    # it anywhere.
    if contract is PASSED:
        return gettext_lazy("All passed")
    return format_lazy("{}", _lazy_chip_words(contract.name))


def contract_flags(contract: Contract, setup: TableSetup) -> dict[str, str]:
    """Which parts of the form a contract needs, as the engine says (``fields_for``), for the
    data attributes the stylesheet hides the other groups by. ``fields`` names the inputs that
    apply (a suit chip as ``suit=<suit>``): the script disables the others, so a hand never
    carries a choice the players cannot see; without the script every group shows and the
    engine refuses a field that does not apply."""
    fields = fields_for(contract, setup)
    return {
        "contract": contract.key,
        "declarer": "1" if "declarer" in fields else "0",
        "partner": "1" if "partner" in fields else "0",
        "suits": " ".join(suit.value for suit in contract.suits),
        "doubling": "1" if "doublings" in fields else "0",
        "result": result_kind(contract),
        "laufende": "1" if "laufende" in fields else "0",
        "klopfen": "1" if "klopfen" in fields else "0",
    }


def applying_inputs(contract: Contract, setup: TableSetup) -> str:
    """The names of the form's inputs that apply to a contract, space-separated, for the
    script: a field's name, each seat's card points, a suit chip as ``suit=<suit>``."""
    fields = fields_for(contract, setup)
    per_seat = ("card_points", "tricks")
    names = [name for name in sorted(fields) if name != "suit" and name not in per_seat]
    if "suit" in fields:
        names += [f"suit={suit.value}" for suit in contract.suits] + ["suit="]
    for name in per_seat:
        if name in fields:
            names += [f"{name}_{index}" for index in range(len(setup.players))]
    return " ".join(names)


# -- the form -----------------------------------------------------------------------------------


def _suit_choices() -> list[tuple[str, StrPromise]]:
    return [(suit.value, gettext_lazy(suit.label)) for suit in GermanSuit] + [
        ("", gettext_lazy("None named"))
    ]


def _doubling_choices() -> list[tuple[str, StrPromise]]:
    return [("0", gettext_lazy("No doubling"))] + [
        (str(doubling.level), gettext_lazy(doubling.name)) for doubling in DOUBLINGS
    ]


class SchafkopfHandForm(BaseHandForm):
    """One hand: the contract, who played, the result, and the doublings.

    The result is either the declarer side's card points or just won or lost with the
    Schneider and Schwarz toggles: either is enough. Player choices are seat numbers.
    """

    # The choices are the table's contracts (form_contracts), set in __init__.
    contract = forms.ChoiceField(
        label=gettext_lazy("Contract"), initial=SAUSPIEL.key, widget=forms.RadioSelect
    )
    suit = forms.ChoiceField(
        label=gettext_lazy("Suit"), choices=_suit_choices, required=False, widget=forms.RadioSelect
    )
    declarer = forms.ChoiceField(
        label=gettext_lazy("Declarer"), required=False, widget=forms.RadioSelect
    )
    partner = forms.ChoiceField(
        label=gettext_lazy("Partner"), required=False, widget=forms.RadioSelect
    )
    declarer_won = forms.ChoiceField(
        label=gettext_lazy("Result"),
        choices=[
            (WON, gettext_lazy("Won")),
            (LOST, gettext_lazy("Lost")),
            ("", gettext_lazy("Not given")),
        ],
        required=False,
        widget=forms.RadioSelect,
    )
    schneider = forms.BooleanField(label=gettext_lazy("Schneider"), required=False)
    schwarz = forms.BooleanField(label=gettext_lazy("Schwarz"), required=False)
    # No bounds here: out-of-range numbers reach the engine, which says what the range is.
    declarer_points = forms.IntegerField(
        label=gettext_lazy("Card points of the declarer side"),
        required=False,
        widget=forms.NumberInput(
            attrs={
                "min": 0,
                "max": TOTAL_CARD_POINTS,
                "inputmode": "numeric",
                "placeholder": "0-120",
            }
        ),
    )
    declarer_tricks = forms.IntegerField(
        label=gettext_lazy("Tricks of the declarer side"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 0, "max": TRICKS, "inputmode": "numeric"}),
    )
    doublings = forms.ChoiceField(
        label=gettext_lazy("Doubling"),
        choices=_doubling_choices,
        initial="0",
        required=False,
        widget=forms.RadioSelect,
    )
    laufende = forms.IntegerField(
        label=gettext_lazy("Laufende"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "max": 14, "inputmode": "numeric"}),
    )
    geschoben = forms.IntegerField(
        label=gettext_lazy("Geschoben"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "max": 4, "inputmode": "numeric"}),
    )
    klopfen = forms.IntegerField(
        label=gettext_lazy("Klopfen"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_KLOPFEN, "inputmode": "numeric"}),
    )
    # A Ramsch: each seat's card points (card_points_0 .. card_points_3, added in __init__), who
    # took no trick, and who took every trick.
    jungfrau = forms.MultipleChoiceField(
        label=gettext_lazy("Jungfrau"), required=False, widget=forms.CheckboxSelectMultiple
    )
    durchmarsch = forms.ChoiceField(
        label=gettext_lazy("Durchmarsch"), required=False, widget=forms.RadioSelect
    )
    # A tie for the most card points, where the table breaks it (each tied seat's tricks,
    # tricks_0 .. tricks_3, added in __init__), and who took the highest trump.
    highest_trump = forms.ChoiceField(
        label=gettext_lazy("Highest trump"), required=False, widget=forms.RadioSelect
    )

    def add_fields(self) -> None:
        super().add_fields()
        if len(self.setup.players) == FIVE_PLAYERS:
            # Who deals this hand and sits out (engine.sits_out_at): the page gives the seat
            # (``sitter``), and the save checks the hand against the deal. The field is shown
            # so that a fresh form's signature changes with the dealer.
            self.fields[SITS_OUT] = forms.CharField(
                required=False, disabled=True, widget=forms.HiddenInput
            )
        seats = [(str(index), name) for index, name in enumerate(self.setup.players)]
        declarer, partner = self.fields["declarer"], self.fields["partner"]
        assert isinstance(declarer, forms.ChoiceField)
        assert isinstance(partner, forms.ChoiceField)
        declarer.choices = seats
        # Last, so the chips' positions match the seat colours; only shown without JavaScript,
        # where a radio cannot be unticked any other way.
        partner.choices = [*seats, ("", _("No partner"))]
        self.offer_contracts(form_contracts(self.setup))
        if not self.setup.option_bool("runners"):
            del self.fields["laufende"]
        if not self.setup.option_bool("klopfen"):
            del self.fields["klopfen"]
        if not (self.setup.option_bool("ramsch") and self.setup.option_bool("schieberramsch")):
            del self.fields["geschoben"]
        if self.setup.option_bool("ramsch"):
            jungfrau, durchmarsch = self.fields["jungfrau"], self.fields["durchmarsch"]
            assert isinstance(jungfrau, forms.ChoiceField | forms.MultipleChoiceField)
            assert isinstance(durchmarsch, forms.ChoiceField)
            jungfrau.choices = seats
            durchmarsch.choices = [*seats, ("", _("No Durchmarsch"))]
            for index, name in enumerate(self.setup.players):
                # No bounds here either: the engine says what the range is.
                self.fields[f"card_points_{index}"] = forms.IntegerField(
                    label=name,
                    required=False,
                    widget=forms.NumberInput(
                        attrs={
                            "min": 0,
                            "max": TOTAL_CARD_POINTS,
                            "inputmode": "numeric",
                            "class": "sk-card-points",
                            "aria-label": _("Card points of %(name)s") % {"name": name},
                        }
                    ),
                )
        else:
            del self.fields["jungfrau"], self.fields["durchmarsch"]
        self._add_tie_fields(seats)
        self.missing = ""

    def offer_contracts(self, contracts: tuple[Contract, ...]) -> None:
        self.contracts = contracts
        contract = self.fields["contract"]
        assert isinstance(contract, forms.ChoiceField)
        contract.choices = [(c.key, contract_label(c)) for c in contracts]

    def _add_tie_fields(self, seats: list[tuple[str, str]]) -> None:
        """Each seat's tricks, and who took the highest trump, where the table breaks a
        Ramsch's tie for the most card points so (rules.md §12)."""
        rule = self.setup.option_str("ramsch_tie")
        breaks = self.setup.option_bool("ramsch") and rule != RAMSCH_TIE_ALL_LOSE
        if breaks:
            for index, name in enumerate(self.setup.players):
                self.fields[f"tricks_{index}"] = forms.IntegerField(
                    label=name,
                    required=False,
                    widget=forms.NumberInput(
                        attrs={"min": 0, "max": TRICKS, "inputmode": "numeric"}
                    ),
                )
        if breaks and rule == RAMSCH_TIE_TRICKS_TRUMP:
            trump = self.fields["highest_trump"]
            assert isinstance(trump, forms.ChoiceField)
            trump.choices = [*seats, ("", _("Not needed"))]
        else:
            del self.fields["highest_trump"]

    def tie_fields(self) -> list[tuple[str, forms.BoundField]]:
        """Each seat's tricks input, for ``{% steppers %}``; none where ties are not broken."""
        return [
            (name, self[f"tricks_{index}"])
            for index, name in enumerate(self.setup.players)
            if f"tricks_{index}" in self.fields
        ]

    def chosen_contract(self) -> Contract:
        """The contract picked (the form's value, bound or not), Sauspiel if none is."""
        key = self["contract"].value()
        return CONTRACTS_BY_KEY.get(str(key), SAUSPIEL)

    def card_point_fields(self) -> list[forms.BoundField]:
        """The Ramsch's card point inputs, one per seat (none where Ramsch is not played)."""
        return [
            self[f"card_points_{index}"]
            for index in range(len(self.setup.players))
            if f"card_points_{index}" in self.fields
        ]

    def dealer(self) -> int | None:
        """The seat dealing this hand at a table of five, who sits out (``posted.sitter``), as
        the page gave it (``TablePage.sitting_out``; what a post says is not asked); None at a
        table of four, or when no seat was given (the engine then asks for it)."""
        if SITS_OUT not in self.fields:
            return None
        value = str(self.initial.get(SITS_OUT, ""))
        if not value.isdigit() or int(value) >= len(self.setup.players):
            return None
        return int(value)

    def sitter(self) -> str | None:
        """Who sits out this hand at a table of five (the template leaves him out)."""
        return sitter(self.setup, Before(dealer=self.dealer()))

    def entry(self) -> dict[str, object]:
        """The round entry, as the engine reads the taps (``table_entry``); its problem saying
        what is still to enter is kept for the preview, which shows it as a hint."""
        try:
            # The phone reads a hand kept offline with the same function
            # (games/scoring/posted.py).
            return read_entry(self.cleaned_data, self.setup, Before(dealer=self.dealer()))
        except EntryError as error:
            self.missing = next(
                (problem_text(p) for p in error.problems if p.message == STILL_TO_ENTER), ""
            )
            raise


# -- the preview --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerPreview:
    player: str
    role: str
    points: str
    money: str
    css: str


@dataclass(frozen=True)
class HandPreview:
    rows: tuple[PlayerPreview, ...]
    summary: str
    lines: tuple[str, ...]


def preview_of(form: SchafkopfHandForm, setup: TableSetup) -> HandPreview | None:
    if not form.is_bound or not form.is_valid() or form.score is None:
        return None
    score = form.score
    breakdown = read_breakdown(score.breakdown, setup, Schafkopf)
    roles = player_roles(breakdown)
    rows = []
    for player in setup.players:
        points = score.points.get(player, 0)
        rows.append(
            PlayerPreview(
                player=player,
                role=roles.get(player, ""),
                points=signed(points),
                money=amount(points, setup) if has_money(setup) else "",
                css=_trend(points),
            )
        )
    # The summary already says who played what, so the preview skips that first line.
    lines = explain_hand(breakdown, setup)
    return HandPreview(tuple(rows), summary_of(breakdown, setup), tuple(lines[1:] or lines))


def player_roles(breakdown: SchafkopfBreakdown) -> dict[str, str]:
    """Each player's part in the hand, for the preview: declarer and partner; in a Ramsch who
    loses, who made the Durchmarsch and who is a Jungfrau."""
    if isinstance(breakdown, SchafkopfPointsBreakdown):
        return {}
    if isinstance(breakdown, RamschBreakdown):
        if breakdown.durchmarsch:
            return {breakdown.durchmarsch: _("Durchmarsch")}
        roles = dict.fromkeys(breakdown.jungfrau, _("Jungfrau"))
        if breakdown.winners:
            roles.update(dict.fromkeys(breakdown.losers, _("loses")))
        return roles
    roles = {}
    if breakdown.declarer is not None:
        roles[breakdown.declarer] = _("declarer")
    if breakdown.partner is not None:
        roles[breakdown.partner] = _("partner")
    return roles


def _trend(points: int) -> str:
    if points > 0:
        return "sk-plus"
    if points < 0:
        return "sk-minus"
    return ""


# -- the hand entry -----------------------------------------------------------------------------


def _tie_break_initial(entry: Mapping[str, object], seat: Mapping[str, str]) -> dict[str, object]:
    """The form's values for a stored Ramsch's tie-break (rules.md §12): tricks and trump."""
    initial: dict[str, object] = {}
    tricks = entry.get("tricks")
    if isinstance(tricks, Mapping):
        for player, count in tricks.items():
            if player in seat:
                initial[f"tricks_{seat[player]}"] = count
    trump = entry.get("highest_trump")
    if isinstance(trump, str) and trump in seat:
        initial["highest_trump"] = seat[trump]
    return initial


class SchafkopfHandEntry(HandEntry):
    # The engine scores a hand of this game on its own; so does the preview.
    form_uses_earlier = False
    template = "schafkopf/hand.html"
    form_class = SchafkopfHandForm
    options_on_scoreboard = frozenset({"tariff", "cents_per_point", "currency"})
    blank_options = MappingProxyType(
        {
            "runners": True,
            "klopfen": True,
            "ramsch": True,
            "schieberramsch": True,
            "ramsch_tie": RAMSCH_TIE_TRICKS_TRUMP,
            "bettel": True,
            "geier": True,
            "farbwenz": True,
            "hochzeit": True,
        }
    )
    standings_measures = ("balance", "balance_per_hand", "money")
    # An evening's players care most about their balance and money: a phone shows them first.
    standings_on_screen = (
        "balance",
        "money",
        "rating",
        "played",
        "wins",
        "win_rate",
        "balance_per_hand",
    )
    scripts = ("schafkopf/schafkopf.js",)
    styles = ("schafkopf/schafkopf.css",)

    # At a Schafkopf table a hand is one game (a German "Spiel"; a "Runde" is four of them),
    # where the shared words of the Scopa family say "Runde": the game's own, by context.
    round_words = RoundWords(
        pgettext_lazy("schafkopf", "Record hand %(number)s"),
        pgettext_lazy("schafkopf", "Save hand"),
        pgettext_lazy("schafkopf", "Hand %(number)s"),
        pgettext_lazy("schafkopf", "Hand %(number)s recorded."),
        pgettext_lazy("schafkopf", "Hands played"),
        pgettext_lazy("schafkopf", "No hands yet."),
        pgettext_lazy("schafkopf", "Delete hand %(number)s? The totals will be recomputed."),
        pgettext_lazy("schafkopf", "Skip to the hand entry"),
        npgettext_lazy(
            "schafkopf", "Show the earlier hand", "Show the %(counter)s earlier hands", "counter"
        ),
        pgettext_lazy(
            "schafkopf",
            "Your hand is still filled in below. If another phone recorded this same hand, clear "
            "yours; saving it will ask first.",
        ),
        pgettext_lazy("schafkopf", "Clear my hand"),
        pgettext_lazy("schafkopf", "Your unsaved hand is back, as you left it."),
        pgettext_lazy("schafkopf", "Change hand %(number)s"),
        pgettext_lazy("schafkopf", "Hand %(number)s was recorded on another phone: %(scores)s"),
        pgettext_lazy("schafkopf", "Hand %(number)s was changed on another phone: now %(scores)s"),
        pgettext_lazy("schafkopf", "Hand %(number)s was deleted on another phone."),
        pgettext_lazy("schafkopf", "Your hand is still filled in below."),
        pgettext_lazy("schafkopf", "Record mine as hand %(number)s"),
        pgettext_lazy("schafkopf", "Apply my change to hand %(number)s"),
        pgettext_lazy("schafkopf", "The game is over, so your hand cannot be recorded."),
        pgettext_lazy("schafkopf", "The table was abandoned, so your hand cannot be recorded."),
        pgettext_lazy("schafkopf", "Hand"),
        pgettext_lazy(
            "schafkopf",
            "Every hand recorded, corrected or deleted at this table, newest first, with who did "
            "it.",
        ),
        pgettext_lazy("schafkopf", "Restore this hand"),
        pgettext_lazy("schafkopf", "hand %(number)s"),
        pgettext_lazy("schafkopf", "hand recorded"),
        pgettext_lazy("schafkopf", "hand edited"),
        pgettext_lazy("schafkopf", "hand deleted"),
        pgettext_lazy("schafkopf", "hand restored"),
        pgettext_lazy("schafkopf", "Hand %(number)s changed."),
        pgettext_lazy("schafkopf", "Hand %(number)s deleted. “Changes” can restore it."),
        pgettext_lazy("schafkopf", "Hand %(number)s restored."),
        pgettext_lazy("schafkopf", "Delete hand %(number)s anyway"),
        pgettext_lazy("schafkopf", "Restore the hand anyway"),
        npgettext_lazy(
            "schafkopf",
            "After %(count)s hand: %(totals)s",
            "After %(count)s hands: %(totals)s",
            "count",
        ),
        pgettext_lazy(
            "schafkopf",
            "Anyone with the watch link sees the scoreboard and the hands, without an account, "
            "and cannot change anything.",
        ),
        pgettext_lazy(
            "schafkopf",
            "Delete this table and all its hands? The club’s log keeps a copy.",  # noqa: RUF001
        ),
        pgettext_lazy("schafkopf", "Invite someone to %(club)s, to record hands on their phone"),
        pgettext_lazy(
            "schafkopf", "This table is set aside. Take it up again (below) to record hands."
        ),
        pgettext_lazy(
            "schafkopf",
            "Not saved yet: no connection. It is kept here and sent when the connection is back.",
        ),
    )

    def blank_form(self, form: BaseHandForm) -> None:
        # "Everybody passed", which a Ramsch replaces: its chip says so (contract_choices).
        assert isinstance(form, SchafkopfHandForm)
        form.offer_contracts(form_contracts(form.setup, every=True))

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        seat = {player: str(index) for index, player in enumerate(setup.players)}
        if "points" in entry:
            # Hand-counted points have no contract to show: the form starts empty, and saving
            # replaces them with the contract entered.
            return {}
        initial: dict[str, object] = {"contract": entry.get("contract", SAUSPIEL.key)}
        for name in ("declarer", "partner", "durchmarsch"):
            player = entry.get(name)
            if isinstance(player, str) and player in seat:
                initial[name] = seat[player]
        card_points = entry.get("card_points")
        if isinstance(card_points, Mapping):
            for player, points in card_points.items():
                if player in seat:
                    initial[f"card_points_{seat[player]}"] = points
        jungfrau = entry.get("jungfrau")
        if isinstance(jungfrau, list):
            initial["jungfrau"] = [seat[name] for name in jungfrau if name in seat]
        initial.update(_tie_break_initial(entry, seat))
        if entry.get("suit"):
            initial["suit"] = entry["suit"]
        for name in ("declarer_points", "declarer_tricks"):
            if entry.get(name) is not None:
                initial[name] = entry[name]
        if entry.get("declarer_won") is not None:
            initial["declarer_won"] = WON if entry["declarer_won"] else LOST
        for name in ("schneider", "schwarz"):
            initial[name] = bool(entry.get(name))
        initial["doublings"] = str(entry.get("doublings") or 0)
        for name in ("laufende", "klopfen", "geschoben"):
            if entry.get(name):
                initial[name] = entry[name]
        return initial

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, SchafkopfHandForm)
        contract = form.chosen_contract()
        preview = preview_of(form, setup)
        level = str(form["doublings"].value() or "0")
        doubling_choices = [
            (radio, *_doubling_words(str(radio.data["value"]))) for radio in form["doublings"]
        ]
        shown = next((c for c in doubling_choices if str(c[0].data["value"]) == level), None)
        tricks = form["declarer_tricks"]
        return {
            "flags": contract_flags(contract, setup),
            "contract_flags": {
                c.key: {
                    **contract_flags(c, setup),
                    "fields": applying_inputs(c, setup),
                    "explanation": _(c.explanation),
                }
                for c in form.contracts
            },
            # Each with the options it is played under, for a table started offline
            # (``{% offline_if %}``).
            "contract_choices": [
                (radio, _(c.explanation), "!ramsch" if c is PASSED else c.option)
                for radio, c in zip(form["contract"], form.contracts, strict=True)
            ],
            "ramsch_rows": (
                list(
                    zip(
                        form.card_point_fields(),
                        form["jungfrau"],
                        range(len(setup.players)),
                        strict=True,
                    )
                )
                if "jungfrau" in form.fields
                else []
            ),
            "tie_rows": form.tie_fields(),
            "doubling_choices": doubling_choices,
            "doubling_level": level,
            "doubling_name": shown[1] if shown else "",
            "doubling_help": shown[2] if shown else "",
            "doublings": [{"name": _(d.name), "explanation": _(d.explanation)} for d in DOUBLINGS],
            "tricks_open": tricks.value() not in (None, "") or bool(tricks.errors),
            "preview": preview,
            "money": has_money(setup),
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_hand(read_breakdown(breakdown, setup, Schafkopf), setup)

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
    ) -> HistoryLine:
        hand = read_breakdown(breakdown, setup, Schafkopf)
        return HistoryLine(
            points=tuple((side, amount(points.get(side, 0), setup)) for side in setup.sides),
            lines=tuple(explain_hand(hand, setup)),
            summary=summary_of(hand, setup),
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        dealer = setup.players.index(next_dealer) if next_dealer in setup.players else None
        seats = len(setup.players)
        leader = setup.players[leader_after(dealer, seats)] if dealer is not None else None
        sits_out = seats == FIVE_PLAYERS
        rows = []
        for side in setup.sides:
            total = state.totals.get(side, 0)
            notes = []
            if has_money(setup):
                notes.append(
                    ngettext("%(points)s point", "%(points)s points", abs(total))
                    % {"points": signed(total)}
                )
            if side == next_dealer:
                notes.append(_("deals next and sits out") if sits_out else _("deals next"))
            elif side == leader:
                notes.append(pgettext("plays the first card of the hand", "leads"))
            css = " ".join(
                filter(None, ("sk-total", _trend(total), "sk-money" if has_money(setup) else ""))
            )
            rows.append(ScoreRow(side, total_text(setup, total), " · ".join(notes), css=css))
        balance = sum(state.totals.get(side, 0) for side in setup.sides)
        facts = [_("Balance sums to %(total)s") % {"total": signed(balance)}]
        if next_dealer and leader:
            facts.append(
                format_html(
                    _("{dealer} deals and sits out, {leader} leads")
                    if sits_out
                    else _("{dealer} deals, {leader} leads"),
                    dealer=format_html("<strong>{}</strong>", next_dealer),
                    leader=format_html("<strong>{}</strong>", leader),
                )
            )
        facts.append(tariff_words(setup))
        return Scoreboard(tuple(rows), tuple(facts))

    def setup_hint(self, setup: TableSetup | None) -> str:
        return _("One 32-card pack, 8 cards each.")

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        # Schafkopf has no end total: balances go up and down around zero.
        return ChartHints(money_on_scoreboard=has_money(setup))

    def demo(self, game: str) -> DemoGame | None:
        return SCHAFKOPF_DEMO

    def rules_template(self, game: str) -> str:
        return "schafkopf/rules.html"


HAND_ENTRIES: dict[str, HandEntry] = {Schafkopf.key: SchafkopfHandEntry()}
