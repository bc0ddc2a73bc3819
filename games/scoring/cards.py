"""The Italian 40-card pack, its card codes, and how each deck style shows it.

Card codes follow docs/scoresheet.md and games/plugins/scopa/rules.md §1: ``<rank><suit>`` with
ranks
``A 2 3 4 5 6 7 J N K`` (``8 9 10`` and ``Q`` are accepted for J, N, K and N) and suits
``D`` coins, ``C`` cups, ``S`` swords, ``B`` clubs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .i18n import gettext_noop as _
from .options import Choice, OptionSpec


class Suit(StrEnum):
    COINS = "D"
    CUPS = "C"
    SWORDS = "S"
    CLUBS = "B"


class Rank(StrEnum):
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    JACK = "J"
    KNIGHT = "N"
    KING = "K"

    @property
    def number(self) -> int:
        """The capture value: A = 1 ... 7, Fante 8, Cavallo 9, Re 10."""
        return _RANK_NUMBERS[self]


_RANK_NUMBERS = {rank: number for number, rank in enumerate(Rank, start=1)}

_RANK_ALIASES = {"8": Rank.JACK, "9": Rank.KNIGHT, "10": Rank.KING, "Q": Rank.KNIGHT}


@dataclass(frozen=True, order=True)
class Card:
    suit: Suit
    rank: Rank

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def number(self) -> int:
        return self.rank.number

    def __str__(self) -> str:
        return self.code


def parse_card(code: str) -> Card:
    """Read a card code; raise ValueError for anything that is not one of the 40 cards.

    >>> parse_card(" 7d ").code
    '7D'
    >>> parse_card("10B").code  # 8, 9, 10 and Q are read as the figures
    'KB'
    >>> parse_card("11D")
    Traceback (most recent call last):
    ...
    ValueError: 11D
    """
    text = code.strip().upper()
    if len(text) < 2:
        raise ValueError(code)
    rank_text, suit_text = text[:-1], text[-1]
    try:
        suit = Suit(suit_text)
    except ValueError:
        raise ValueError(code) from None
    if rank_text in _RANK_ALIASES:
        return Card(suit, _RANK_ALIASES[rank_text])
    try:
        return Card(suit, Rank(rank_text))
    except ValueError:
        raise ValueError(code) from None


# Coins first, then cups, swords, clubs; ace to king within a suit. This is the order of the
# card grid on the table page and of every card list the project writes.
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)

SETTEBELLO = Card(Suit.COINS, Rank.SEVEN)
RE_BELLO = Card(Suit.COINS, Rank.KING)
# Cirulla's wild card, the 7 of Coppe (hearts in a French pack): games/plugins/scopa/cirulla.md §1.
MATTA = Card(Suit.CUPS, Rank.SEVEN)


class DeckStyle(StrEnum):
    """How the 40 cards look at the table: names and symbols only, the scoring never changes."""

    ITALIAN = "italian"
    FRENCH = "french"  # a French pack without 8-10 and jokers; the Queen plays the Cavallo
    STANDARD = "standard"  # Pirate Scopa's standard deck: A-10, face cards removed
    TAROT = "tarot"  # Pirate Scopa's tarot deck: A-10 of the four minor suits


# The option of the games played with the Italian 40 cards or a French pack stripped to them
# (the Scopa family, Ciapanò): only the names and pictures change.
FACE_DECK_SPEC = OptionSpec(
    "deck",
    "italian",
    _("Cards"),
    _("The cards you play with; only the names and pictures change."),
    choices=(
        Choice("italian", _("Italian (Denari, Coppe, Spade, Bastoni)")),
        Choice("french", _("French (diamonds are coins; the queen plays the cavallo)")),
    ),
)


@dataclass(frozen=True)
class SuitFace:
    name: str
    pip: str  # a text symbol; Italian and tarot suits have none in common fonts


_SUIT_FACES: dict[DeckStyle, dict[Suit, SuitFace]] = {
    DeckStyle.ITALIAN: {
        Suit.COINS: SuitFace(_("Denari"), ""),
        Suit.CUPS: SuitFace(_("Coppe"), ""),
        Suit.SWORDS: SuitFace(_("Spade"), ""),
        Suit.CLUBS: SuitFace(_("Bastoni"), ""),
    },
    DeckStyle.FRENCH: {
        Suit.COINS: SuitFace(_("Diamonds"), "♦"),
        Suit.CUPS: SuitFace(_("Hearts"), "♥"),
        Suit.SWORDS: SuitFace(_("Spades"), "♠"),
        Suit.CLUBS: SuitFace(_("Clubs"), "♣"),
    },
    DeckStyle.TAROT: {
        Suit.COINS: SuitFace(_("Pentacles"), ""),
        Suit.CUPS: SuitFace(_("Cups"), ""),
        Suit.SWORDS: SuitFace(_("Swords"), ""),
        Suit.CLUBS: SuitFace(_("Wands"), ""),
    },
}
_SUIT_FACES[DeckStyle.STANDARD] = _SUIT_FACES[DeckStyle.FRENCH]

_PICTURE_NAMES: dict[DeckStyle, dict[Rank, tuple[str, str]]] = {
    DeckStyle.ITALIAN: {
        Rank.JACK: ("F", _("Fante")),
        Rank.KNIGHT: ("C", _("Cavallo")),
        Rank.KING: ("R", _("Re")),
    },
    DeckStyle.FRENCH: {
        Rank.JACK: ("J", _("Jack")),
        Rank.KNIGHT: ("Q", _("Queen")),
        Rank.KING: ("K", _("King")),
    },
}
_NUMBER_NAMES = {Rank.JACK: "8", Rank.KNIGHT: "9", Rank.KING: "10"}


def suit_face(suit: Suit, style: DeckStyle) -> SuitFace:
    return _SUIT_FACES[style][suit]


def rank_label(rank: Rank, style: DeckStyle) -> str:
    """The short index printed in a card's corner.

    >>> [rank_label(Rank.KING, style) for style in DeckStyle]
    ['R', 'K', '10', '10']
    """
    if rank not in _NUMBER_NAMES:
        return "A" if rank is Rank.ACE else str(rank)
    if style in _PICTURE_NAMES:
        return _PICTURE_NAMES[style][rank][0]
    return _NUMBER_NAMES[rank]


def rank_name(rank: Rank, style: DeckStyle) -> str:
    """The rank as a player says it (English; translated by the Django layer)."""
    if rank is Rank.ACE:
        return _("Ace")
    if rank in _NUMBER_NAMES:
        if style in _PICTURE_NAMES:
            return _PICTURE_NAMES[style][rank][1]
        return _NUMBER_NAMES[rank]
    return str(rank)
