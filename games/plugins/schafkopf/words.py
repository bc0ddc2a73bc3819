"""Schafkopf's hands in words: the history's line, the "why" of each player's gain or loss,
the contract's value with its multipliers, and the tariff (games/plugins/schafkopf/rules.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.formatting import page_numbers, signed
from games.plugins.schafkopf.engine import (
    DOUBLINGS,
    MAX_DOUBLINGS,
    SIE,
    TARIFF_LABELS,
    TOUT_DOUBLE,
    Contract,
    ContractBreakdown,
    RamschBreakdown,
    SchafkopfBreakdown,
    SchafkopfPointsBreakdown,
    plays_for_money,
)
from games.plugins.schafkopf.engine import amount as engine_amount
from games.scoring import TableSetup

if TYPE_CHECKING:
    pass


def has_money(setup: TableSetup) -> bool:
    return plays_for_money(setup)


def amount(points: int, setup: TableSetup, *, sign: bool = True) -> str:
    """Points as the table counts them, in the page's language: money when it plays for money,
    else points (the engine's ``amount``, which the phone writes its totals with too)."""
    return engine_amount(points, setup, page_numbers(), sign=sign)


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


def push_words(count: int) -> str:
    """ "geschoben 2 times": how many players pushed in a Schieberramsch (rules.md §20)."""
    return ngettext("geschoben %(count)s time", "geschoben %(count)s times", count) % {
        "count": count
    }


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
    if breakdown.bock:
        result += ", " + bock_word(breakdown)
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
    if breakdown.geschoben:
        extras.append(push_words(breakdown.geschoben))
    if breakdown.bock:
        extras.append(bock_word(breakdown))
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


def bock_word(breakdown: ContractBreakdown | RamschBreakdown) -> str:
    """ "Bock" for a game of a Bock round, "Doppelbock" for a game of two (rules.md §19)."""
    return _("Doppelbock") if breakdown.doppelbock else _("Bock")


def _multiplier_words(breakdown: ContractBreakdown | RamschBreakdown) -> str:
    """The knocks and the Stoß chain as factors: "Klopfen ×2, Stoß ×2" ("" for none)."""
    factors = []
    knocks = breakdown.klopfen
    if knocks:
        factors.append(f"{knock_words(knocks)} ×{2**knocks}")
    doublings = breakdown.doublings
    if doublings:
        factors.append(f"{doubling_name(doublings)} ×{DOUBLINGS[doublings - 1].multiplier}")
    if breakdown.bock:
        factors.append(bock_word(breakdown) + (" ×4" if breakdown.doppelbock else " ×2"))
    pushes = breakdown.geschoben if isinstance(breakdown, RamschBreakdown) else 0
    if pushes:
        factors.append(f"{push_words(pushes)} ×{2**pushes}")
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
    # A Geier or Farbwenz takes a Wenz or Solo tariff, but the history names the game played.
    label = contract.plain_name if contract.plain_name and part != "tout" else TARIFF_LABELS[part]
    parts = [f"{_(label)} {breakdown.base}"]
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
        lines.extend(_tie_break_lines(breakdown))
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


def _tie_break_lines(breakdown: RamschBreakdown) -> list[str]:
    """How a tie for the most card points was broken, where the table breaks it (rules.md
    §12): the tied players' tricks, then who took the highest trump."""
    tie = breakdown.tie_break
    if tie is None:
        return []
    lines = [
        _("%(players)s tie for the most card points; their tricks: %(tricks)s.")
        % {
            "players": _names(tuple(tie.tricks)),
            "tricks": ", ".join(f"{player} {count}" for player, count in tie.tricks.items()),
        }
    ]
    if tie.highest_trump:
        lines.append(
            _("Of those with the most tricks, %(player)s took the highest trump.")
            % {"player": tie.highest_trump}
        )
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
