"""Cirulla (games/plugins/scopa/cirulla.md): the worked examples of its sources, a property of
its hands, and its pages (the hand form, the rules page, the capture referee)."""

from __future__ import annotations

import functools
import html as html_lib
import itertools
import re
from collections.abc import Sequence

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Round
from games.plugins.scopa.captures import CaptureRules, legal_captures
from games.plugins.scopa.engine import (
    CIRULLA_MOST_BONUSES,
    MOST_LOW_HANDS,
    MOST_THREE_OF_A_KIND,
    Cirulla,
)
from games.scoring import EntryError, TableSetup, get_game
from games.scoring.cards import DECK, parse_card
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import card_post_data
from tests.pages import HTMX, table_url

CIRULLA = Cirulla()
CODES = tuple(card.code for card in DECK)
COINS = tuple(code for code in CODES if code.endswith("D"))


def table(players: tuple[str, ...] = ("Ann", "Bob"), **options: object) -> TableSetup:
    return CIRULLA.setup(list(players), dict(options))


def hand(ann: list[str], **fields: object) -> dict[str, object]:
    """Ann takes ``ann``, Bob the rest of the 40 cards."""
    return {"captures": {"Ann": ann, "Bob": [c for c in CODES if c not in ann]}, **fields}


def takes(table_cards: str, played: str) -> list[tuple[str, list[str]]]:
    rules = CaptureRules(cirulla=True)
    cards = [parse_card(code) for code in table_cards.split()]
    return [
        (capture.kind, [card.code for card in capture.cards])
        for capture in legal_captures(cards, parse_card(played), rules)
    ]


# -- the sources' examples --------------------------------------------------------------------


def test_regoledelgioco_a_seven_takes_the_seven_or_three_and_five_for_fifteen() -> None:
    # "se si cala un 7 e sul tavolo ci sono un 3, un 5, un 6 e un 7 ... si può raccogliere il
    # solo 7, non è permessa la presa 2 + 5; è possibile però raccogliere il 3 e il 5 attraverso
    # la presa da 15" (cirulla.md §5).
    assert takes("3D 5C 6S 7B", "7D") == [("single", ["7B"]), ("fifteen", ["3D", "5C"])]


def test_an_ace_takes_a_table_without_aces_and_only_the_ace_where_one_lies() -> None:
    assert takes("KD 3C", "AS") == [("ace-takes-all", ["KD", "3C"])]
    assert takes("AD 4C", "AS") == [("single", ["AD"])]
    # Scopa's sum and the fifteen side by side: 5 takes the 5, or 2 + 5 + 3 makes 15 with it.
    assert takes("2D 5C 3S", "5B") == [("single", ["5C"]), ("fifteen", ["2D", "5C", "3S"])]


def test_grande_piccola_to_six_and_the_declarations_score_as_the_sources_say() -> None:
    # Ann: every coin (grande 5, piccola A-6 = 6, coins, settebello), the four sevens (primiera);
    # a low hand is 3, three of a kind 10 (Gazzetta di Santa: "segna tre scope", "10 scope").
    ann = [*COINS, "7C", "7S", "7B", "AC"]
    scored = CIRULLA.score_round(
        hand(ann, scopas={"Ann": 1}, low_hands={"Bob": 1}, three_of_a_kind={"Ann": 1}),
        table(),
    )

    assert scored.points == {"Ann": 1 + 1 + 1 + 1 + 5 + 6 + 10, "Bob": 1 + 3}
    assert scored.breakdown["grande"] == {"winner": "Ann", "points": 5}
    assert scored.breakdown["piccola"]["run"] == ["AD", "2D", "3D", "4D", "5D", "6D"]


def test_the_piccola_is_the_unbroken_run_and_a_split_grande_scores_nothing() -> None:
    # Ann holds A-2-3-4 of coins but not the 5, and the king of coins without the queen.
    ann = ["AD", "2D", "3D", "4D", "6D", "KD"]
    scored = CIRULLA.score_round(hand(ann), table())

    assert scored.breakdown["piccola"] == {
        "winner": "Ann",
        "run": ["AD", "2D", "3D", "4D"],
        "points": 4,
    }
    assert scored.breakdown["grande"] == {"winner": None, "points": 0}


@pytest.mark.parametrize(
    ("players", "deals"),
    [(("Ann", "Bob"), 6), (("Ann", "Bob", "Cy"), 4), (("Ann", "Bob", "Cy", "Di"), 6)],
)
def test_a_side_declares_at_most_once_a_deal(players: tuple[str, ...], deals: int) -> None:
    setup = table(players)
    side = setup.sides[0]
    captures = {side: list(CODES)}
    most = {"captures": captures, "low_hands": {side: deals - 1}, "three_of_a_kind": {side: 1}}
    assert CIRULLA.score_round(most, setup).points[side] >= 3 * (deals - 1) + 10
    with pytest.raises(EntryError, match=f"was dealt only {deals} hands of three cards"):
        CIRULLA.score_round({**most, "three_of_a_kind": {side: 2}}, setup)


def test_counted_points_stay_within_what_a_hand_gives_and_the_game_goes_to_51() -> None:
    setup = table()
    most = 4 + 20 + CIRULLA_MOST_BONUSES
    # Ten three of a kind and two low hands are the most the 40 cards declare (below).
    assert CIRULLA_MOST_BONUSES == 10 * 10 + 2 * 3 + 5 + 6
    assert sum(CIRULLA.score_round({"points": {"Ann": most, "Bob": 0}}, setup).points.values())
    for impossible in ({"Ann": most + 1, "Bob": 0}, {"Ann": 0, "Bob": 0}):
        with pytest.raises(EntryError):
            CIRULLA.score_round({"points": impossible}, setup)
    assert setup.options["target"] == 51
    hands = [CIRULLA.score_round({"points": {"Ann": 30, "Bob": 20}}, setup)] * 2
    assert CIRULLA.game_state(hands[:1], setup).finished is False
    assert CIRULLA.game_state(hands, setup).winners == ("Ann",)


# -- the matta: what the 40 cards can declare ------------------------------------------------
# Gazzetta di Santa: in every declaration "il 7 di cuori (o coppe) funge da matta e il giocatore
# ... può attribuirgli un valore a scelta". The entry gives how many each side declared, not the
# cards, so what is checked is what the 40 cards can make between all the sides.

MATTA = "7C"


def declarable(low: Sequence[tuple[str, ...]], trios: Sequence[tuple[str, ...]] = ()) -> bool:
    """Whether these deals can be dealt in one hand, each three distinct cards of the 40, and
    declared: ``low`` adding up to 9 or less, ``trios`` three of the same value, the matta
    taking whatever value makes each one so."""
    cards = [code for deal in (*low, *trios) for code in deal]
    assert len(set(cards)) == len(cards)
    assert set(cards) <= set(CODES)
    assert all(len(deal) == 3 for deal in (*low, *trios))

    def values(deal: tuple[str, ...]) -> list[int]:
        return [parse_card(code).number for code in deal if code != MATTA]

    # The matta as an ace: the lowest it can be.
    return all(sum(values(deal)) + (MATTA in deal) <= 9 for deal in low) and all(
        len(set(values(deal))) == 1 for deal in trios
    )


def test_seven_low_hands_are_made_only_with_the_matta_as_an_ace_and_eight_never() -> None:
    # Five "aces" (the matta one of them), four each of 2 to 5: seven hands of 9 or less.
    seven = [
        ("AD", "3D", "5D"),
        ("AC", "3C", "5C"),
        ("AS", "3S", "5S"),
        ("2D", "2C", "5B"),
        ("AB", "4D", "4C"),
        (MATTA, "4S", "4B"),
        ("2S", "2B", "3B"),
    ]
    assert declarable(seven)
    assert len(seven) == MOST_LOW_HANDS
    setup = table()
    seventh = hand(["7D"], low_hands={"Ann": 4, "Bob": 3})
    # Ann: the settebello and four low hands; Bob: the cards, the coins, the primiera, the
    # grande, the piccola to the 6 and three low hands.
    assert CIRULLA.score_round(seventh, setup).points == {
        "Ann": 1 + 4 * 3,
        "Bob": 3 + 5 + 6 + 3 * 3,
    }
    # Eight would be 24 cards adding up to 72 or less; the 24 lowest add up to 79.
    with pytest.raises(EntryError, match="make at most 7 hands of three adding up to 9 or less"):
        CIRULLA.score_round(hand(["7D"], low_hands={"Ann": 4, "Bob": 4}), setup)


def test_ten_three_of_a_kind_leave_two_low_hands_with_the_matta_and_eleven_never() -> None:
    # One three of a kind of each value (the sevens without the matta), then the matta and the
    # ace and 5 left over, and 2-3-4: the twelve deals of a hand all declare.
    trios = [tuple(f"{rank}{suit}" for suit in "DSB") for rank in "A234567JNK"]
    twelve = [*trios, ("AC", MATTA, "5C"), ("2C", "3C", "4C")]
    assert declarable(twelve[10:], twelve[:10])
    assert len(trios) == MOST_THREE_OF_A_KIND
    setup = table()
    entry = hand(["7D"], low_hands={"Ann": 1, "Bob": 1}, three_of_a_kind={"Ann": 5, "Bob": 5})
    assert CIRULLA.score_round(entry, setup).points["Ann"] == 1 + 3 + 50  # the settebello
    with pytest.raises(EntryError, match="make at most 10, one of each value"):
        CIRULLA.score_round(hand(["7D"], three_of_a_kind={"Ann": 6, "Bob": 5}), setup)
    # Three players: 4 deals each, and the limits count every side together.
    three = table(("Ann", "Bob", "Cy"))
    with pytest.raises(EntryError, match="8 low hands were declared"):
        CIRULLA.score_round(
            {
                "captures": {"Ann": ["7D"], "Bob": [], "Cy": [c for c in CODES if c != "7D"]},
                "low_hands": {"Ann": 3, "Bob": 3, "Cy": 2},
            },
            three,
        )


# A low hand's shapes: three values of 1 to 7 (no low hand holds more: 7 + 1 + 1), 0 for the
# matta (at most one), adding up to 9 or less with the matta as an ace; three of one value is a
# three of a kind, not a low hand.
LOW_SHAPES = [
    shape
    for shape in itertools.combinations_with_replacement(range(8), 3)
    if shape.count(0) <= 1
    and sum(shape) + (0 in shape) <= 9
    and not (0 not in shape and shape[0] == shape[2])
]
SHAPES_FROM = {first: [shape for shape in LOW_SHAPES if shape[0] == first] for first in range(8)}


@functools.cache
def _most_low(counts: tuple[int, ...]) -> int:
    """The most low hands made of ``counts`` (the matta's, then the aces' to the 7s'): any hand
    holding a card of the lowest value left starts with it, so either no hand holds one more
    of them, or one of the shapes starting with it is made."""
    first = next((value for value in range(8) if counts[value]), None)
    if first is None:
        return 0
    left = list(counts)
    left[first] = 0
    best = _most_low(tuple(left))
    for shape in SHAPES_FROM[first]:
        left = list(counts)
        for value in shape:
            left[value] -= 1
        if min(left) >= 0:
            best = max(best, 1 + _most_low(tuple(left)))
    return best


def _most_low_hands(three_of_a_kind: int) -> int:
    """The most low hands the 40 cards make beside ``three_of_a_kind`` three of a kind, tried
    every way: the three of a kind take the jack, queen and king first (no low hand holds them),
    then low values, the matta standing in for one card of one of them or not."""
    best = -1
    for values in itertools.combinations(range(1, 8), max(0, three_of_a_kind - 3)):
        for stand_in in (None, *values):
            counts = [1, 4, 4, 4, 4, 4, 4, 3]  # the matta, then aces to 7s
            for value in values:
                counts[value] -= 2 if value == stand_in else 3
            counts[0] -= stand_in is not None
            best = max(best, _most_low(tuple(counts)))
    return best


def test_the_limits_are_what_the_forty_cards_make_tried_every_way() -> None:
    expected = [min(MOST_LOW_HANDS, 12 - trios) for trios in range(MOST_THREE_OF_A_KIND + 1)]
    assert [_most_low_hands(trios) for trios in range(MOST_THREE_OF_A_KIND + 1)] == expected
    # Without the matta (the 7 of hearts a plain 7) the cards make one low hand fewer.
    assert _most_low((0, 4, 4, 4, 4, 4, 4, 4)) == MOST_LOW_HANDS - 1
    setup = table()
    for trios in range(MOST_THREE_OF_A_KIND + 1):
        low = expected[trios]
        ann_trios = min(trios, 6)
        ann_low = min(low, 6 - ann_trios)
        entry = hand(
            ["7D"],
            low_hands={"Ann": ann_low, "Bob": low - ann_low},
            three_of_a_kind={"Ann": ann_trios, "Bob": trios - ann_trios},
        )
        assert CIRULLA.score_round(entry, setup).points["Ann"] >= 10 * ann_trios + 3 * ann_low


def test_declarations_are_cirullas_alone() -> None:
    scopa = get_game("scopa")
    with pytest.raises(EntryError, match="low_hands"):
        scopa.score_round(hand(["7D"], low_hands={"Ann": 1}), scopa.setup(["Ann", "Bob"], {}))


# -- a property ---------------------------------------------------------------------------------

PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}


def _best(cards: list[str]) -> tuple[int, int]:
    """(suits held, primiera sum) of a side's cards, restated from rules.md §4."""
    best: dict[str, int] = {}
    for code in cards:
        best[code[-1]] = max(best.get(code[-1], 0), PRIMIERA.get(code[:-1], 10))
    return len(best), sum(best.values())


@settings(max_examples=60, deadline=None)
@given(
    owners=st.lists(st.booleans(), min_size=40, max_size=40),
    scopas=st.integers(0, 3),
    low=st.tuples(st.integers(0, 6), st.integers(0, 6)),
    trios=st.tuples(st.integers(0, 6), st.integers(0, 6)),
)
def test_a_hands_points_are_its_cards_and_declarations_and_impossible_ones_are_refused(
    owners: list[bool], scopas: int, low: tuple[int, int], trios: tuple[int, int]
) -> None:
    ann = [code for code, mine in zip(CODES, owners, strict=True) if mine]
    bob = [code for code in CODES if code not in ann]
    entry = hand(
        ann,
        scopas={"Ann": min(scopas, len(ann) // 2)},
        low_hands={"Ann": low[0], "Bob": low[1]},
        three_of_a_kind={"Ann": trios[0], "Bob": trios[1]},
    )
    if low[0] + trios[0] > 6 or low[1] + trios[1] > 6:
        with pytest.raises(EntryError, match="hands of three cards"):
            CIRULLA.score_round(entry, table())
        return
    if sum(low) > 7 or sum(trios) > 10:
        with pytest.raises(EntryError, match="the 40 cards make at most"):
            CIRULLA.score_round(entry, table())
        return
    points = CIRULLA.score_round(entry, table()).points
    expected = {"Ann": min(scopas, len(ann) // 2) + 3 * low[0] + 10 * trios[0]}
    expected["Bob"] = 3 * low[1] + 10 * trios[1]
    for side, mine, theirs in (("Ann", ann, bob), ("Bob", bob, ann)):
        expected[side] += len(mine) > len(theirs)
        expected[side] += sum(c in COINS for c in mine) > sum(c in COINS for c in theirs)
        expected[side] += "7D" in mine
        expected[side] += 5 * all(c in mine for c in ("JD", "ND", "KD"))
        run = 0
        while run < 6 and COINS[run] in mine:
            run += 1
        expected[side] += run if run >= 3 else 0
        (suits, total), (their_suits, their_total) = _best(mine), _best(theirs)
        # A complete primiera beats an incomplete one; else the higher sum (rules.md §4).
        expected[side] += (suits == 4, total) > (their_suits == 4, their_total)
    assert points == expected


# -- the pages ----------------------------------------------------------------------------------


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.mark.django_db
def test_a_hand_with_declarations_is_saved_and_too_many_save_nothing(client: Client) -> None:
    made = table_services.table_create(club=home_club(), game="cirulla", players=["Ann", "Bob"])
    ann = [*COINS, "7C"]
    form = card_post_data(["Ann", "Bob"], {"Ann": ann, "Bob": [c for c in CODES if c not in ann]})
    page = text(client.get(table_url(made)))
    assert "Low hands declared" in page
    assert "Three of a kind declared (10 points)" in page

    refused = client.post(table_url(made), {**form, "low_hands_1": "7"}, **HTMX)
    assert refused.status_code == 422
    assert "was dealt only 6 hands of three cards" in text(refused)
    assert not Round.objects.filter(table=made).exists()

    saved = client.post(table_url(made), {**form, "low_hands_1": "1", "three_of_a_kind_0": "1"})
    assert saved.status_code == 302
    points = {row.side: row.points for row in Round.objects.get(table=made).points.all()}
    # Ann: coins, settebello, grande 5, piccola 6, three of a kind 10; Bob: cards, the primiera
    # (three suits, 7-7-6, against Ann's two), low hand 3.
    assert points == {"Ann": 1 + 1 + 5 + 6 + 10, "Bob": 1 + 1 + 3}
    assert "Three of a kind declared (10 points each): Ann 1." in text(client.get(table_url(made)))


@pytest.mark.django_db
def test_declarations_the_cards_cannot_make_are_refused_on_the_form_in_the_players_language(
    client: Client,
) -> None:
    made = table_services.table_create(club=home_club(), game="cirulla", players=["Ann", "Bob"])
    form = card_post_data(["Ann", "Bob"], {"Ann": ["7D"], "Bob": [c for c in CODES if c != "7D"]})
    eight = {**form, "low_hands_0": "4", "low_hands_1": "4"}
    refused = client.post(table_url(made), eight, HTTP_ACCEPT_LANGUAGE="it", **HTMX)
    assert refused.status_code == 422
    assert "sono state accusate 8 buone da tre, ma le 40 carte fanno al massimo 7" in text(refused)
    assert not Round.objects.filter(table=made).exists()


@pytest.mark.django_db
def test_the_rules_page_names_its_sources_and_the_referee_gives_cirullas_verdict(
    client: Client,
) -> None:
    rules = text(client.get(reverse("games:rules_game", args=["cirulla"])))
    assert "it.wikipedia.org/wiki/Cirulla" in rules
    assert "Grande: the king, queen and jack of coins" in rules

    query = {"variant": "cirulla", "card_3D": "0", "card_5C": "0", "card_7B": "0", "card_7D": "1"}
    verdict = text(client.get(reverse("scopa:referee_capture"), query))
    assert "make 15" in verdict
    assert "A card of the same value" in verdict

    ace = {"variant": "cirulla", "card_KD": "0", "card_3C": "0", "card_AS": "1"}
    verdict = text(client.get(reverse("scopa:referee_capture"), ace))
    assert "Cirulla: a played ace takes every card on a table that holds no ace." in verdict
    assert "scopa!" in verdict
    not_scopa = {**ace, "ace_sweep_not_scopa": "on"}
    assert "an ace sweep is not a scopa" in text(
        client.get(reverse("scopa:referee_capture"), not_scopa)
    )
