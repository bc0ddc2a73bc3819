"""Card faces for templates: how a card code looks and reads in the table's deck style."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.scoring import GAMES, TableSetup
from games.scoring.cards import (
    DECK,
    Card,
    DeckStyle,
    Suit,
    parse_card,
    rank_label,
    rank_name,
    suit_face,
)

SUIT_CSS = {Suit.COINS: "coins", Suit.CUPS: "cups", Suit.SWORDS: "swords", Suit.CLUBS: "clubs"}


def deck_style(setup: TableSetup) -> DeckStyle:
    """The deck style a table's cards are shown in: its game's ``deck_style`` for the table's
    options (the games played with the 40 cards have one), else the Italian cards."""
    style = getattr(GAMES[setup.game], "deck_style", None)
    return style(setup.options) if style else DeckStyle.ITALIAN


@dataclass(frozen=True)
class CardFace:
    code: str
    corner: str  # the rank index printed in the card's corner
    pip: str  # a text suit symbol, empty for Italian and tarot suits (drawn as icons)
    suit: str  # css name of the suit: coins, cups, swords, clubs
    name: str  # the card in words, for screen readers and the breakdown


def suit_label(suit: Suit, style: DeckStyle) -> str:
    return _(suit_face(suit, style).name)


def card_face(card: Card | str, style: DeckStyle) -> CardFace:
    if isinstance(card, str):
        card = parse_card(card)
    face = suit_face(card.suit, style)
    rank = _(rank_name(card.rank, style))
    return CardFace(
        code=card.code,
        corner=rank_label(card.rank, style),
        pip=face.pip,
        suit=SUIT_CSS[card.suit],
        name=_("%(rank)s of %(suit)s") % {"rank": rank, "suit": _(face.name)},
    )


def card_short(card: Card | str, style: DeckStyle) -> str:
    """The card as the table's deck names it in running text: ``7♦`` or ``K♠`` where the deck
    prints a suit symbol, else its name (``Re of Denari``), since a corner letter with a suit
    name ("R Denari") is no name a player says."""
    face = card_face(card, style)
    if face.pip:
        return f"{face.corner}{face.pip}"
    return face.name


def cards_short(cards: Iterable[Card | str], style: DeckStyle) -> str:
    """Several cards in running text: symbols side by side (``7♦ K♠``), names in a list."""
    shown = [card_short(card, style) for card in cards]
    return " ".join(shown) if _has_pips(style) else ", ".join(shown)


def _has_pips(style: DeckStyle) -> bool:
    return bool(suit_face(Suit.COINS, style).pip)


def deck_by_suit(style: DeckStyle) -> tuple[tuple[str, str, tuple[CardFace, ...]], ...]:
    """The 40 cards grouped by suit, in grid order: (css suit, suit name, faces), in the
    language of the request."""
    return _deck_by_suit(style, get_language())


@functools.lru_cache(maxsize=64)
def _deck_by_suit(
    style: DeckStyle, language: str | None
) -> tuple[tuple[str, str, tuple[CardFace, ...]], ...]:
    # Kept per deck style and language: the same 40 faces for every hand form, and building
    # them (80 translations) was a good part of a form's rendering. ``language`` is the key
    # only; the translations are looked up in the active one, which it names.
    return tuple(
        (
            SUIT_CSS[suit],
            suit_label(suit, style),
            tuple(card_face(card, style) for card in DECK if card.suit is suit),
        )
        for suit in Suit
    )
