"""What the tap forms of the games scored from the card points each side took share (Briscola,
Tressette; their engines share ``games.scoring.card_points``): each side's cards and card points
so far, the parts of the preview whether the hand is tapped or typed, and a stored hand typed
in when its breakdown says it was."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.hands.html import Figure, SideCount
from games.hands.tap_cards import TapCardsForm, TapCardsHandEntry
from games.scoring import RoundScore
from games.scoring.breakdowns import JSON
from games.scoring.card_points import POINTS
from games.scoring.cards import Card


@dataclass(frozen=True)
class PreviewParts:
    """What a preview shows whatever the game: each side's cards and card points (none when the
    points are typed), the cards left to assign, the score once the hand is complete and valid,
    and why it cannot be saved."""

    sides: tuple[SideCount, ...]
    unassigned: int
    score: RoundScore | None
    problems: tuple[str, ...]


class CardPointsForm(TapCardsForm):
    """A ``TapCardsForm`` whose side picker and preview count each side's card points; a game
    says what its cards are worth (``points_of``)."""

    def points_of(self, cards: frozenset[Card]) -> int:
        """The card points of a side's cards, as the engine counts them."""
        raise NotImplementedError

    def side_counts(
        self, taken: Mapping[str, frozenset[Card]] | None = None
    ) -> tuple[SideCount, ...]:
        taken = self.taken() if taken is None else taken
        return tuple(
            SideCount(
                index,
                side,
                (
                    Figure("cards", _("cards"), len(taken[side])),
                    Figure("points", _("card points"), self.points_of(taken[side])),
                ),
            )
            for index, side in enumerate(self.sides)
        )

    def preview_parts(self) -> PreviewParts | None:
        """None before the form is posted, and for typed points that neither add up nor are
        refused yet; else what the preview shows. While cards are left to assign, the only
        complaint would be those cards, which the preview's caption counts."""
        if not self.is_bound:
            return None
        valid = self.is_valid()
        score = self.score if valid else None
        if self.by_points():
            problems = () if valid else tuple(str(e) for e in self.non_field_errors())
            if score is None and not problems:
                return None
            return PreviewParts((), 0, score, problems)
        taken = self.taken()
        unassigned = self.unassigned(taken)
        problems = () if valid or unassigned else tuple(str(e) for e in self.non_field_errors())
        return PreviewParts(self.side_counts(taken), unassigned, score, problems)


class CardPointsHandEntry(TapCardsHandEntry):
    """A ``TapCardsHandEntry`` whose stored breakdown says how the hand was entered
    (``games.scoring.card_points.CardPointsBreakdown``)."""

    def typed_points(self, breakdown: Mapping[str, JSON]) -> bool:
        return breakdown.get("entered") == POINTS
