"""The capture rules: games/plugins/scopa/rules.md §5 (scopas), §6 (what a card may take, with its
example) and §7 (Scopa d'Assi, Scopa di Quindici); games/plugins/scopa/pirate-scopa.md §6."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.plugins.scopa.captures import (
    Capture,
    CaptureRules,
    is_pirate_scopa,
    is_scopa,
    legal_captures,
    may_trail,
)
from games.scoring import EntryError
from games.scoring.cards import DECK, Card, parse_card

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

QUINDICI = CaptureRules(quindici=True)
D_ASSI = CaptureRules(scopa_d_assi=True)


def hand(text: str) -> list[Card]:
    """``"AD 3C"`` -> the cards."""
    return [parse_card(code) for code in text.split()]


def card(code: str) -> Card:
    return parse_card(code)


def taken(captures: tuple[Capture, ...]) -> list[list[str]]:
    return [[c.code for c in capture.cards] for capture in captures]


def values(captures: tuple[Capture, ...]) -> Counter[tuple[int, ...]]:
    """Each capture's values, high to low; counted, so two equal choices show as 2."""
    return Counter(
        tuple(sorted((c.number for c in capture.cards), reverse=True)) for capture in captures
    )


# -- the example of games/plugins/scopa/rules.md §6: table 1, 3, 6, 6 and a cavallo ----------------

EXAMPLE_TABLE = hand("AD 3C 6S 6B NC")


def test_example_playing_a_six_takes_either_six_as_a_single_card() -> None:
    # games/plugins/scopa/rules.md §6: "A 6 takes either 6", as a single card; the player picks
    # which.
    captures = legal_captures(EXAMPLE_TABLE, card("6D"))
    assert taken(captures) == [["6S"], ["6B"]]
    assert all(c.kind == "single" and not c.sweeps for c in captures)
    assert not may_trail(EXAMPLE_TABLE, card("6D"))


def test_example_a_knight_takes_the_knight_not_six_and_three() -> None:
    # games/plugins/scopa/rules.md §6: "A cavallo must take the cavallo, not 6 + 3."
    captures = legal_captures(EXAMPLE_TABLE, card("ND"))
    assert taken(captures) == [["NC"]]
    assert captures[0].kind == "single"


def test_example_a_king_takes_knight_and_ace_or_six_three_and_ace() -> None:
    # games/plugins/scopa/rules.md §6: "A king takes the cavallo and the ace, or a 6, the 3 and the
    # ace, as the player chooses"; the two sixes are different cards, so 6-3-1 is a choice with
    # each of them.
    captures = legal_captures(EXAMPLE_TABLE, card("KD"))
    assert set(values(captures)) == {(9, 1), (6, 3, 1)}
    assert values(captures) == Counter({(9, 1): 1, (6, 3, 1): 2})
    assert taken(captures) == [["AD", "NC"], ["AD", "3C", "6S"], ["AD", "3C", "6B"]]
    assert all(c.kind == "sum" and not c.sweeps for c in captures)


# -- what a played card may take (games/plugins/scopa/rules.md §5-§6) ------------------------------


def test_sum_rule_example_a_king_takes_three_and_seven_not_the_four() -> None:
    # games/plugins/scopa/rules.md §6: with no single card of its value, a card takes a set adding
    # up to it; a king (10) on 3, 4 and 7 takes 3 + 7.
    table = hand("3D 4C 7S")
    captures = legal_captures(table, card("KB"))
    assert taken(captures) == [["3D", "7S"]]
    assert captures[0].kind == "sum"
    assert not captures[0].sweeps


def test_scopa_example_a_king_on_one_one_three_five_sweeps() -> None:
    # games/plugins/scopa/rules.md §5: a capture that clears the table is a scopa; a king on 1, 1, 3
    # and 5 takes them all.
    table = hand("AD AC 3S 5B")
    captures = legal_captures(table, card("KD"))
    assert len(captures) == 1
    assert captures[0].sweeps
    assert is_scopa(captures[0], last_card_of_hand=False)


def test_single_card_beats_a_sum_protecting_a_seven() -> None:
    # games/plugins/scopa/rules.md §6: a single card of the same value must be taken rather than a
    # sum, so a king on 7, 3 and a king takes the king, and the 7 is safe from it.
    assert taken(legal_captures(hand("7D 3C KS"), card("KB"))) == [["KS"]]


def test_no_equal_card_and_no_sum_means_the_card_is_trailed() -> None:
    # games/plugins/scopa/rules.md §6: a card that cannot take anything is laid on the table.
    table = hand("7D 6C")
    assert legal_captures(table, card("5S")) == ()
    assert may_trail(table, card("5S"))
    assert legal_captures([], card("KS")) == ()
    assert may_trail([], card("KS"))


def test_a_possible_capture_must_be_taken() -> None:
    # games/plugins/scopa/rules.md §6: "A card that can take something must take".
    assert not may_trail(hand("2D 3C"), card("5S"))


# -- Scopa di Quindici (games/plugins/scopa/rules.md §7) -------------------------------------------


def test_quindici_example_lists_every_set_making_fifteen_with_the_played_three() -> None:
    # The example of games/plugins/scopa/rules.md §7: a 3 played on 2, 3, 4, 5 and 7. 3 + 4 + 5 + 3
    # = 15, but 7 + 2 + 3 = 12, so 7 + 2 (the German text's slip) is no choice. Every set that
    # really makes 15: 5 + 7, 3 + 4 + 5, 2 + 3 + 7.
    table = hand("2D 3C 4S 5B 7D")
    captures = legal_captures(table, card("3D"), QUINDICI)
    assert taken(captures) == [["7D", "5B"], ["2D", "7D", "3C"], ["3C", "4S", "5B"]]
    assert set(values(captures)) == {(7, 5), (5, 4, 3), (7, 3, 2)}
    assert (7, 2) not in values(captures)
    assert all(c.kind == "fifteen" and not c.sweeps for c in captures)


def test_quindici_takes_no_equal_card() -> None:
    # games/plugins/scopa/rules.md §7: under Quindici a card takes what makes 15 together with it,
    # no longer a card of its own value.
    assert legal_captures(hand("5D"), card("5C"), QUINDICI) == ()
    # ...and a single card making 15 needs no partner: 7 + 8 (Fante) = 15, and sums are not
    # pushed aside by it (games/plugins/scopa/rules.md §7: no preference for a single card).
    captures = legal_captures(hand("JD 3C 5S"), card("7C"), QUINDICI)
    assert taken(captures) == [["JD"], ["3C", "5S"]]


def test_quindici_sweep_is_a_scopa() -> None:
    captures = legal_captures(hand("2D 3C"), card("KS"), QUINDICI)
    assert taken(captures) == [["2D", "3C"]]
    assert captures[0].sweeps
    assert is_scopa(captures[0], last_card_of_hand=False)


# -- Scopa d'Assi (games/plugins/scopa/rules.md §7) ------------------------------------------------


def test_d_assi_an_ace_takes_the_whole_table() -> None:
    # games/plugins/scopa/rules.md §7: under Scopa d'Assi "a played ace takes everything on the
    # table".
    table = hand("7D 3C KS 2B")
    captures = legal_captures(table, card("AD"), D_ASSI)
    assert taken(captures) == [["7D", "3C", "KS", "2B"]]
    assert captures[0].kind == "ace-takes-all"
    assert captures[0].sweeps
    assert not may_trail(table, card("AD"), D_ASSI)


def test_d_assi_other_cards_capture_as_usual() -> None:
    assert taken(legal_captures(hand("AC 2S"), card("3D"), D_ASSI)) == [["AC", "2S"]]


def test_without_d_assi_an_ace_is_an_ordinary_one() -> None:
    assert legal_captures(hand("7D 3C"), card("AD")) == ()


def test_d_assi_ace_on_the_table_variant_takes_only_an_ace() -> None:
    # games/plugins/scopa/rules.md §7, a d'Assi custom the capture referee knows: an ace on the
    # table is taken only by an ace, and the played ace then takes just that ace.
    rules = CaptureRules(scopa_d_assi=True, ace_on_table_takes_only_ace=True)
    captures = legal_captures(hand("AC 7D AS"), card("AD"), rules)
    assert taken(captures) == [["AC"], ["AS"]]
    assert all(c.kind == "single" and not c.sweeps for c in captures)
    # No ace on the table: the ace takes all as usual.
    assert taken(legal_captures(hand("7D 3C"), card("AD"), rules)) == [["7D", "3C"]]
    # Without the variant, the ace on the table goes with the rest.
    assert legal_captures(hand("AC 7D"), card("AD"), D_ASSI)[0].kind == "ace-takes-all"


def test_d_assi_ace_on_an_empty_table_takes_nothing() -> None:
    assert legal_captures([], card("AD"), D_ASSI) == ()
    assert may_trail([], card("AD"), D_ASSI)


def test_d_assi_trailing_variant_lets_the_ace_stay_on_the_table() -> None:
    # games/plugins/scopa/rules.md §7, the other d'Assi custom the capture referee knows: an ace may
    # be laid on the table without taking, if the player wishes.
    rules = CaptureRules(scopa_d_assi=True, ace_may_be_trailed=True)
    table = hand("7D 3C")
    assert legal_captures(table, card("AD"), rules)
    assert may_trail(table, card("AD"), rules)
    # Only the ace: another card must still take what it can.
    assert not may_trail(table, card("KD"), rules)


# -- is_scopa: games/plugins/scopa/rules.md §5 and §7 ----------------------------------------------


SWEEP = Capture((card("3D"), card("7C")), sweeps=True, kind="sum")
ACE_SWEEP = Capture((card("3D"), card("7C")), sweeps=True, kind="ace-takes-all")


def test_last_card_of_the_hand_never_scores_a_scopa() -> None:
    # games/plugins/scopa/rules.md §5: "The last card of the hand never makes a scopa, even when it
    # clears the table."
    assert is_scopa(SWEEP, last_card_of_hand=False)
    assert not is_scopa(SWEEP, last_card_of_hand=True)
    assert not is_scopa(ACE_SWEEP, last_card_of_hand=True)


def test_last_play_sweep_counts_house_rule_scores_the_last_sweep() -> None:
    # games/plugins/scopa/rules.md §5, Decision: under the house rule `last_play_sweep_counts` the
    # sweep with the very last card of the hand counts too.
    assert is_scopa(SWEEP, last_card_of_hand=True, last_play_sweep_counts=True)


def test_a_capture_that_leaves_cards_is_no_scopa() -> None:
    partial = Capture((card("3D"),), sweeps=False, kind="single")
    assert not is_scopa(partial, last_card_of_hand=False, last_play_sweep_counts=True)


@pytest.mark.parametrize("counts", [True, False])
def test_ace_sweep_scores_as_the_table_decided(counts: bool) -> None:
    # games/plugins/scopa/rules.md §7: before the game the table decides whether an ace sweep is a
    # scopa (`ace_sweep_is_scopa`).
    assert is_scopa(ACE_SWEEP, last_card_of_hand=False, ace_sweep_is_scopa=counts) is counts
    assert is_scopa(SWEEP, last_card_of_hand=False, ace_sweep_is_scopa=counts)


# -- input checks ---------------------------------------------------------------------------------


def test_a_card_twice_on_the_table_is_refused() -> None:
    with pytest.raises(EntryError, match="3D is on the table twice"):
        legal_captures(hand("3D 3D"), card("3C"))


def test_the_played_card_on_the_table_is_refused() -> None:
    with pytest.raises(EntryError, match="3C is played but is also on the table"):
        legal_captures(hand("3C 4D"), card("3C"))
    with pytest.raises(EntryError):
        may_trail(hand("3C"), card("3C"))


# -- properties -----------------------------------------------------------------------------------


@st.composite
def plays(draw: st.DrawFn, max_table: int = 10) -> tuple[list[Card], Card]:
    """A played card and a table of other, distinct cards (up to ``max_table``)."""
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=max_table + 1, unique=True))
    return chosen[1:], chosen[0]


rule_sets = st.builds(
    CaptureRules,
    quindici=st.booleans(),
    scopa_d_assi=st.booleans(),
    ace_on_table_takes_only_ace=st.booleans(),
    ace_may_be_trailed=st.booleans(),
)


@PROPERTY
@given(plays())
def test_property_standard_captures_sum_to_the_played_value(play: tuple[list[Card], Card]) -> None:
    table, played = play
    for capture in legal_captures(table, played):
        assert capture.total == played.number
        assert capture.kind in ("single", "sum")


@PROPERTY
@given(plays())
def test_property_quindici_captures_make_fifteen(play: tuple[list[Card], Card]) -> None:
    table, played = play
    for capture in legal_captures(table, played, QUINDICI):
        assert capture.total + played.number == 15
        assert capture.kind == "fifteen"


@PROPERTY
@given(plays())
def test_property_an_equal_card_on_the_table_is_taken_before_any_sum(
    play: tuple[list[Card], Card],
) -> None:
    table, played = play
    equal = {c for c in table if c.number == played.number}
    captures = legal_captures(table, played)
    if equal:
        assert {capture.cards for capture in captures} == {(c,) for c in equal}
    else:
        assert all(len(capture.cards) >= 2 for capture in captures)


@PROPERTY
@given(plays(), rule_sets)
def test_property_captures_are_distinct_non_empty_subsets_and_sweeps_means_all(
    play: tuple[list[Card], Card], rules: CaptureRules
) -> None:
    table, played = play
    captures = legal_captures(table, played, rules)
    assert captures == legal_captures(list(reversed(table)), played, rules)  # deterministic
    sets = [frozenset(capture.cards) for capture in captures]
    assert len(set(sets)) == len(sets)
    for capture, cards in zip(captures, sets, strict=True):
        assert cards
        assert len(cards) == len(capture.cards)
        assert cards <= set(table)
        assert played not in cards
        assert capture.sweeps == (cards == set(table))
        assert list(capture.cards) == sorted(capture.cards, key=DECK.index)
    assert may_trail(table, played, rules) == (
        not captures
        or (rules.scopa_d_assi and rules.ace_may_be_trailed and played.rank.number == 1)
    )


@PROPERTY
@given(plays(max_table=6), st.booleans())
def test_property_every_subset_that_qualifies_is_listed(
    play: tuple[list[Card], Card], quindici: bool
) -> None:
    # Brute force over all subsets of a small table: nothing is missed.
    table, played = play
    n = len(table)
    subsets = [frozenset(table[i] for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)]
    if quindici:
        expected = {s for s in subsets if sum(c.number for c in s) + played.number == 15}
        rules = QUINDICI
    else:
        singles = {s for s in subsets if len(s) == 1 and next(iter(s)).number == played.number}
        sums = {s for s in subsets if len(s) >= 2 and sum(c.number for c in s) == played.number}
        expected = singles or sums
        rules = CaptureRules()
    assert {frozenset(c.cards) for c in legal_captures(table, played, rules)} == expected


@PROPERTY
@given(plays(), st.booleans(), st.booleans(), st.booleans())
def test_property_only_a_sweep_can_be_a_scopa(
    play: tuple[list[Card], Card], last: bool, last_counts: bool, ace_counts: bool
) -> None:
    table, played = play
    for capture in legal_captures(table, played, D_ASSI):
        scored = is_scopa(capture, last, last_counts, ace_counts)
        if scored:
            assert capture.sweeps
            assert not last or last_counts


# -- Pirate Scopa: the last trick of the round never scores a scopa, even when it clears the
# table (games/plugins/scopa/pirate-scopa.md §6)
# -----------------------------------------------------------


def test_pirate_sweep_before_the_final_trick_is_a_scopa() -> None:
    # A 7 takes 3 + 4, the whole table; someone takes something later in the round.
    (sweep,) = legal_captures(hand("3C 4S"), parse_card("7D"))

    assert sweep.sweeps
    assert is_pirate_scopa(sweep, final_trick=False)


def test_pirate_final_trick_clearing_the_table_is_no_scopa() -> None:
    # The final trick of the round takes the only cards left on the table: no scopa, whether it
    # was made with the last card or earlier, with only trailed cards after it.
    (sweep,) = legal_captures(hand("3C 4S"), parse_card("7D"))

    assert not is_pirate_scopa(sweep, final_trick=True)


def test_pirate_capture_leaving_cards_is_never_a_scopa() -> None:
    # A 5 takes the 5 and leaves the 3: no sweep, final trick or not.
    (capture,) = legal_captures(hand("5C 3S"), parse_card("5D"))

    assert not capture.sweeps
    assert not is_pirate_scopa(capture, final_trick=False)
    assert not is_pirate_scopa(capture, final_trick=True)


@PROPERTY
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True), st.booleans())
def test_pirate_scopa_is_a_sweep_that_is_not_the_final_trick(
    cards: list[Card], final_trick: bool
) -> None:
    played, table = cards[0], cards[1:]
    for capture in legal_captures(table, played):
        assert is_pirate_scopa(capture, final_trick) is (capture.sweeps and not final_trick)
