"""Card codes and deck styles: games/plugins/scopa/rules.md §1, games/plugins/scopa/pirate-scopa.md
§1 and docs/scoresheet.md ("A round", "Options of the Scopa family")."""

from __future__ import annotations

import re

import pytest

from games.plugins.scopa.engine import PirateScopa, Scopa, Scopone
from games.scoring.cards import (
    DECK,
    RE_BELLO,
    SETTEBELLO,
    Card,
    DeckStyle,
    Rank,
    Suit,
    parse_card,
    rank_label,
    rank_name,
    suit_face,
)

from .helpers import ALL_CODES, RANKS, SUITS


@pytest.mark.parametrize("code", [rank + suit for suit in SUITS for rank in RANKS])
def test_parse_card_reads_each_of_the_40_codes(code: str) -> None:
    # games/plugins/scopa/rules.md §1: ranks A 2 3 4 5 6 7 J N K, suits D C S B, code =
    # <rank><suit>.
    card = parse_card(code)
    assert card.code == code
    assert card.rank == Rank(code[:-1])
    assert card.suit == Suit(code[-1])


@pytest.mark.parametrize(
    ("alias", "code"),
    [
        ("8D", "JD"),
        ("9C", "NC"),
        ("10S", "KS"),
        ("QB", "NB"),
        ("8S", "JS"),
        ("10D", "KD"),
    ],
)
def test_parse_card_accepts_8_9_10_and_q_for_j_n_k_and_n(alias: str, code: str) -> None:
    # docs/scoresheet.md, "A round": `8 9 10` and `Q` are read as J, N, K and N;
    # games/plugins/scopa/rules.md §1: in a French pack the queen stands in for the cavallo.
    assert parse_card(alias) == parse_card(code)
    assert parse_card(alias).code == code


@pytest.mark.parametrize(("text", "code"), [("7d", "7D"), ("kd", "KD"), ("as", "AS"), ("qc", "NC")])
def test_parse_card_is_case_insensitive(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("bad", ["11D", "7X", "", "AA", "D", "7", "1D", "0C", "JJ", "7DD", "KDX"])
def test_parse_card_rejects_codes_that_are_not_one_of_the_40_cards(bad: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(bad)}$"):
        parse_card(bad)


def test_deck_has_the_40_distinct_cards_of_the_italian_pack() -> None:
    # games/plugins/scopa/rules.md §1: four suits, each with ace, 2 to 7, fante, cavallo and re.
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert sorted(ALL_CODES) == sorted(rank + suit for suit in SUITS for rank in RANKS)
    for suit in Suit:
        assert sum(card.suit is suit for card in DECK) == 10


def test_settebello_is_7d_and_re_bello_is_kd() -> None:
    # games/plugins/scopa/rules.md §1: `7D` is the settebello, `KD` the re bello.
    assert parse_card("7D") == SETTEBELLO
    assert parse_card("KD") == RE_BELLO


def test_rank_numbers_are_the_capture_values() -> None:
    # games/plugins/scopa/rules.md §1: for capturing a card is worth its pips; fante (J) 8, cavallo
    # (N) 9, re (K) 10.
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "N": 9, "K": 10}
    assert {rank.value: rank.number for rank in Rank} == expected
    assert Card(Suit.CUPS, Rank.KNIGHT).number == 9


def test_italian_pictures_are_fante_cavallo_re() -> None:
    assert [rank_label(rank, DeckStyle.ITALIAN) for rank in Rank] == [
        *"A234567",
        "F",
        "C",
        "R",
    ]
    assert rank_name(Rank.JACK, DeckStyle.ITALIAN) == "Fante"
    assert rank_name(Rank.KNIGHT, DeckStyle.ITALIAN) == "Cavallo"
    assert rank_name(Rank.KING, DeckStyle.ITALIAN) == "Re"
    assert rank_name(Rank.ACE, DeckStyle.ITALIAN) == "Ace"
    assert rank_name(Rank.SEVEN, DeckStyle.ITALIAN) == "7"


def test_french_pictures_are_jack_queen_king_with_the_queen_as_cavallo() -> None:
    # games/plugins/scopa/rules.md §1: in a French pack the queen stands in for the cavallo.
    labels = [rank_label(rank, DeckStyle.FRENCH) for rank in (Rank.JACK, Rank.KNIGHT, Rank.KING)]
    assert labels == ["J", "Q", "K"]
    assert rank_name(Rank.KNIGHT, DeckStyle.FRENCH) == "Queen"


@pytest.mark.parametrize("style", [DeckStyle.STANDARD, DeckStyle.TAROT])
def test_standard_and_tarot_decks_show_8_9_10(style: DeckStyle) -> None:
    # games/plugins/scopa/pirate-scopa.md §1: a standard or tarot pack gives ace to 10; its 8, 9 and
    # 10 are numbers, not figures.
    labels = [rank_label(rank, style) for rank in (Rank.JACK, Rank.KNIGHT, Rank.KING)]
    assert labels == ["8", "9", "10"]
    assert rank_name(Rank.KING, style) == "10"
    assert rank_label(Rank.ACE, style) == "A"


@pytest.mark.parametrize(
    ("style", "names"),
    [
        (DeckStyle.ITALIAN, ("Denari", "Coppe", "Spade", "Bastoni")),
        (DeckStyle.FRENCH, ("Diamonds", "Hearts", "Spades", "Clubs")),
        (DeckStyle.STANDARD, ("Diamonds", "Hearts", "Spades", "Clubs")),
        (DeckStyle.TAROT, ("Pentacles", "Cups", "Swords", "Wands")),
    ],
)
def test_suit_names_per_deck_style_with_coins_first(
    style: DeckStyle, names: tuple[str, ...]
) -> None:
    # games/plugins/scopa/rules.md §1: `D` is denari, the coins; games/plugins/scopa/pirate-scopa.md
    # §1: the coins are diamonds in a standard pack, pentacles in a tarot pack.
    assert tuple(suit_face(suit, style).name for suit in Suit) == names


def test_french_and_standard_suits_have_pips() -> None:
    assert [suit_face(suit, DeckStyle.FRENCH).pip for suit in Suit] == ["♦", "♥", "♠", "♣"]


def test_deck_option_picks_the_deck_style() -> None:
    # docs/scoresheet.md, "Options of the Scopa family": `deck` is "standard", "tarot" or "scopa"
    # for Pirate Scopa, "italian" or "french" for Scopa and Scopone (names and faces only).
    pirate = PirateScopa()
    assert pirate.deck_style(pirate.resolve_options({})) is DeckStyle.STANDARD
    assert pirate.deck_style(pirate.resolve_options({"deck": "tarot"})) is DeckStyle.TAROT
    assert pirate.deck_style(pirate.resolve_options({"deck": "scopa"})) is DeckStyle.ITALIAN
    for game in (Scopa(), Scopone()):
        assert game.deck_style(game.resolve_options({})) is DeckStyle.ITALIAN
        assert game.deck_style(game.resolve_options({"deck": "french"})) is DeckStyle.FRENCH
