"""The referees' verdicts, in words and as the page draws them: pure Python, so the server's
views (games/plugins/scopa/referee.py) and the phone with no signal (Pyodide, through
``answer_json``) give the same verdict from the same query (games/plugins/scopa/referee_query.py)
in the same words. The rules are the engine's (``primiera``, ``prime_point``, captures.py).

The words come through ``Words``: on the server Django's translations and card faces; on the
phone ``CatalogWords``, the same translations written into the referee's page
(``referee.offline_words``: every message this module marks, ``_`` and ``ngettext``, found in
its source by ``messages``).
"""

from __future__ import annotations

import ast
import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Protocol

from games.plugins.scopa.captures import (
    KIND_ACE_TAKES_ALL,
    KIND_FIFTEEN,
    KIND_SINGLE,
    KIND_SUM,
    Capture,
    CaptureRules,
    is_pirate_scopa,
    is_scopa,
    legal_captures,
    may_trail,
)
from games.plugins.scopa.engine import (
    PRIME_MOST_SEVENS,
    PRIME_SUM,
    PRIMIERA_BEST_PARTIAL,
    PRIMIERA_VALUES,
    PRIMIERA_VOID,
    REASON_BEST_PARTIAL,
    REASON_HIGHEST_SUM,
    REASON_INCOMPLETE_EXCLUDED,
    REASON_NOBODY_COMPLETE,
    PrimeResult,
    PrimieraHand,
    PrimieraResult,
    prime_point,
    primiera,
)
from games.plugins.scopa.referee_query import (
    KIND_PRIMES,
    VARIANT_PIRATE,
    CaptureQuery,
    PrimieraQuery,
    query_values,
    read_captures,
    read_primiera,
)
from games.scoring.cards import MATTA, Card, Rank, Suit
from games.scoring.i18n import gettext_noop

# The sides' names when none is given, translated where they are shown.
DEFAULT_NAMES = (
    gettext_noop("Side A"),
    gettext_noop("Side B"),
    gettext_noop("Side C"),
    gettext_noop("Side D"),
)


@dataclass(frozen=True)
class Face:
    """A card as the page shows it (games.cardfaces.CardFace): its corner, its pip (empty for
    suits drawn as icons), its suit's css name and its name in words."""

    code: str
    corner: str
    pip: str
    suit: str
    name: str


class Words(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, number: int) -> str: ...

    def face(self, card: Card) -> Face: ...

    def suit(self, suit: Suit) -> str: ...


# -- primiera -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    rule_label: str
    winner: str | None
    sentence: str
    table_rule: bool


@dataclass(frozen=True)
class PrimieraVerdicts:
    """What the primiera referee shows: the verdict under the table's convention (and the other
    one when it differs), and the table of what each side has."""

    query: PrimieraQuery
    verdicts: tuple[Verdict, ...]
    # Primiera: per suit, each side's best card and its value; then each side's sum.
    rows: tuple[tuple[str, tuple[tuple[Face | None, int], ...]], ...] = ()
    sums: tuple[tuple[int, bool], ...] = ()
    # Primes: each side's sevens, fives, threes, twos and sum.
    prime_counts: tuple[tuple[str, tuple[int, int, int, int, int]], ...] = ()


def primiera_verdicts(query: PrimieraQuery, words: Words) -> PrimieraVerdicts:
    captures = query.captures()
    if query.kind == KIND_PRIMES:
        result = prime_point(captures, query.prime_rule)
        counts = tuple(
            (name, (*count.sevens_fives_threes, count.by_rank[Rank.TWO], count.total))
            for name, count in result.counts.items()
        )
        return PrimieraVerdicts(
            query, tuple(prime_rulings(captures, query.prime_rule, words)), prime_counts=counts
        )
    hands = primiera(captures, query.rule).hands
    rows = tuple(
        (
            words.suit(suit),
            tuple(
                (words.face(hand.best[suit]), PRIMIERA_VALUES[hand.best[suit].rank])
                if suit in hand.best
                else (None, 0)
                for hand in hands.values()
            ),
        )
        for suit in Suit
    )
    sums = tuple((hand.total, hand.complete) for hand in hands.values())
    rulings = primiera_rulings(captures, query.rule, words)
    return PrimieraVerdicts(query, tuple(rulings), rows=rows, sums=sums)


def primiera_rulings(
    captures: Mapping[str, frozenset[Card]], table_rule: str, words: Words
) -> list[Verdict]:
    """The verdict under the table's convention, and under the other one when it differs
    (games/plugins/scopa/rules.md §4: the rule text's best partial sum, or the house rule that an
    incomplete primiera is void)."""
    _ = words.gettext
    labels = {
        PRIMIERA_BEST_PARTIAL: _("Rule text (best partial sum)"),
        PRIMIERA_VOID: _("House rule (incomplete is void)"),
    }
    results = {rule: primiera(captures, rule) for rule in (PRIMIERA_BEST_PARTIAL, PRIMIERA_VOID)}
    sentences = {rule: primiera_sentence(result, words) for rule, result in results.items()}
    return _table_rule_first(
        labels, {rule: r.winner for rule, r in results.items()}, sentences, table_rule
    )


def _table_rule_first(
    labels: Mapping[str, str],
    winners: Mapping[str, str | None],
    sentences: Mapping[str, str],
    table_rule: str,
) -> list[Verdict]:
    """The verdict under the table's rule, and under the other only when its winner differs."""
    order = [table_rule, *(rule for rule in winners if rule != table_rule)]
    verdicts = [
        Verdict(labels[rule], winners[rule], sentences[rule], rule == table_rule) for rule in order
    ]
    if verdicts[0].winner == verdicts[1].winner:
        return verdicts[:1]
    return verdicts


def _lacks(name: str, hand: PrimieraHand, words: Words) -> str:
    _ = words.gettext
    suits = [words.suit(suit) for suit in hand.missing_suits]
    if len(suits) == len(Suit):
        return _("%(side)s has no cards") % {"side": name}
    return _("%(side)s lacks %(suits)s") % {"side": name, "suits": join_and(suits, words)}


def join_and(items: Sequence[str], words: Words) -> str:
    _ = words.gettext
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def primiera_sentence(result: PrimieraResult, words: Words) -> str:
    """Why the primiera goes where it does, in one plain sentence (games/plugins/scopa/rules.md
    §4)."""
    _ = words.gettext
    ngettext = words.ngettext
    hands = result.hands
    if not any(hand.best for hand in hands.values()):
        return _("Tap the cards each side took to see who wins the primiera.")
    winner = result.winner
    incomplete = [name for name, hand in hands.items() if not hand.complete]
    lacks = "; ".join(_lacks(name, hands[name], words) for name in incomplete)
    if result.reason == REASON_INCOMPLETE_EXCLUDED and winner:
        sentence = _("%(lacks)s, so %(winner)s's complete primiera (%(sum)s) wins") % {
            "lacks": lacks,
            "winner": winner,
            "sum": hands[winner].total,
        }
        higher = [name for name in incomplete if hands[name].total > hands[winner].total]
        if higher:
            sentence += " " + ngettext(
                "although %(sides)s sums higher (%(sums)s)",
                "although %(sides)s sum higher (%(sums)s)",
                len(higher),
            ) % {
                "sides": join_and(higher, words),
                "sums": ", ".join(str(hands[name].total) for name in higher),
            }
        return sentence + "."
    if result.reason == REASON_HIGHEST_SUM and winner:
        others = [name for name in hands if name != winner]
        return _("Every side has all four suits; %(winner)s's %(sum)s beats %(others)s.") % {
            "winner": winner,
            "sum": hands[winner].total,
            "others": join_and([f"{name} {hands[name].total}" for name in others], words),
        }
    if result.reason == REASON_BEST_PARTIAL and winner:
        return _(
            "Nobody has all four suits (%(lacks)s), so the best partial sum wins: %(winner)s "
            "with %(sum)s."
        ) % {"lacks": lacks, "winner": winner, "sum": hands[winner].total}
    if result.reason == REASON_NOBODY_COMPLETE:
        return _(
            "Nobody has all four suits (%(lacks)s), and with this house rule an incomplete "
            "primiera never wins: nobody scores it."
        ) % {"lacks": lacks}
    # A tie at the top among those who compete.
    competing = {
        name: hand.total
        for name, hand in hands.items()
        if hand.complete or not any(h.complete for h in hands.values())
    }
    top = max(competing.values())
    tied = [name for name, total in competing.items() if total == top]
    return _("%(sides)s tie at %(sum)s, so nobody scores the primiera.") % {
        "sides": join_and(tied, words),
        "sum": top,
    }


def prime_rulings(
    captures: Mapping[str, frozenset[Card]], table_rule: str, words: Words
) -> list[Verdict]:
    """Pirate Scopa's prime point under the table's rule, and the other when it differs
    (games/plugins/scopa/pirate-scopa.md §4-§5)."""
    _ = words.gettext
    labels = {
        PRIME_SUM: _("Rule text (highest sum of primes)"),
        PRIME_MOST_SEVENS: _("Simplified rule (most sevens)"),
    }
    results = {rule: prime_point(captures, rule) for rule in (PRIME_SUM, PRIME_MOST_SEVENS)}
    sentences = {rule: prime_sentence(result, words) for rule, result in results.items()}
    return _table_rule_first(
        labels, {rule: r.winner for rule, r in results.items()}, sentences, table_rule
    )


def prime_sentence(result: PrimeResult, words: Words) -> str:
    _ = words.gettext
    counts = result.counts
    if not any(count.total for count in counts.values()):
        return _("Tap the 2s, 3s, 5s and 7s each side took to see who wins the primes.")
    if result.rule == PRIME_SUM:
        sums = join_and([f"{name} {count.total}" for name, count in counts.items()], words)
        if result.winner:
            return _("Prime sums: %(sums)s: point to %(winner)s.") % {
                "sums": sums,
                "winner": result.winner,
            }
        return _("Prime sums: %(sums)s: a tie at the top, so nobody scores it.") % {"sums": sums}
    parts = []
    contenders = list(counts)
    for rank_index, label in enumerate((_("sevens"), _("fives"), _("threes"))):
        values = {name: counts[name].sevens_fives_threes[rank_index] for name in contenders}
        # Translators: a label and its value, such as "Tariff: Sauspiel 20". Write the colon
        # and the spacing as your language does.
        parts.append(
            _("%(label)s: %(value)s")
            % {
                "label": label,
                "value": ", ".join(f"{name} {value}" for name, value in values.items()),
            }
        )
        top = max(values.values())
        contenders = [name for name, value in values.items() if value == top]
        if len(contenders) == 1:
            break
    if result.winner:
        return _("Most sevens (%(counts)s): point to %(winner)s.") % {
            "counts": "; ".join(parts),
            "winner": result.winner,
        }
    return _("Most sevens (%(counts)s): still tied, so nobody scores it.") % {
        "counts": "; ".join(parts)
    }


# -- captures -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CaptureChoice:
    cards: tuple[str, ...]  # cards in words, e.g. "Cavallo of Spade"
    reason: str
    sweep: str  # "" when the capture leaves cards on the table


@dataclass(frozen=True)
class CaptureRuling:
    played: str
    table: tuple[str, ...]
    choices: tuple[CaptureChoice, ...]
    summary: str
    may_trail: bool
    matta: str = ""  # Cirulla: the value a declared matta counts as, when it is in play


def capture_ruling(query: CaptureQuery, words: Words) -> CaptureRuling | None:
    """Every legal capture for the played card, and whether each sweeps (captures.py)."""
    _ = words.gettext
    ngettext = words.ngettext
    if len(query.played) != 1:
        return None
    card = query.played[0]
    table = list(query.table)
    rules = query.rules
    captures = legal_captures(table, card, rules)
    choices = tuple(
        CaptureChoice(
            tuple(words.face(taken).name for taken in capture.cards),
            _capture_reason(capture, card, rules, words),
            _sweep_text(capture, query, words),
        )
        for capture in captures
    )
    trail = may_trail(table, card, rules)
    name = words.face(card).name
    if not captures:
        summary = _("%(card)s takes nothing: it stays on the table.") % {"card": name}
    elif len(captures) == 1:
        summary = _("%(card)s must take this:") % {"card": name}
        if trail:
            summary = _("%(card)s may take this, or stay on the table:") % {"card": name}
    else:
        summary = ngettext(
            "%(card)s has %(count)s choice; the player picks one:",
            "%(card)s has %(count)s choices; the player picks one:",
            len(captures),
        ) % {"card": name, "count": len(captures)}
        if trail:
            summary = _("%(card)s may take one of these, or stay on the table:") % {"card": name}
    matta = ""
    if rules.cirulla and rules.matta is not None and MATTA in (card, *table):
        matta = _("The matta counts as %(value)s, as it was declared, for the whole hand.") % {
            "value": rules.value_of(MATTA)
        }
    return CaptureRuling(
        played=name,
        table=tuple(words.face(each).name for each in table),
        choices=choices,
        summary=summary,
        may_trail=trail,
        matta=matta,
    )


def _capture_reason(capture: Capture, played: Card, rules: CaptureRules, words: Words) -> str:
    _ = words.gettext
    # The values as the rules counted them: a declared matta at its declared value.
    values = " + ".join(str(value) for value in capture.values)
    played_value = rules.value_of(played)
    if capture.kind == KIND_ACE_TAKES_ALL:
        if rules.cirulla:
            return _("Cirulla: a played ace takes every card on a table that holds no ace.")
        return _("Scopa d'Assi: a played ace takes every card on the table.")
    if capture.kind == KIND_FIFTEEN:
        return _("%(cards)s and the played %(played)s make 15.") % {
            "cards": values,
            "played": played_value,
        }
    if capture.kind == KIND_SINGLE:
        if rules.scopa_d_assi and played.number == 1:
            return _("An ace on the table: the played ace takes only that ace.")
        return _(
            "A card of the same value: it must be taken rather than any sum (a single card "
            "beats a sum)."
        )
    assert capture.kind == KIND_SUM
    return _("No single %(value)s on the table, so the sum %(sum)s is allowed.") % {
        "value": played_value,
        "sum": values,
    }


def _sweep_text(capture: Capture, query: CaptureQuery, words: Words) -> str:
    _ = words.gettext
    if not capture.sweeps:
        return ""
    if query.variant == VARIANT_PIRATE:
        # The last card of the round takes the final trick whenever it takes anything.
        if is_pirate_scopa(capture, query.last_card or query.final_trick):
            return _("It sweeps the table: scopa!")
        return _(
            "It clears the table, but in Pirate Scopa the final trick taken is not a scopa when "
            "it takes the only cards left on the table."
        )
    scores = is_scopa(
        capture,
        query.last_card,
        last_play_sweep_counts=query.last_play_sweep_counts,
        ace_sweep_is_scopa=not query.ace_sweep_not_scopa,
    )
    if scores:
        return _("It sweeps the table: scopa!")
    if query.last_card and not query.last_play_sweep_counts:
        return _("It clears the table, but the last card of a hand never makes a scopa.")
    return _("It clears the table, but at this table an ace sweep is not a scopa.")


# -- the page's parts ---------------------------------------------------------------------------


def face_html(face: Face) -> str:
    """A card's face, as games.hands.html.card_face_html draws it."""
    if face.pip:
        suit = f'<span class="pip">{escape(face.pip)}</span>'
    else:
        suit = f'<svg class="suit-icon"><use href="#suit-{escape(face.suit)}"></use></svg>'
    return (
        f'<span class="card-face" aria-hidden="true"><span class="corner">{escape(face.corner)}'
        f"</span>{suit}</span>"
    )


def _winner_words(winner: str | None, words: Words) -> str:
    _ = words.gettext
    if winner:
        return escape(_("Point to %(side)s") % {"side": winner})
    return escape(_("Nobody scores it"))


def verdict_bar_html(shown: PrimieraVerdicts, words: Words) -> str:
    """What the bar under the cards says: two lines at most (the bar must not grow over the
    cards being tapped)."""
    _ = words.gettext
    # The words outside the f-strings, where xgettext finds them.
    note = ""
    if len(shown.verdicts) > 1:
        disagrees = escape(_("the other convention disagrees"))
        note = f'<span class="verdict-bar-line verdict-bar-note">{disagrees}</span>'
    why = escape(_("Why?"))
    return (
        f'<span class="verdict-bar-text"><span class="verdict-bar-line">'
        f"{_winner_words(shown.verdicts[0].winner, words)}</span>{note}</span>"
        f'<span class="verdict-bar-more">{why} \u2193</span>'
    )


def verdict_html(shown: PrimieraVerdicts, words: Words, rules_url: str, *, on_table: bool) -> str:
    """The inside of the primiera referee's verdict section: each verdict, the table of what the
    sides have, the rule in a line. ``on_table``: opened from a recorded hand ("Why?")."""
    _ = words.gettext
    heading = escape(_("Verdict"))  # outside the f-string, where xgettext finds it
    parts = [f'<h2 id="verdict-heading">{heading}</h2>']
    for verdict in shown.verdicts:
        badge = ""
        if verdict.table_rule and len(shown.verdicts) > 1:
            mark = _("this table") if on_table else _("chosen")
            badge = f' <span class="badge">{escape(mark)}</span>'
        parts.append(
            f'<div class="ruling{" ruling-table" if verdict.table_rule else ""}">'
            f'<p class="ruling-rule">{escape(verdict.rule_label)}{badge}</p>'
            f'<p class="ruling-winner">{_winner_words(verdict.winner, words)}</p>'
            f"<p>{escape(verdict.sentence)}</p></div>"
        )
    if len(shown.verdicts) > 1:
        disagree = _("The two conventions disagree here, so both verdicts are shown.")
        parts.append(f'<p class="help">{escape(disagree)}</p>')
    if shown.query.kind == KIND_PRIMES:
        parts.append(_primes_table(shown, words))
        help_text = _(
            "In Pirate Scopa the 7s, 5s, 3s and 2s count their value as primes; the side whose "
            "primes add up to more wins the point."
        )
    else:
        parts.append(_primiera_table(shown, words))
        help_text = _(
            "A complete primiera (a card in every suit) beats any incomplete one; equal sums "
            "score nothing."
        )
    parts.append(_help_html(help_text, f"{rules_url}#primiera", words))
    return "\n".join(parts)


def _primes_table(shown: PrimieraVerdicts, words: Words) -> str:
    _ = words.gettext
    head = "".join(
        f'<th scope="col">{escape(label)}</th>'
        for label in (_("Side"), "7", "5", "3", "2", _("Sum"))
    )
    rows = "".join(
        f'<tr><th scope="row">{escape(name)}</th>'
        + "".join(f"<td>{value}</td>" for value in counts[:4])
        + f'<td class="points">{counts[4]}</td></tr>'
        for name, counts in shown.prime_counts
    )
    caption = _("Primes taken (2, 3, 5 and 7 count their face value)")
    return (
        f'<table class="preview-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _primiera_table(shown: PrimieraVerdicts, words: Words) -> str:
    _ = words.gettext
    # The words outside the f-strings, where xgettext finds them.
    suit, none_word, incomplete_word, sum_word = _("Suit"), _("none"), _("incomplete"), _("Sum")
    head = f'<th scope="col">{escape(suit)}</th>' + "".join(
        f'<th scope="col">{escape(name)}</th>' for name in shown.query.names
    )
    none = f'<span class="missing">{escape(none_word)}</span>'
    rows = []
    for suit_name, cells in shown.rows:
        drawn = "".join(
            f'<td><span class="card-chip suit-{escape(face.suit)}" title="{escape(face.name)}">'
            f'{face_html(face)}</span> <span class="muted">{value}</span></td>'
            if face
            else f"<td>{none}</td>"
            for face, value in cells
        )
        rows.append(f'<tr><th scope="row">{escape(suit_name)}</th>{drawn}</tr>')
    incomplete = f'<br><span class="muted incomplete">{escape(incomplete_word)}</span>'
    sums = "".join(
        f'<td class="points">{total}{"" if complete else incomplete}</td>'
        for total, complete in shown.sums
    )
    rows.append(f'<tr><th scope="row">{escape(sum_word)}</th>{sums}</tr>')
    caption = _(
        "Best card per suit (7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10)"
    )
    return (
        f'<table class="preview-table primiera-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def ruling_html(query: CaptureQuery, words: Words, rules_url: str) -> str:
    """The inside of the capture referee's ruling section."""
    _ = words.gettext
    heading = escape(_("Ruling"))  # outside the f-string, where xgettext finds it
    parts = [f'<h2 id="ruling-heading">{heading}</h2>']
    ruling = capture_ruling(query, words)
    if len(query.played) > 1:
        only_one = _("Only one card is played at a time: tap just one card as the played card.")
        parts.append(f'<p class="errors" role="alert">{escape(only_one)}</p>')
    elif ruling:
        parts.append(f'<p class="ruling-summary"><strong>{escape(ruling.summary)}</strong></p>')
        if ruling.matta:
            parts.append(f'<p class="matta-note">{escape(ruling.matta)}</p>')
        if ruling.choices:
            items = "".join(
                '<li class="ruling"><p class="ruling-winner">'
                f"{escape(' + '.join(choice.cards))}</p><p>{escape(choice.reason)}</p>"
                + (f'<p class="sweep">{escape(choice.sweep)}</p>' if choice.sweep else "")
                + "</li>"
                for choice in ruling.choices
            )
            parts.append(f'<ol class="capture-list">{items}</ol>')
        if ruling.table:
            on_table = _("On the table:") + " " + ", ".join(ruling.table)
            parts.append(f'<p class="muted">{escape(on_table)}</p>')
    else:
        hint = _("Tap the table cards and the played card to see what it may take.")
        parts.append(f'<p class="muted">{escape(hint)}</p>')
    help_text = _(
        "A played card takes one table card of its rank if there is one; otherwise cards that "
        "add up to it. Scopa d'Assi and Scopa di Quindici change this when the table plays "
        "them; Pirate Scopa takes by its own rules."
    )
    parts.append(_help_html(help_text, f"{rules_url}#captures", words))
    return "\n".join(parts)


def _help_html(help_text: str, rules_url: str, words: Words) -> str:
    """A referee's help line, and the link to the rules where it is explained."""
    _ = words.gettext
    read = _("Read the rules")
    return (
        f'<p class="help">{escape(help_text)}\n    <a href="{escape(rules_url)}">'
        f"{escape(read)}</a></p>"
    )


# -- with no signal -----------------------------------------------------------------------------


@functools.cache
def messages() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Every message this module marks: those given to ``_`` or ``gettext_noop``, and the
    pairs given to ``ngettext``. The page writes their translations out for the phone
    (``referee.offline_words``)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    single: set[str] = set()
    plural: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        texts = [
            arg.value
            for arg in node.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]
        if node.func.id in ("_", "gettext_noop") and texts:
            single.add(texts[0])
        elif node.func.id == "ngettext" and len(texts) == 2:
            plural.add((texts[0], texts[1]))
    return tuple(sorted(single)), tuple(sorted(plural))


@dataclass(frozen=True)
class CatalogWords:
    """The page's words written out for the phone (``referee.offline_words``): each message's
    translation, each plural message's singular and plural (every language the site speaks
    has one form for 1 and one for any other number, or only one), each card's face and each
    suit's name in the page's deck."""

    texts: Mapping[str, str]
    plurals: Mapping[str, Sequence[str]]
    faces: Mapping[str, Sequence[str]]
    suits: Mapping[str, str]

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        forms = self.plurals.get(singular, (singular, plural))
        return forms[0] if number == 1 else forms[1]

    def face(self, card: Card) -> Face:
        corner, pip, suit, name = self.faces[card.code]
        return Face(card.code, corner, pip, suit, name)

    def suit(self, suit: Suit) -> str:
        return self.suits[suit.value]


def answer(
    referee: str, fields: Sequence[Sequence[str]], page: Mapping[str, object]
) -> dict[str, object]:
    """What the referee page shows for the fields its form holds, worked out on the phone: the
    verdict's inside and what comes with it (the bar, the cards counted per side)."""
    words = CatalogWords(
        texts=_mapping(page["texts"]),
        plurals=_mapping(page["plurals"]),
        faces=_mapping(page["faces"]),
        suits=_mapping(page["suits"]),
    )
    query = query_values(fields)
    rules = _mapping(page["rules"])
    if referee == "captures":
        captures = read_captures(query)
        return {
            "ruling": ruling_html(captures, words, str(rules["captures"])),
            "counts": [len(captures.table), len(captures.played)],
        }
    primiera_query = read_primiera(query, [words.gettext(name) for name in DEFAULT_NAMES])
    shown = primiera_verdicts(primiera_query, words)
    return {
        "verdict": verdict_html(
            shown, words, str(rules[primiera_query.kind]), on_table=bool(page.get("on_table"))
        ),
        "bar": verdict_bar_html(shown, words),
        "counts": [len(cards) for cards in primiera_query.taken],
        # What the server would redraw the form with: the game and the sides' names.
        "kind": primiera_query.kind,
        "names": list(primiera_query.names),
    }


def _mapping(value: object) -> Mapping[str, Any]:
    assert isinstance(value, Mapping)
    return value


def answer_json(referee: str, fields: str, page: str) -> str:
    """``answer`` from and to JSON text: what crosses from JavaScript and back."""
    return json.dumps(answer(referee, json.loads(fields), json.loads(page)), ensure_ascii=False)
