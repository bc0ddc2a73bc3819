"""Schafkopf at the table: a hand in about five taps (contract, declarer, partner, won or lost,
save), every player's gain or loss before it is saved, and a running balance that sums to zero.

The form only turns taps into the scoresheet entry (games/scoring/schafkopf.py); the engine
decides whether the hand is valid and what it is worth, and its problems are shown above the
form and in the preview, in its own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.hands.base import BaseHandForm, HandEntry, HistoryLine, Scoreboard, ScoreRow
from games.scoring import GameState, TableSetup
from games.scoring.schafkopf import (
    CONTRACTS,
    CONTRACTS_BY_KEY,
    DOUBLINGS,
    MAX_DOUBLINGS,
    SAUSPIEL,
    SIE,
    TARIFF_LABELS,
    TOTAL_CARD_POINTS,
    TOUT_DOUBLE,
    TRICKS,
    Contract,
    GermanSuit,
    declarer_wins,
    is_schneider,
    laufende_count_in,
    leader_after,
)

WON = "won"
LOST = "lost"
MINUS = "\u2212"  # a real minus sign: a hyphen reads as a dash next to a number
NBSP = "\u00a0"

# (before, after) the amount; a non-breaking space keeps "3.40 €" on one line on a phone.
CURRENCY_SIGNS: Mapping[str, tuple[str, str]] = {
    "EUR": ("", f"{NBSP}€"),
    "CHF": (f"CHF{NBSP}", ""),
    "USD": ("$", ""),
    "GBP": ("£", ""),
}

# How the hand's result is entered, by contract: card points or won/lost ("plain"), won/lost
# or tricks only ("tout"), or nothing at all (a Sie wins unplayed; a pass scores nothing).
RESULT_PLAIN = "plain"
RESULT_TOUT = "tout"
RESULT_NONE = "none"


# -- amounts --------------------------------------------------------------------------------------


def signed(points: int) -> str:
    """Points with their sign, as a balance reads: "+30", "−30" or "0"."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def money(points: int, cents: int, currency: str, *, sign: bool = True) -> str:
    """Points as money at ``cents`` a point: "+3.40 €", "−$0.50", "CHF 1.00" (unsigned).

    The number follows the active language ("3,40 €" in German); the sign goes in front of
    the currency, as a balance is read.
    """
    before, after = CURRENCY_SIGNS.get(currency, ("", f"{NBSP}{currency}"))
    number = number_format(Decimal(abs(points) * cents) / 100, 2, use_l10n=True)
    text = f"{before}{number}{after}"
    if not sign or points == 0:
        return text
    return f"+{text}" if points > 0 else f"{MINUS}{text}"


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
    return name, f"{name}: {_(doubling.explanation)}"


def result_kind(contract: Contract) -> str:
    if not contract.played or contract is SIE:
        return RESULT_NONE
    return RESULT_TOUT if contract.tout else RESULT_PLAIN


def contract_flags(contract: Contract, setup: TableSetup) -> dict[str, str]:
    """Which parts of the form a contract needs, as data attributes: the script hides the rest
    (and clears them) so a hand never carries a choice the players cannot see."""
    laufende = setup.option_bool("runners") and laufende_count_in(
        contract, setup.option_str("tout")
    )
    return {
        "contract": contract.key,
        "declarer": "1" if contract.played else "0",
        "partner": "1" if contract.has_partner else "0",
        "suits": " ".join(suit.value for suit in contract.suits),
        "doubling": "1" if contract.can_be_doubled else "0",
        "result": result_kind(contract),
        "laufende": "1" if laufende else "0",
    }


# -- the form -----------------------------------------------------------------------------------


def _suit_choices() -> list[tuple[str, Any]]:
    return [(suit.value, gettext_lazy(suit.label)) for suit in GermanSuit] + [
        ("", gettext_lazy("None named"))
    ]


def _doubling_choices() -> list[tuple[str, Any]]:
    return [("0", gettext_lazy("No doubling"))] + [
        (str(doubling.level), gettext_lazy(doubling.name)) for doubling in DOUBLINGS
    ]


class SchafkopfHandForm(BaseHandForm):
    """One hand: the contract, who played, the result, and the doublings.

    The result is either the declarer side's card points or just won or lost with the
    Schneider and Schwarz toggles: either is enough. Player choices are seat numbers.
    """

    contract = forms.ChoiceField(
        label=gettext_lazy("Contract"),
        # "All passed" is short enough for a chip on a 360 px phone; the words elsewhere say
        # "Everybody passed".
        choices=[
            (
                contract.key,
                gettext_lazy("All passed") if not contract.played else gettext_lazy(contract.name),
            )
            for contract in CONTRACTS
        ],
        initial=SAUSPIEL.key,
        widget=forms.RadioSelect,
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(index), name) for index, name in enumerate(self.setup.players)]
        declarer, partner = self.fields["declarer"], self.fields["partner"]
        assert isinstance(declarer, forms.ChoiceField) and isinstance(partner, forms.ChoiceField)
        declarer.choices = seats
        # Last, so the chips' positions match the seat colours; only shown without JavaScript,
        # where a radio cannot be unticked any other way.
        partner.choices = [*seats, ("", _("No partner"))]
        if not self.setup.option_bool("runners"):
            del self.fields["laufende"]
        self.missing = ""

    def chosen_contract(self) -> Contract:
        """The contract picked (the form's value, bound or not), Sauspiel if none is."""
        key = self["contract"].value()
        return CONTRACTS_BY_KEY.get(str(key), SAUSPIEL)

    def _player(self, name: str) -> str | None:
        value = self.cleaned_data.get(name)
        if value in (None, ""):
            return None
        return self.setup.players[int(value)]

    def _won(self) -> bool | None:
        value = self.cleaned_data.get("declarer_won")
        return None if not value else value == WON

    def entry(self) -> dict[str, object]:
        data = self.cleaned_data
        contract = CONTRACTS_BY_KEY[data["contract"]]
        entry: dict[str, object] = {"contract": contract.key}
        for name in ("declarer", "partner"):
            player = self._player(name)
            if player is not None:
                entry[name] = player
        if data.get("suit"):
            entry["suit"] = data["suit"]
        points, tricks, won = data.get("declarer_points"), data.get("declarer_tricks"), self._won()
        if points is not None:
            entry["declarer_points"] = points
            if tricks is not None:
                entry["declarer_tricks"] = tricks
            elif data.get("schwarz"):
                entry["schwarz"] = True
            if won is not None and not contract.tout:
                # Won or lost, and Schneider, follow from the points; incomplete() has already
                # refused a choice that disagrees with them.
                won = None
        elif tricks is not None:
            entry["declarer_tricks"] = tricks
            if contract.tout and won is not None:
                won = None
        else:
            if data.get("schneider"):
                entry["schneider"] = True
            if data.get("schwarz"):
                entry["schwarz"] = True
        if won is not None:
            entry["declarer_won"] = won
        doublings = int(data.get("doublings") or 0)
        if doublings:
            entry["doublings"] = doublings
        if data.get("laufende"):
            entry["laufende"] = data["laufende"]
        return entry

    def incomplete(self) -> str:
        """What is still to be entered, or a result that contradicts the card points: either
        way the hand cannot be scored until the players say what happened."""
        self.missing = self._missing()
        return self.missing or self._contradiction()

    def _missing(self) -> str:
        data = self.cleaned_data
        contract = CONTRACTS_BY_KEY[data["contract"]]
        kind = result_kind(contract)
        result_given = (
            data.get("declarer_points") is not None
            or data.get("declarer_tricks") is not None
            or self._won() is not None
        )
        missing = []
        if contract.played and data.get("declarer") in (None, ""):
            missing.append(_("the declarer"))
        if contract.has_partner and data.get("partner") in (None, ""):
            missing.append(_("the partner"))
        if kind == RESULT_PLAIN and not result_given:
            missing.append(_("the result (won or lost, or the card points)"))
        if kind == RESULT_TOUT and not result_given:
            missing.append(_("the result (won or lost)"))
        if not missing:
            return ""
        return _("Still to enter: %(missing)s.") % {"missing": get_text_list(missing, _("and"))}

    def _contradiction(self) -> str:
        """Won or lost, or Schneider, picked against what the card points or tricks say."""
        data = self.cleaned_data
        kind = result_kind(CONTRACTS_BY_KEY[data["contract"]])
        points, tricks, won = data.get("declarer_points"), data.get("declarer_tricks"), self._won()
        if kind == RESULT_PLAIN and points is not None and 0 <= points <= TOTAL_CARD_POINTS:
            if won is not None and won != declarer_wins(points):
                message = (
                    _("%(points)s card points win the game, but Lost is picked.")
                    if declarer_wins(points)
                    else _("%(points)s card points lose the game, but Won is picked.")
                )
                return message % {"points": points}
            if data.get("schneider") and not (is_schneider(points) or data.get("schwarz")):
                return _(
                    "%(points)s card points are not Schneider: that takes 91 or more, "
                    "or 30 or less."
                ) % {"points": points}
        tout_tricks = kind == RESULT_TOUT and tricks is not None and 0 <= tricks <= TRICKS
        if tout_tricks and won is not None and won != (tricks == TRICKS):
            return _("A Tout is won with all 8 tricks only: the tricks and the result disagree.")
        return ""


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
    breakdown = score.breakdown
    roles = {breakdown.get("declarer"): _("declarer"), breakdown.get("partner"): _("partner")}
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


def _trend(points: int) -> str:
    if points > 0:
        return "sk-plus"
    if points < 0:
        return "sk-minus"
    return ""


# -- words --------------------------------------------------------------------------------------


def _names(players: Sequence[object]) -> str:
    return get_text_list([str(player) for player in players], _("and"))


def contract_name(breakdown: Mapping[str, Any]) -> str:
    """The contract with its called ace or trump suit: "Sauspiel (Eichel ace)", "Solo (Herz)"."""
    contract = CONTRACTS_BY_KEY[str(breakdown["contract"])]
    name = _(contract.name)
    suit = breakdown.get("suit")
    if not suit:
        return name
    suit_name = _(GermanSuit(str(suit)).label)
    if contract.has_partner:
        return _("%(contract)s (%(suit)s ace)") % {"contract": name, "suit": suit_name}
    return _("%(contract)s (%(suit)s)") % {"contract": name, "suit": suit_name}


def doubling_name(level: int) -> str:
    """The last call of the chain: a Retour stands for Stoß and Retour."""
    if not 0 < level <= MAX_DOUBLINGS:
        return ""
    return _(DOUBLINGS[level - 1].name)


def result_words(breakdown: Mapping[str, Any]) -> str:
    """The outcome for the declarer side: "won with 75", "won, Schneider", "lost with 7 tricks"."""
    contract = CONTRACTS_BY_KEY[str(breakdown["contract"])]
    won = bool(breakdown.get("declarer_won"))
    points, tricks = breakdown.get("declarer_points"), breakdown.get("declarer_tricks")
    if contract.tout and tricks is not None:
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
    if breakdown.get("schwarz"):
        words += ", " + _("Schwarz")
    elif breakdown.get("schneider"):
        words += ", " + _("Schneider")
    return words


def summary_of(breakdown: Mapping[str, Any], setup: TableSetup) -> str:
    """One line for the collapsed history row and the preview:
    "Ann's Sauspiel (Eichel ace) with Cy: won with 75, Stoß — 20 each"."""
    if breakdown.get("kind") == "points":
        return _("Points counted at the table")
    contract = CONTRACTS_BY_KEY[str(breakdown["contract"])]
    if not contract.played:
        return _("Everybody passed")
    who = _("%(declarer)s's %(contract)s") % {
        "declarer": breakdown["declarer"],
        "contract": contract_name(breakdown),
    }
    if breakdown.get("partner"):
        who = _("%(game)s with %(partner)s") % {"game": who, "partner": breakdown["partner"]}
    result = _("won") if contract is SIE else result_words(breakdown)
    doubled = doubling_name(int(breakdown.get("doublings") or 0))
    if doubled:
        result += ", " + doubled
    return _("%(game)s: %(result)s — %(value)s each") % {
        "game": who,
        "result": result,
        "value": amount(int(breakdown["game_value"]), setup, sign=False),
    }


def value_words(breakdown: Mapping[str, Any]) -> str:
    """The value's parts: "Sauspiel 10 + Schneider 10 + 3 Laufende 30 = 50, Stoß ×2 = 100"."""
    contract = CONTRACTS_BY_KEY[str(breakdown["contract"])]
    doubled_tout = breakdown.get("tout") == TOUT_DOUBLE
    part = contract.plain_part if doubled_tout else contract.tariff_part
    parts = [f"{_(TARIFF_LABELS[part])} {breakdown['base']}"]
    if breakdown.get("schneider_value"):
        parts.append(f"{_('Schneider')} {breakdown['schneider_value']}")
    if breakdown.get("schwarz_value"):
        parts.append(f"{_('Schwarz')} {breakdown['schwarz_value']}")
    laufende = breakdown.get("laufende") or {}
    if laufende.get("value"):
        parts.append(
            _("%(count)s Laufende %(value)s")
            % {"count": laufende["count"], "value": laufende["value"]}
        )
    before = breakdown["value_before_doublings"]
    words = " + ".join(parts)
    if doubled_tout:
        words = _("twice (%(parts)s) = %(value)s") % {"parts": words, "value": before}
    elif len(parts) > 1:
        words = f"{words} = {before}"
    multiplier = int(breakdown.get("multiplier") or 1)
    if multiplier > 1:
        words += ", " + _("%(doubling)s ×%(multiplier)s = %(value)s") % {
            "doubling": doubling_name(int(breakdown["doublings"])),
            "multiplier": multiplier,
            "value": breakdown["game_value"],
        }
    return words


def explain_hand(breakdown: Mapping[str, Any], setup: TableSetup) -> list[str]:
    """Who played what, how the result was reached, the value's parts and who paid whom."""
    if breakdown.get("kind") == "points":
        points = breakdown.get("points") or {}
        return [
            _("Points counted at the table: %(points)s.")
            % {
                "points": ", ".join(
                    f"{player} {signed(int(points.get(player, 0)))}" for player in setup.players
                )
            }
        ]
    contract = CONTRACTS_BY_KEY[str(breakdown["contract"])]
    if not contract.played:
        return [_("Everybody passed: nobody scores, and the deal passes on.")]
    declarer_side = [str(player) for player in breakdown.get("declarer_side") or ()]
    opponents = [player for player in setup.players if player not in declarer_side]
    lines = []
    if breakdown.get("partner"):
        lines.append(
            _("%(declarer)s played a %(contract)s with %(partner)s against %(opponents)s.")
            % {
                "declarer": breakdown["declarer"],
                "contract": contract_name(breakdown),
                "partner": breakdown["partner"],
                "opponents": _names(opponents),
            }
        )
    else:
        lines.append(
            _("%(declarer)s played a %(contract)s alone against %(opponents)s.")
            % {
                "declarer": breakdown["declarer"],
                "contract": contract_name(breakdown),
                "opponents": _names(opponents),
            }
        )
    lines.append(_result_line(contract, breakdown, declarer_side))
    lines.append(_("Game value: %(value)s.") % {"value": value_words(breakdown)})
    lines.append(_payment_line(breakdown, declarer_side, opponents, setup))
    return lines


def _result_line(
    contract: Contract, breakdown: Mapping[str, Any], declarer_side: Sequence[str]
) -> str:
    if contract is SIE:
        return _("A Sie wins without being played.")
    side = _names(declarer_side)
    points, tricks = breakdown.get("declarer_points"), breakdown.get("declarer_tricks")
    outcome = result_words({**breakdown, "declarer_points": None, "declarer_tricks": None})
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
            if breakdown.get("schneider") and not breakdown.get("schwarz")
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
    breakdown: Mapping[str, Any],
    declarer_side: Sequence[str],
    opponents: Sequence[str],
    setup: TableSetup,
) -> str:
    """Who paid whom: "Bob and Di pay 20 each to Ann and Cy"; with the whole sum when one
    player pays or receives for three."""
    value = int(breakdown["game_value"])
    won = bool(breakdown.get("declarer_won"))
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


def tariff_words(setup: TableSetup) -> str:
    """The table's tariff and money in one line: "Tariff: Sauspiel 10, … · 1 point = 0.10 €"."""
    tariff = setup.option_mapping("tariff")
    parts = []
    for part, label in TARIFF_LABELS.items():
        if part == "tout" and setup.option_str("tout") == TOUT_DOUBLE:
            parts.append(_("Tout twice the Solo or Wenz"))
        else:
            parts.append(f"{_(label)} {tariff[part]}")
    words = _("Tariff: %(parts)s") % {"parts": ", ".join(parts)}
    if has_money(setup):
        words += " · " + _("1 point = %(money)s") % {"money": amount(1, setup, sign=False)}
    return words


# -- the hand entry -----------------------------------------------------------------------------


class SchafkopfHandEntry(HandEntry):
    # The engine scores a hand of this game on its own; so does the preview.
    form_uses_earlier = False
    template = "games/hands/schafkopf.html"
    form_class = SchafkopfHandForm
    options_on_scoreboard = frozenset({"tariff", "cents_per_point", "currency"})
    scripts = ("js/schafkopf.js",)
    styles = ("css/schafkopf.css",)

    def initial_from_entry(self, entry: Mapping[str, Any], setup: TableSetup) -> dict[str, Any]:
        seat = {player: str(index) for index, player in enumerate(setup.players)}
        if "points" in entry:
            # Hand-counted points have no contract to show: the form starts empty, and saving
            # replaces them with the contract entered.
            return {}
        initial: dict[str, Any] = {"contract": entry.get("contract", SAUSPIEL.key)}
        for name in ("declarer", "partner"):
            if entry.get(name) in seat:
                initial[name] = seat[entry[name]]
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
        if entry.get("laufende"):
            initial["laufende"] = entry["laufende"]
        return initial

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, Any]:
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
                c.key: {**contract_flags(c, setup), "explanation": _(c.explanation)}
                for c in CONTRACTS
            },
            "contract_choices": [
                (radio, _(c.explanation))
                for radio, c in zip(form["contract"], CONTRACTS, strict=True)
            ],
            "doubling_choices": doubling_choices,
            "doubling_level": level,
            "doubling_name": shown[1] if shown else "",
            "doubling_help": shown[2] if shown else "",
            "doublings": [{"name": _(d.name), "explanation": _(d.explanation)} for d in DOUBLINGS],
            "tricks_open": tricks.value() not in (None, "") or bool(tricks.errors),
            "preview": preview,
            "money": has_money(setup),
        }

    def explain(self, breakdown: Mapping[str, Any], setup: TableSetup) -> list[str]:
        return explain_hand(breakdown, setup)

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, Any], setup: TableSetup
    ) -> HistoryLine:
        return HistoryLine(
            points=tuple((side, amount(points.get(side, 0), setup)) for side in setup.sides),
            lines=tuple(explain_hand(breakdown, setup)),
            summary=summary_of(breakdown, setup),
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
                notes.append(_("leads"))
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
