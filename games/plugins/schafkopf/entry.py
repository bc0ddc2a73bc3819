"""Schafkopf at the table: a hand in about five taps (contract, declarer, partner, won or lost,
save), every player's gain or loss before it is saved, and a running balance that sums to zero.
Where the table plays them, the house games too: a Ramsch (each player's card points, the
Jungfrauen or a Durchmarsch), a Bettel or Bettel Brett, and the knocks (Klopfen) of any hand.

The form only turns taps into the scoresheet entry (games/plugins/schafkopf/engine.py); the engine
decides whether the hand is valid and what it is worth, and its problems are shown above the
form and in the preview, in its own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django import forms
from django.utils.html import format_html
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.formatting import money, signed
from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
    read_breakdown,
)
from games.hands.demo_base import DemoGame
from games.plugins.schafkopf.demo import SCHAFKOPF_DEMO
from games.plugins.schafkopf.engine import (
    CONTRACTS_BY_KEY,
    DOUBLINGS,
    MAX_DOUBLINGS,
    MAX_KLOPFEN,
    PASSED,
    RAMSCH,
    SAUSPIEL,
    SIE,
    STILL_TO_ENTER,
    TARIFF_LABELS,
    TOTAL_CARD_POINTS,
    TOUT_DOUBLE,
    TRICKS,
    Contract,
    ContractBreakdown,
    GermanSuit,
    RamschBreakdown,
    Schafkopf,
    SchafkopfBreakdown,
    SchafkopfPointsBreakdown,
    TableHand,
    contracts_at,
    fields_for,
    leader_after,
    result_kind,
    table_entry,
)
from games.problems import problem_text
from games.scoring import EntryError, GameState, TableSetup
from games.scoring.breakdowns import JSON
from games.words import label_value

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

WON = "won"
LOST = "lost"


# -- amounts --------------------------------------------------------------------------------------


def has_money(setup: TableSetup) -> bool:
    return setup.option_int("cents_per_point") > 0


def amount(points: int, setup: TableSetup, *, sign: bool = True) -> str:
    """Points as the table counts them: money when it plays for money, else points."""
    if has_money(setup):
        return money(
            points, setup.option_int("cents_per_point"), setup.option_str("currency"), sign=sign
        )
    return signed(points) if sign else str(points)


# -- what each contract asks for --------------------------------------------------------------


def _doubling_words(level: str) -> tuple[str, str]:
    """The doubling button's text at a level, and the line under it that explains it."""
    if level in ("", "0") or not level.isdigit() or int(level) > MAX_DOUBLINGS:
        return _("No doubling"), _(
            "Each call doubles the value: Stoß, then Retour (Gegenstoß), Sub and Resub."
        )
    doubling = DOUBLINGS[int(level) - 1]
    name = f"{_(doubling.name)} ×{doubling.multiplier}"
    return name, label_value(name, _(doubling.explanation))


def form_contracts(setup: TableSetup) -> tuple[Contract, ...]:
    """The table's contracts in the order the chips show them: the rule text's everyday games
    first (the three wide chips), then the Bettels, then everybody passing or the Ramsch."""
    played = contracts_at(setup)
    return (
        tuple(c for c in played if not c.bettel and c not in (PASSED, RAMSCH))
        + tuple(c for c in played if c.bettel)
        + tuple(c for c in played if c in (PASSED, RAMSCH))
    )


def contract_label(contract: Contract) -> StrPromise:
    # "All passed" is short enough for a chip on a 360 px phone; the words elsewhere say
    # "Everybody passed".
    return gettext_lazy("All passed") if contract is PASSED else gettext_lazy(contract.name)


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
    names = [name for name in sorted(fields) if name not in ("suit", "card_points")]
    if "suit" in fields:
        names += [f"suit={suit.value}" for suit in contract.suits] + ["suit="]
    if "card_points" in fields:
        names += [f"card_points_{index}" for index in range(len(setup.players))]
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

    def add_fields(self) -> None:
        super().add_fields()
        seats = [(str(index), name) for index, name in enumerate(self.setup.players)]
        declarer, partner = self.fields["declarer"], self.fields["partner"]
        assert isinstance(declarer, forms.ChoiceField)
        assert isinstance(partner, forms.ChoiceField)
        declarer.choices = seats
        # Last, so the chips' positions match the seat colours; only shown without JavaScript,
        # where a radio cannot be unticked any other way.
        partner.choices = [*seats, ("", _("No partner"))]
        contract = self.fields["contract"]
        assert isinstance(contract, forms.ChoiceField)
        self.contracts = form_contracts(self.setup)
        contract.choices = [(c.key, contract_label(c)) for c in self.contracts]
        if not self.setup.option_bool("runners"):
            del self.fields["laufende"]
        if not self.setup.option_bool("klopfen"):
            del self.fields["klopfen"]
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
        self.missing = ""

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

    def _player(self, name: str) -> str | None:
        value = self.cleaned_data.get(name)
        if value in (None, ""):
            return None
        return self.setup.players[int(value)]

    def _won(self) -> bool | None:
        value = self.cleaned_data.get("declarer_won")
        return None if not value else value == WON

    def table_hand(self) -> TableHand:
        """The fields as tapped, read into the engine's ``TableHand``; nothing decided here."""
        data = self.cleaned_data
        players = self.setup.players
        card_points = {
            name: data[f"card_points_{index}"]
            for index, name in enumerate(players)
            if data.get(f"card_points_{index}") is not None
        }
        return TableHand(
            contract=data["contract"],
            declarer=self._player("declarer"),
            partner=self._player("partner"),
            suit=data.get("suit") or None,
            declarer_won=self._won(),
            schneider=bool(data.get("schneider")),
            schwarz=bool(data.get("schwarz")),
            declarer_points=data.get("declarer_points"),
            declarer_tricks=data.get("declarer_tricks"),
            doublings=int(data.get("doublings") or 0),
            laufende=data.get("laufende") or 0,
            klopfen=data.get("klopfen") or 0,
            card_points=card_points or None,
            jungfrau=tuple(players[int(seat)] for seat in data.get("jungfrau") or ()),
            durchmarsch=self._player("durchmarsch"),
        )

    def entry(self) -> dict[str, object]:
        """The round entry, as the engine reads the taps (``table_entry``); its problem saying
        what is still to enter is kept for the preview, which shows it as a hint."""
        try:
            return table_entry(self.table_hand(), self.setup)
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


# -- words --------------------------------------------------------------------------------------


def _names(players: Sequence[object]) -> str:
    return get_text_list([str(player) for player in players], _("and"))


def contract_name(breakdown: ContractBreakdown) -> str:
    """The contract with its called ace or trump suit: "Sauspiel (Eichel ace)", "Solo (Herz)"."""
    contract = breakdown.contract
    name = _(contract.name)
    if not breakdown.suit:
        return name
    suit_name = _(breakdown.suit.label)
    if contract.has_partner:
        return _("%(contract)s (%(suit)s ace)") % {"contract": name, "suit": suit_name}
    return _("%(contract)s (%(suit)s)") % {"contract": name, "suit": suit_name}


def doubling_name(level: int) -> str:
    """The last call of the chain: a Retour stands for Stoß and Retour."""
    if not 0 < level <= MAX_DOUBLINGS:
        return ""
    return _(DOUBLINGS[level - 1].name)


def result_words(breakdown: ContractBreakdown, with_count: bool = True) -> str:
    """The outcome for the declarer side: "won with 75", "won, Schneider", "lost with 7 tricks";
    without the card points or tricks when not ``with_count``."""
    contract = breakdown.contract
    won = bool(breakdown.declarer_won)
    points, tricks = (
        (breakdown.declarer_points, breakdown.declarer_tricks) if with_count else (None, None)
    )
    if contract.bettel and tricks is not None:
        words = (
            _("won without a trick")
            if won
            else ngettext("lost with %(count)s trick", "lost with %(count)s tricks", tricks)
            % {"count": tricks}
        )
    elif contract.tout and tricks is not None:
        words = (
            _("won with all 8 tricks")
            if won
            else ngettext("lost with %(count)s trick", "lost with %(count)s tricks", tricks)
            % {"count": tricks}
        )
    elif points is not None:
        words = (_("won with %(points)s") if won else _("lost with %(points)s")) % {
            "points": points
        }
    else:
        words = _("won") if won else _("lost")
    if breakdown.schwarz:
        words += ", " + _("Schwarz")
    elif breakdown.schneider:
        words += ", " + _("Schneider")
    return words


def knock_words(count: int) -> str:
    """The knocks of a hand: "Klopfen", "Klopfen twice"... ("" for none)."""
    if not count:
        return ""
    if count == 1:
        return _("Klopfen")
    return ngettext("Klopfen %(count)s time", "Klopfen %(count)s times", count) % {"count": count}


def summary_of(breakdown: SchafkopfBreakdown, setup: TableSetup) -> str:
    """One line for the collapsed history row and the preview:
    "Ann's Sauspiel (Eichel ace) with Cy: won with 75, Stoß — 20 each"."""
    if isinstance(breakdown, SchafkopfPointsBreakdown):
        return _("Points counted at the table")
    if isinstance(breakdown, RamschBreakdown):
        return _ramsch_summary(breakdown, setup)
    contract = breakdown.contract
    if not contract.played:
        return _("Everybody passed")
    who = _("%(declarer)s's %(contract)s") % {
        "declarer": breakdown.declarer,
        "contract": contract_name(breakdown),
    }
    if breakdown.partner:
        who = _("%(game)s with %(partner)s") % {"game": who, "partner": breakdown.partner}
    result = _("won") if contract is SIE else result_words(breakdown)
    knocked = knock_words(breakdown.klopfen)
    if knocked:
        result += ", " + knocked
    doubled = doubling_name(breakdown.doublings)
    if doubled:
        result += ", " + doubled
    return _("%(game)s: %(result)s — %(value)s each") % {
        "game": who,
        "result": result,
        "value": amount(breakdown.game_value, setup, sign=False),
    }


def _ramsch_summary(breakdown: RamschBreakdown, setup: TableSetup) -> str:
    """ "Ramsch: Bob loses with 52, Jungfrau Di — 40 each", "Ramsch: Cy's Durchmarsch — 70 each"."""
    value = amount(breakdown.game_value, setup, sign=False)
    extras = []
    jungfrau = breakdown.jungfrau
    if jungfrau:
        extras.append(_("Jungfrau %(names)s") % {"names": _names(jungfrau)})
    knocked = knock_words(breakdown.klopfen)
    if knocked:
        extras.append(knocked)
    if breakdown.durchmarsch:
        what = _("%(player)s's Durchmarsch") % {"player": breakdown.durchmarsch}
    elif not breakdown.winners:
        what = _("all four on 30, nobody pays")
        return _("Ramsch: %(what)s") % {"what": what}
    else:
        losers = breakdown.losers
        most = (breakdown.card_points or {}).get(losers[0], 0)
        what = ngettext(
            "%(players)s loses with %(points)s",
            "%(players)s lose with %(points)s each",
            len(losers),
        ) % {"players": _names(losers), "points": most}
    return _("Ramsch: %(what)s — %(value)s each") % {
        "what": ", ".join([what, *extras]),
        "value": value,
    }


def _multiplier_words(breakdown: ContractBreakdown | RamschBreakdown) -> str:
    """The knocks and the Stoß chain as factors: "Klopfen ×2, Stoß ×2" ("" for none)."""
    factors = []
    knocks = breakdown.klopfen
    if knocks:
        factors.append(f"{knock_words(knocks)} ×{2**knocks}")
    doublings = breakdown.doublings
    if doublings:
        factors.append(f"{doubling_name(doublings)} ×{DOUBLINGS[doublings - 1].multiplier}")
    return ", ".join(factors)


def value_words(breakdown: ContractBreakdown | RamschBreakdown) -> str:
    """The value's parts: "Sauspiel 10 + Schneider 10 + 3 Laufende 30 = 50, Stoß ×2 = 100"."""
    if isinstance(breakdown, RamschBreakdown):
        return _ramsch_value_words(breakdown)
    contract = breakdown.contract
    doubled_tout = breakdown.tout == TOUT_DOUBLE
    factor = breakdown.factor
    sie_four_times = contract is SIE and factor > 1
    part = contract.plain_part if doubled_tout else contract.tariff_part
    if sie_four_times:
        part = "solo"
    parts = [f"{_(TARIFF_LABELS[part])} {breakdown.base}"]
    if breakdown.schneider_value:
        parts.append(_("Schneider") + f" {breakdown.schneider_value}")
    if breakdown.schwarz_value:
        parts.append(_("Schwarz") + f" {breakdown.schwarz_value}")
    laufende = breakdown.laufende
    if laufende.value:
        parts.append(
            _("%(count)s Laufende %(value)s") % {"count": laufende.count, "value": laufende.value}
        )
    before = breakdown.value_before_doublings
    words = " + ".join(parts)
    if doubled_tout:
        words = _("twice (%(parts)s) = %(value)s") % {"parts": words, "value": before}
    elif sie_four_times:
        words = _("four times (%(parts)s) = %(value)s") % {"parts": words, "value": before}
    elif contract.bettel and factor > 1:
        words = _("%(parts)s ×2 for the open cards = %(value)s") % {
            "parts": words,
            "value": before,
        }
    elif len(parts) > 1:
        words = f"{words} = {before}"
    return _with_multiplier(words, breakdown)


def _with_multiplier(words: str, breakdown: ContractBreakdown | RamschBreakdown) -> str:
    factors = _multiplier_words(breakdown)
    if not factors:
        return words
    return (
        words
        + ", "
        + _("%(factors)s = %(value)s")
        % {
            "factors": factors,
            "value": breakdown.game_value,
        }
    )


def _ramsch_value_words(breakdown: RamschBreakdown) -> str:
    """ "Ramsch 20, 1 Jungfrau ×2 = 40, Klopfen ×2 = 80"; a Durchmarsch as a Solo won Schwarz."""
    before = breakdown.value_before_doublings
    if breakdown.durchmarsch:
        words = _(
            "a Solo won Schwarz: %(solo)s %(base)s + %(schneider)s %(sv)s + %(schwarz)s "
            "%(swv)s = %(value)s"
        ) % {
            "solo": _("Solo"),
            "base": breakdown.base,
            "schneider": _("Schneider"),
            "sv": breakdown.schneider_value,
            "schwarz": _("Schwarz"),
            "swv": breakdown.schwarz_value,
            "value": before,
        }
    else:
        words = _("Ramsch") + f" {breakdown.base}"
        jungfrauen = len(breakdown.jungfrau)
        if jungfrauen:
            words += ", " + ngettext(
                "%(count)s Jungfrau ×%(factor)s = %(value)s",
                "%(count)s Jungfrauen ×%(factor)s = %(value)s",
                jungfrauen,
            ) % {"count": jungfrauen, "factor": breakdown.factor, "value": before}
    return _with_multiplier(words, breakdown)


def explain_hand(breakdown: SchafkopfBreakdown, setup: TableSetup) -> list[str]:
    """Who played what, how the result was reached, the value's parts and who paid whom."""
    if isinstance(breakdown, SchafkopfPointsBreakdown):
        points = breakdown.points
        return [
            _("Points counted at the table: %(points)s.")
            % {
                "points": ", ".join(
                    f"{player} {signed(points.get(player, 0))}" for player in setup.players
                )
            }
        ]
    if isinstance(breakdown, RamschBreakdown):
        return explain_ramsch(breakdown, setup)
    contract = breakdown.contract
    if not contract.played:
        return [_("Everybody passed: nobody scores, and the deal passes on.")]
    declarer_side = breakdown.declarer_side
    opponents = [player for player in setup.players if player not in declarer_side]
    lines = []
    if breakdown.partner:
        lines.append(
            _("%(declarer)s played a %(contract)s with %(partner)s against %(opponents)s.")
            % {
                "declarer": breakdown.declarer,
                "contract": contract_name(breakdown),
                "partner": breakdown.partner,
                "opponents": _names(opponents),
            }
        )
    else:
        lines.append(
            _("%(declarer)s played a %(contract)s alone against %(opponents)s.")
            % {
                "declarer": breakdown.declarer,
                "contract": contract_name(breakdown),
                "opponents": _names(opponents),
            }
        )
    lines.append(_result_line(contract, breakdown, declarer_side))
    lines.append(_("Game value: %(value)s.") % {"value": value_words(breakdown)})
    won = bool(breakdown.declarer_won)
    lines.append(_payment_line(breakdown.game_value, won, declarer_side, opponents, setup))
    return lines


def _result_line(
    contract: Contract, breakdown: ContractBreakdown, declarer_side: Sequence[str]
) -> str:
    if contract is SIE:
        return _("A Sie wins without being played.")
    side = _names(declarer_side)
    points, tricks = breakdown.declarer_points, breakdown.declarer_tricks
    outcome = result_words(breakdown, with_count=False)
    if contract.bettel and tricks is not None:
        if tricks == 0:
            return _("%(side)s took no trick: the %(contract)s is won.") % {
                "side": side,
                "contract": _(contract.name),
            }
        return ngettext(
            "%(side)s took %(count)s trick: the %(contract)s is lost (it is won only without "
            "a trick).",
            "%(side)s took %(count)s tricks: the %(contract)s is lost (it is won only without "
            "a trick).",
            tricks,
        ) % {"side": side, "count": tricks, "contract": _(contract.name)}
    if contract.tout and tricks is not None:
        return ngettext(
            "%(side)s took %(count)s trick of 8: %(outcome)s (a Tout needs all 8).",
            "%(side)s took %(count)s tricks of 8: %(outcome)s (a Tout needs all 8).",
            tricks,
        ) % {"side": side, "count": tricks, "outcome": outcome}
    if points is not None:
        # Say where the lines are only when they matter: Schneider needs the second one.
        rule = (
            _("61 win; 91 or more, or 30 or less, is Schneider")
            if breakdown.schneider and not breakdown.schwarz
            else _("61 win")
        )
        if tricks is not None:
            return ngettext(
                "%(side)s took %(points)s card points in %(count)s trick: %(outcome)s (%(rule)s).",
                "%(side)s took %(points)s card points in %(count)s tricks: %(outcome)s (%(rule)s).",
                tricks,
            ) % {"side": side, "points": points, "count": tricks, "outcome": outcome, "rule": rule}
        return _("%(side)s took %(points)s card points: %(outcome)s (%(rule)s).") % {
            "side": side,
            "points": points,
            "outcome": outcome,
            "rule": rule,
        }
    return _("Entered as %(outcome)s.") % {"outcome": outcome}


def _payment_line(
    value: int,
    won: bool,
    declarer_side: Sequence[str],
    opponents: Sequence[str],
    setup: TableSetup,
) -> str:
    """Who paid whom, ``value`` each: "Bob and Di pay 20 each to Ann and Cy"; with the whole
    sum when one player pays or receives for three."""
    payers, receivers = (opponents, declarer_side) if won else (declarer_side, opponents)
    each = amount(value, setup, sign=False)
    if len(payers) == 1:
        line = _("%(payer)s pays %(value)s each to %(receivers)s: %(total)s in all.") % {
            "payer": payers[0],
            "value": each,
            "receivers": _names(receivers),
            "total": amount(value * len(receivers), setup, sign=False),
        }
    elif len(receivers) == 1:
        line = _("%(payers)s pay %(value)s each to %(receiver)s: %(total)s in all.") % {
            "payers": _names(payers),
            "value": each,
            "receiver": receivers[0],
            "total": amount(value * len(payers), setup, sign=False),
        }
    else:
        line = _("%(payers)s pay %(value)s each to %(receivers)s.") % {
            "payers": _names(payers),
            "value": each,
            "receivers": _names(receivers),
        }
    if has_money(setup):
        line += " " + ngettext("(%(count)s point each.)", "(%(count)s points each.)", value) % {
            "count": value
        }
    return line


def explain_ramsch(breakdown: RamschBreakdown, setup: TableSetup) -> list[str]:
    """A Ramsch in words: why it was played, the card points, who lost, the Jungfrauen or the
    Durchmarsch, the value and who paid whom."""
    lines = [
        _(
            "Everybody passed, so the hand was played as a Ramsch: each for himself, and the "
            "most card points lose."
        )
    ]
    card_points = breakdown.card_points
    if card_points:
        lines.append(
            _("Card points: %(points)s.")
            % {
                "points": ", ".join(
                    f"{player} {card_points.get(player, 0)}" for player in setup.players
                )
            }
        )
    losers, winners = breakdown.losers, breakdown.winners
    durchmarsch = breakdown.durchmarsch
    if durchmarsch:
        lines.append(
            _("%(player)s took every trick: a Durchmarsch, which wins from everyone.")
            % {"player": durchmarsch}
        )
    elif not winners:
        lines.append(_("All four took 30 card points: everybody loses, so nobody pays."))
        return lines
    else:
        most = (card_points or {}).get(losers[0], 0)
        if len(losers) == 1:
            lines.append(
                _("%(player)s took the most card points (%(points)s) and loses.")
                % {"player": losers[0], "points": most}
            )
        else:
            lines.append(
                _("%(players)s took the most card points (%(points)s each) and all lose.")
                % {"players": _names(losers), "points": most}
            )
    jungfrau = breakdown.jungfrau
    if jungfrau:
        lines.append(
            ngettext(
                "%(players)s took no trick (Jungfrau): each Jungfrau doubles the value.",
                "%(players)s took no trick (Jungfrauen): each Jungfrau doubles the value.",
                len(jungfrau),
            )
            % {"players": _names(jungfrau)}
        )
    lines.append(_("Game value: %(value)s.") % {"value": value_words(breakdown)})
    lines.append(_ramsch_payment_line(breakdown, losers, winners, setup))
    return lines


def _ramsch_payment_line(
    breakdown: RamschBreakdown, losers: Sequence[str], winners: Sequence[str], setup: TableSetup
) -> str:
    """Every loser pays every winner: one line, with the sums when one side is one player."""
    value = breakdown.game_value
    if len(losers) == 1 or len(winners) == 1:
        return _payment_line(value, True, winners, losers, setup)
    line = _("%(payers)s each pay %(value)s to each of %(receivers)s: %(total)s each.") % {
        "payers": _names(losers),
        "value": amount(value, setup, sign=False),
        "receivers": _names(winners),
        "total": amount(value * len(winners), setup, sign=False),
    }
    if has_money(setup):
        line += " " + ngettext("(%(count)s point each.)", "(%(count)s points each.)", value) % {
            "count": value
        }
    return line


def tariff_words(setup: TableSetup) -> str:
    """The table's tariff and money in one line: "Tariff: Sauspiel 10, … · 1 point = 0.10 €"."""
    tariff = setup.option_mapping("tariff")
    parts = []
    double = setup.option_str("tout") == TOUT_DOUBLE
    for part, label in TARIFF_LABELS.items():
        if part in ("bettel", "ramsch") and not setup.option_bool(part):
            continue  # a house game the table does not play
        if part == "tout" and double:
            parts.append(_("Tout twice the Solo or Wenz"))
        elif part == "sie" and double:
            parts.append(_("Sie four times the Solo"))
        else:
            parts.append(f"{_(label)} {tariff[part]}")
    if setup.option_bool("klopfen"):
        parts.append(_("each knock ×2"))
    words = _("Tariff: %(parts)s") % {"parts": ", ".join(parts)}
    if has_money(setup):
        words += " · " + _("1 point = %(money)s") % {"money": amount(1, setup, sign=False)}
    return words


# -- the hand entry -----------------------------------------------------------------------------


class SchafkopfHandEntry(HandEntry):
    # The engine scores a hand of this game on its own; so does the preview.
    form_uses_earlier = False
    template = "schafkopf/hand.html"
    form_class = SchafkopfHandForm
    options_on_scoreboard = frozenset({"tariff", "cents_per_point", "currency"})
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
        for name in ("laufende", "klopfen"):
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
            "contract_choices": [
                (radio, _(c.explanation))
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
        leader = setup.players[leader_after(dealer)] if dealer is not None else None
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
                notes.append(_("deals next"))
            elif side == leader:
                notes.append(pgettext("plays the first card of the hand", "leads"))
            css = " ".join(
                filter(None, ("sk-total", _trend(total), "sk-money" if has_money(setup) else ""))
            )
            rows.append(ScoreRow(side, amount(total, setup), " · ".join(notes), css=css))
        balance = sum(state.totals.get(side, 0) for side in setup.sides)
        facts = [_("Balance sums to %(total)s") % {"total": signed(balance)}]
        if next_dealer and leader:
            facts.append(
                format_html(
                    _("{dealer} deals, {leader} leads"),
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
