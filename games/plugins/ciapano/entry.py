"""Ciapanò at the table: the 24 penalty cards tapped to the players who took them (or their
aces and thirds counted, or the points), the last trick, and elimination at 31.

Players already out are left out of the form altogether: they take no cards, win no last
trick and score nothing, so offering them would only invite mistakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.cardfaces import deck_style
from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
    dealer_facts,
    entry_items,
    entry_part,
    read_breakdown,
    rest_to,
    row_points,
    total_text,
)
from games.hands.demo_base import DemoGame
from games.hands.html import add_card_fields, card_grid
from games.plugins.ciapano.demo import CIAPANO_DEMO
from games.plugins.ciapano.engine import (
    ACE_COUNT,
    LAST_TRICK_PLUS_ONE,
    PENALTY_CARDS,
    ROUND_POINTS,
    THIRD_CARD_COUNT,
    Ciapano,
    CiapanoBreakdown,
    CiapanoDealBreakdown,
    CiapanoPointsBreakdown,
    penalty_thirds,
)
from games.plugins.ciapano.posted import (
    MODE_CARDS,
    MODE_COUNTS,
    MODE_POINTS,
    REST_TO,
    counts,
    read_entry,
    seats_in,
)
from games.scoring import GameState, RoundScore, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.cards import Rank, parse_card, rank_name
from games.scoring.posted import Before

# The ranks worth a third of a point, as the counts form names them.
_THIRD_RANKS = (Rank.THREE, Rank.TWO, Rank.KING, Rank.KNIGHT, Rank.JACK)


# Between the whole points and the thirds on a player's button: keeps "4 1/3" together.
NO_BREAK_SPACE = "\u00a0"


def fraction(thirds: int, space: str = " ") -> str:
    """A penalty in thirds as players say it: 13 -> "4 1/3", 2 -> "2/3", 9 -> "3"; ``space``
    goes between the whole points and the thirds."""
    whole, rest = divmod(thirds, 3)
    if not rest:
        return str(whole)
    if not whole:
        return f"{rest}/3"
    return f"{whole}{space}{rest}/3"


def _points(count: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", count) % {"count": count}


@dataclass(frozen=True)
class PenaltyCount:
    """A player's penalty so far from the cards tapped, as the player's button in the side
    picker shows it."""

    index: int  # the seat
    side: str
    thirds: int

    @property
    def penalty(self) -> str:
        return fraction(self.thirds, NO_BREAK_SPACE)


@dataclass(frozen=True)
class PlayerPreview:
    seat: int
    player: str
    aces: int
    thirds: int
    rest: bool  # the counts were left empty and filled in with what was left
    last_trick: bool
    points: int | None
    total: int | None  # the total after this hand
    out: bool

    @property
    def penalty(self) -> str:
        return fraction(3 * self.aces + self.thirds)


@dataclass(frozen=True)
class HandPreview:
    mode: str
    players: tuple[PlayerPreview, ...]
    caption: str
    score: RoundScore | None
    winners: tuple[str, ...]  # set when this hand ends the game


class CiapanoHandForm(BaseHandForm):
    """A Ciapanò hand for the players still in: cards or counts and the last trick, or points.

    Field names carry the seat number, so a player keeps his fields (and his colour) when
    someone before him at the table is out.
    """

    mode = forms.ChoiceField(
        choices=[
            (MODE_CARDS, gettext_lazy("Tap cards")),
            (MODE_COUNTS, gettext_lazy("Count aces and thirds")),
            (MODE_POINTS, gettext_lazy("Enter points")),
        ],
        initial=MODE_CARDS,
        required=False,
        widget=forms.RadioSelect,
    )

    def add_fields(self) -> None:
        super().add_fields()
        self.seats: tuple[tuple[int, str], ...] = seats_in(self.setup, Before(self.earlier))
        choices = [(str(seat), player) for seat, player in self.seats]
        add_card_fields(self, PENALTY_CARDS, choices)
        numeric = {"inputmode": "numeric"}
        for seat, player in self.seats:
            # Counts start empty: one player left empty gets whatever the others did not take.
            self.fields[f"aces_{seat}"] = forms.IntegerField(
                label=player,
                min_value=0,
                max_value=ACE_COUNT,
                required=False,
                widget=forms.NumberInput(attrs=numeric),
            )
            self.fields[f"thirds_{seat}"] = forms.IntegerField(
                label=player,
                min_value=0,
                max_value=THIRD_CARD_COUNT,
                required=False,
                widget=forms.NumberInput(attrs=numeric),
            )
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=player,
                min_value=0,
                max_value=ROUND_POINTS,
                initial=0,
                required=False,
                widget=forms.NumberInput(attrs=numeric),
            )
        self.fields["last_trick"] = forms.ChoiceField(
            label=_("Who won the last trick?"),
            choices=choices,
            required=False,
            widget=forms.RadioSelect,
        )

    @property
    def active(self) -> tuple[str, ...]:
        return tuple(player for _seat, player in self.seats)

    def mode_value(self) -> str:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return data.get("mode") or MODE_CARDS

    def _player(self, value: object) -> str:
        if value in (None, ""):
            return ""
        return self.setup.players[int(str(value))]

    # -- what was entered -----------------------------------------------------------------------
    def penalty_cards(self) -> dict[str, list[str]]:
        """Each active player's penalty cards as the form stands (``value_as_it_stands``), in
        deck order."""
        taken: dict[str, list[str]] = {player: [] for player in self.active}
        for card in PENALTY_CARDS:
            player = self._player(self.value_as_it_stands(f"card_{card.code}"))
            if player:
                taken[player].append(card.code)
        return taken

    def penalty_counts(self) -> tuple[PenaltyCount, ...]:
        """Each player's penalty in the cards tapped so far, whatever the mode, counted by the
        engine (``penalty_thirds``): the numbers on the player buttons, with or without
        JavaScript. While cards are entered, the preview's penalties are the same."""
        taken = self.penalty_cards()
        return tuple(
            PenaltyCount(seat, player, sum(penalty_thirds(parse_card(c)) for c in taken[player]))
            for seat, player in self.seats
        )

    def counts(self) -> tuple[dict[str, int], dict[str, int], frozenset[str]]:
        """The counted aces and thirds, and the players given the rest (``posted.counts``)."""
        return counts(self.cleaned_data, self.seats)

    def last_trick(self) -> str:
        return self._player(self.cleaned_data.get("last_trick"))

    def entry(self) -> dict[str, object]:
        # The phone reads a hand kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup, Before(self.earlier))

    def clean(self) -> dict[str, object]:
        cleaned = super().clean()
        if any(name.startswith("card_") or name == "last_trick" for name in self.errors):
            # The radios sit out of sight under the cards, so their own errors would go
            # unseen. It happens when another phone recorded a hand that put a player out
            # while this one was being entered.
            self.add_error(
                None,
                _(
                    "Some cards or the last trick went to a player who is not in this hand: "
                    "check them and save again."
                ),
            )
        if REST_TO in self.data:
            # "All remaining penalty cards to X" without JavaScript only fills in the grid: the
            # hand is still being entered and is never saved from that page, so a last trick
            # not picked yet is no error to show under "Nothing was saved".
            self.errors.pop(NON_FIELD_ERRORS, None)
        return cleaned

    def unassigned(self) -> int:
        return sum(1 for card in PENALTY_CARDS if not self.cleaned_data.get(f"card_{card.code}"))

    def incomplete(self) -> str:
        mode = self.mode_value()
        if mode == MODE_POINTS:
            return ""
        missing = []
        if mode == MODE_CARDS:
            unassigned = self.unassigned()
            if unassigned:
                missing.append(
                    ngettext(
                        "%(count)s penalty card is not assigned to a player yet.",
                        "%(count)s penalty cards are not assigned to a player yet.",
                        unassigned,
                    )
                    % {"count": unassigned}
                )
        if not self.last_trick():
            missing.append(_("Pick who won the last trick."))
        return " ".join(missing)

    # -- the live preview -----------------------------------------------------------------------
    def preview(self) -> HandPreview | None:
        """The penalty so far while the hand is being entered; once it scores, the points,
        the new totals and who goes out."""
        if not self.is_bound:
            return None
        valid = self.is_valid()
        mode = self.mode_value()
        score = self.score if valid else None
        aces: dict[str, int] = dict.fromkeys(self.active, 0)
        thirds: dict[str, int] = dict.fromkeys(self.active, 0)
        rest: frozenset[str] = frozenset()
        if mode == MODE_CARDS:
            for player, codes in self.penalty_cards().items():
                for code in codes:
                    if penalty_thirds(parse_card(code)) == 3:
                        aces[player] += 1
                    else:
                        thirds[player] += 1
            left = self.unassigned()
            caption = ngettext(
                "So far: %(count)s penalty card left to assign",
                "So far: %(count)s penalty cards left to assign",
                left,
            ) % {"count": left}
        elif mode == MODE_COUNTS:
            aces, thirds, rest = self.counts()
            caption = _(
                "So far: %(aces)s of %(ace_count)s aces and %(thirds)s of %(third_count)s thirds"
            ) % {
                "aces": sum(aces.values()),
                "ace_count": ACE_COUNT,
                "thirds": sum(thirds.values()),
                "third_count": THIRD_CARD_COUNT,
            }
        else:
            caption = _("Points counted at the table")
        if score:
            caption = _("This hand")
        before = {player: 0 for player in self.setup.players}
        for earlier in self.earlier:
            for player, points in earlier.points.items():
                before[player] = before.get(player, 0) + points
        limit = self.setup.option_int("elimination_at")
        winners: tuple[str, ...] = ()
        if score:
            state = self.rules.game_state([*self.earlier, score], self.setup)
            winners = tuple(state.winners) if state.finished else ()
        last = self.last_trick() if mode != MODE_POINTS else ""
        rows = []
        for seat, player in self.seats:
            total = before[player] + score.points[player] if score else None
            rows.append(
                PlayerPreview(
                    seat=seat,
                    player=player,
                    aces=aces[player],
                    thirds=thirds[player],
                    rest=player in rest,
                    last_trick=player == last,
                    points=score.points[player] if score else None,
                    total=total,
                    out=total is not None and total >= limit,
                )
            )
        return HandPreview(mode, tuple(rows), caption, score, winners)


class CiapanoHandEntry(HandEntry):
    template = "ciapano/hand.html"
    form_class = CiapanoHandForm
    options_on_scoreboard = frozenset({"elimination_at"})
    standings_measures = ("eliminations", "average_place")
    styles = ("ciapano/ciapano.css",)

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        seat = {player: str(index) for index, player in enumerate(setup.players)}
        initial: dict[str, object]
        if "points" in entry:
            initial = {"mode": MODE_POINTS}
            for player, points in entry_part(entry, "points").items():
                initial[f"points_{seat[player]}"] = points
            return initial
        if "penalty_cards" in entry:
            initial = {"mode": MODE_CARDS}
            for player, codes in entry_part(entry, "penalty_cards").items():
                for code in entry_items(codes):
                    initial[f"card_{parse_card(str(code)).code}"] = seat[player]
        else:
            initial = {"mode": MODE_COUNTS}
            for name in ("aces", "thirds"):
                for player, count in entry_part(entry, name).items():
                    initial[f"{name}_{seat[player]}"] = count
        last_trick = entry.get("last_trick")
        if isinstance(last_trick, str) and last_trick in seat:
            initial["last_trick"] = seat[last_trick]
        return initial

    def shortcut(self, data: QueryDict) -> QueryDict | None:
        return rest_to(data, PENALTY_CARDS, MODE_CARDS)

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, CiapanoHandForm)
        style = deck_style(setup)
        preview = form.preview()
        return {
            "preview": preview,
            "preview_lines": explain_hand(read_breakdown(preview.score.breakdown, setup, Ciapano))
            if preview and preview.score
            else [],
            "grid": card_grid(form, style),
            "side_indexes": list(form.seats),
            # On the player buttons, and out of band with each preview.
            "side_counts": form.penalty_counts(),
            "steppers": {
                name: [(player, form[f"{name}_{seat}"]) for seat, player in form.seats]
                for name in ("aces", "thirds", "points")
            },
            "third_ranks": ", ".join(_(rank_name(rank, style)) for rank in _THIRD_RANKS),
            "three_players": len(form.seats) == 3,
            "style": style,
            # The deal for the players in this hand, beside its form: that form is sent again
            # whenever a player goes out, the page's head is not. Which is why the head says
            # nothing here (its line would count everyone seated, the players out too).
            "deal_hint": deal_hint(len(form.seats)),
            "setup_hint": "",
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_hand(read_breakdown(breakdown, setup, Ciapano))

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
    ) -> HistoryLine:
        hand = read_breakdown(breakdown, setup, Ciapano)
        summary = ""
        if isinstance(hand, CiapanoDealBreakdown) and hand.moon:
            summary = _("Moon by %(player)s:") % {"player": hand.moon}
        return HistoryLine(
            points=row_points(points, breakdown, setup),
            lines=tuple(explain_hand(hand)),
            summary=summary,
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        limit = setup.option_int("elimination_at")
        out_after = _out_after(setup, state.totals_after_each_round)
        rows = []
        for player in setup.players:
            total = state.totals.get(player, 0)
            winner = player in state.winners
            out = player in state.eliminated and not winner
            if winner:
                note = ""
            elif out:
                note = _("out after hand %(number)s") % {"number": out_after[player]}
            else:
                note = _("%(count)s to %(limit)s") % {"count": limit - total, "limit": limit}
            rows.append(
                ScoreRow(player, total_text(setup, total), note=note, winner=winner, out=out)
            )
        facts = [_("Out at %(limit)s") % {"limit": limit}, *dealer_facts(next_dealer)]
        return Scoreboard(tuple(rows), tuple(facts))

    def setup_hint(self, setup: TableSetup | None) -> str:
        count = len(setup.players) if setup else 0
        three = _(
            "With three players, 13 cards each: the dealer takes 14 and discards one, which goes "
            "to the winner of the last trick."
        )
        if count == 3:
            return deal_hint(3)
        if count == 4:
            return deal_hint(4) + " " + three
        if count == 5:
            return _("Deal 8 cards each, 10 each once four are left.") + " " + three
        return _("Deal 8 cards each to five players and 10 each to four.") + " " + three

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        limit = setup.option_int("elimination_at")
        return ChartHints(limit, _("Out at %(limit)s") % {"limit": limit})

    def demo(self, game: str) -> DemoGame | None:
        return CIAPANO_DEMO

    def rules_template(self, game: str) -> str:
        return "ciapano/rules.html"


def deal_hint(players: int) -> str:
    """How to deal one hand to this many players still in; empty when nobody plays on."""
    if players == 3:
        return _(
            "Deal 13 cards each: the dealer takes 14 and discards one, which goes to the "
            "winner of the last trick."
        )
    if players == 4:
        return _("Deal 10 cards each.")
    if players == 5:
        return _("Deal 8 cards each.")
    return ""


def _out_after(setup: TableSetup, totals_after_each: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """The hand after which each player's total first reached the limit."""
    limit = setup.option_int("elimination_at")
    out: dict[str, int] = {}
    for number, totals in enumerate(totals_after_each, start=1):
        for player in setup.players:
            if player not in out and totals.get(player, 0) >= limit:
                out[player] = number
    return out


def explain_hand(breakdown: CiapanoBreakdown) -> list[str]:
    """One plain sentence per player, then the last trick (or the moon)."""
    if isinstance(breakdown, CiapanoPointsBreakdown):
        return [
            _("Points counted at the table: %(points)s.")
            % {
                "points": ", ".join(
                    f"{player} {count}" for player, count in breakdown.points.items()
                )
            }
        ]
    moon = breakdown.moon
    if moon:
        return [
            _(
                "Moon: %(player)s took every penalty card and the last trick: %(player)s "
                "scores 0 and everyone else 11."
            )
            % {"player": moon}
        ]
    lines = []
    penalty = breakdown.penalty
    for player in breakdown.players:
        aces = breakdown.aces[player]
        thirds = breakdown.thirds[player]
        whole = penalty[player].whole
        dropped = penalty[player].thirds
        if not aces and not thirds:
            lines.append(_("%(player)s took no penalty cards: 0 points.") % {"player": player})
            continue
        aces_text = ngettext("%(count)s ace", "%(count)s aces", aces) % {"count": aces}
        thirds_text = ngettext("%(count)s third", "%(count)s thirds", thirds) % {"count": thirds}
        if aces and thirds:
            cards = _("%(aces)s and %(thirds)s") % {"aces": aces_text, "thirds": thirds_text}
        else:
            cards = aces_text if aces else thirds_text
        values: dict[str, object] = {
            "player": player,
            "cards": cards,
            "penalty": fraction(3 * whole + dropped),
            "points": _points(whole),
            "dropped": fraction(dropped),
        }
        if dropped:
            text = _(
                "%(player)s took %(cards)s, %(penalty)s in all: %(points)s (%(dropped)s dropped)."
            )
        else:
            text = _("%(player)s took %(cards)s, %(penalty)s in all: %(points)s.")
        lines.append(text % values)
    winner, worth = breakdown.last_trick.winner, breakdown.last_trick.worth
    if winner and worth is not None:
        own = penalty[winner].whole
        values = {
            "player": winner,
            "worth": worth,
            "own": own,
            "points": _points(own + worth),
        }
        if breakdown.rule == LAST_TRICK_PLUS_ONE:
            text = _(
                "%(player)s won the last trick, worth %(worth)s: %(own)s + %(worth)s = %(points)s."
            )
        else:
            text = _(
                "%(player)s won the last trick, worth %(worth)s (what brings the hand up to "
                "11): %(own)s + %(worth)s = %(points)s."
            )
        lines.append(text % values)
    return lines


HAND_ENTRIES: dict[str, HandEntry] = {Ciapano.key: CiapanoHandEntry()}
