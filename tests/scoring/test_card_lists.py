"""The one reader of the cards each side took (games/scoring/card_lists.py), behind Scopa's and
Briscola's ``captures`` and Ciapanò's ``penalty_cards``: every card of the deck listed once
(games/plugins/scopa/rules.md §1, games/plugins/briscola/rules.md §5,
games/plugins/ciapano/rules.md §7; docs/scoresheet.md "A round" and "Ciapanò").

The worked examples of each game stay in test_round_entries.py, test_ciapano.py and
tests/plugins/test_briscola_engine.py; here are the reader's own cases, and a property that,
for any card lists at all, each game tells the players what a plain model of its rules says.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.plugins.briscola.engine import Briscola, card_points
from games.plugins.ciapano.engine import PENALTY_CARDS, Ciapano
from games.plugins.scopa.engine import CapturedHand, Scopa
from games.scoring import EntryError, TableSetup, Team
from games.scoring.card_lists import CardListWording, read_captures, read_card_lists
from games.scoring.cards import DECK, Card, parse_card
from games.scoring.errors import Problem, problem, says_nothing

from .helpers import ALL_CODES, rest, table

T = TypeVar("T")
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")


def unknown(side: str) -> Problem:
    return problem("{side} is not here", "captures", side=side)


def captured(
    raw: object, sides: Sequence[str] = TWO, left_out: bool = False
) -> tuple[object, list[str]]:
    problems: list[Problem] = []
    result = read_captures(
        raw, sides, problems, unknown=unknown, one_of_two_lists_may_be_left_out=left_out
    )
    return result, [found.text() for found in problems]


def codes(cards: Collection[Card]) -> list[str]:
    return sorted(card.code for card in cards)


# -- the reader's own cases ---------------------------------------------------------------------


def test_every_card_once_is_read_as_each_sides_cards() -> None:
    ann = ["7D", "AS", "KB"]
    result, problems = captured({"Ann": ann, "Bob": rest(ann)})
    assert problems == []
    assert isinstance(result, dict)
    assert codes(result["Ann"]) == sorted(ann)
    assert codes(result["Bob"]) == sorted(rest(ann))


def test_codes_are_read_as_parse_card_reads_them() -> None:
    result, problems = captured({"Ann": [" 7d ", "10B"], "Bob": rest(["7D", "KB"])})
    assert problems == []
    assert isinstance(result, dict)
    assert codes(result["Ann"]) == ["7D", "KB"]


def test_a_card_captured_by_two_sides_names_both() -> None:
    _, problems = captured({"Ann": ["7D"], "Bob": list(ALL_CODES)})
    assert problems == ["7D is captured twice (Ann, Bob)"]


def test_a_card_listed_twice_for_one_side_is_one_problem_not_a_capture_by_two() -> None:
    _, problems = captured({"Ann": ["7D", *ALL_CODES]})
    assert problems == ["7D is listed twice for Ann"]


def test_something_not_a_card_code_is_named_with_its_side() -> None:
    _, problems = captured({"Ann": ["11D", *ALL_CODES], "Bob": ["ZZ"]})
    assert problems == ["11D is not a card code (Ann)", "ZZ is not a card code (Bob)"]


def test_an_unknown_side_is_reported_and_its_cards_count_for_nobody() -> None:
    _, problems = captured({"Ann": list(ALL_CODES[1:]), "Bob": [], "Zed": [ALL_CODES[0]]})
    assert problems == ["Zed is not here", f"{ALL_CODES[0]} is not captured by any side"]


def test_with_two_sides_a_list_left_out_holds_the_rest_only_where_the_game_allows_it() -> None:
    ann = ["7D", "AS"]
    result, problems = captured({"Ann": ann}, left_out=True)
    assert problems == []
    assert isinstance(result, dict)
    assert codes(result["Bob"]) == sorted(rest(ann))
    _, problems = captured({"Ann": ann})
    assert problems == [f"{code} is not captured by any side" for code in rest(ann)]


def test_with_three_sides_no_list_may_be_left_out() -> None:
    ann = ["7D", "AS"]
    _, problems = captured({"Ann": ann, "Bob": []}, THREE, left_out=True)
    assert problems == [f"{code} is not captured by any side" for code in rest(ann)]


def test_an_unreadable_list_is_a_list_that_took_nothing() -> None:
    result, problems = captured({"Ann": "7D AS", "Bob": list(ALL_CODES)}, left_out=True)
    assert problems == ["captures for Ann must be a list of card codes"]
    assert result == {"Ann": frozenset(), "Bob": frozenset(DECK)}


def test_captures_that_are_not_a_mapping_are_read_as_nothing() -> None:
    for raw in (None, ["7D"], "7D", 7):
        assert captured(raw) == (None, ["captures must list the cards each side took"])


def test_cards_taken_twice_come_in_the_decks_order_after_each_sides_own_problems() -> None:
    _, problems = captured({"Ann": ["KB", "7D", "ZZ"], "Bob": [*ALL_CODES, "7D"]})
    assert problems == [
        "ZZ is not a card code (Ann)",
        "7D is listed twice for Bob",
        "7D is captured twice (Ann, Bob)",
        "KB is captured twice (Ann, Bob)",
    ]


SHORT = CardListWording(
    "cards",
    not_a_mapping="cards must be listed",
    not_a_list="{who}: not a list",
    not_a_code="{code}: no card ({who})",
    listed_twice="{card} twice for {who}",
    taken_twice="{card} by more than one ({whom})",
    not_in_deck="{card} is not in the deck ({who})",
    side="who",
    sides="whom",
)
SHORT_DECK = (parse_card("AD"), parse_card("KD"), parse_card("7D"))


def short(
    raw: object, out: Collection[str] = ()
) -> tuple[dict[str, list[str]], list[str], list[str], bool]:
    problems: list[Problem] = []
    lists = read_card_lists(
        raw,
        TWO,
        problems,
        SHORT,
        unknown=lambda who: problem("{who} is unknown", "cards", who=who),
        deck=SHORT_DECK,
        out=out,
        took_no_cards=lambda who: problem("{who} is out", "cards", who=who),
    )
    assert lists is not None
    taken = {side: codes(cards) for side, cards in lists.taken.items()}
    texts = [found.text() for found in problems]
    return taken, texts, [card.code for card in lists.missing], lists.every_list_read


def test_a_game_gives_its_own_deck_words_and_placeholders() -> None:
    taken, problems, missing, every_list_read = short({"Ann": ["AD", "2C", "AD"], "Bob": ["AD"]})
    assert problems == [
        "2C is not in the deck (Ann)",
        "AD twice for Ann",
        "AD by more than one (Ann, Bob)",
    ]
    assert taken == {"Ann": ["AD"], "Bob": ["AD"]}
    assert (missing, every_list_read) == (["KD", "7D"], True)


def test_a_list_not_read_or_naming_nobody_here_leaves_the_missing_cards_in_doubt() -> None:
    assert short({"Ann": ["AD"], "Bob": "KD 7D"})[1:] == (
        ["Bob: not a list"],
        ["KD", "7D"],
        False,
    )
    assert short({"Ann": ["AD"], "Zed": ["KD", "7D"]})[1:] == (
        ["Zed is unknown"],
        ["KD", "7D"],
        False,
    )


def test_a_side_out_of_the_game_may_list_nothing_and_what_it_lists_counts_as_listed() -> None:
    everything = ["AD", "KD", "7D"]
    assert short({"Ann": everything, "Cy": []}, out=["Cy"])[1] == []
    taken, problems, missing, _ = short({"Ann": ["AD"], "Cy": ["KD", "7D"]}, out=["Cy"])
    assert problems == ["Cy is out"]
    assert (taken["Cy"], missing) == (["7D", "KD"], [])


# -- each game, for any card lists --------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """How a game tells the players of its card-list problems, as they read them."""

    unknown: str
    not_a_list: str
    not_a_code: str
    listed_twice: str
    taken_twice: str
    not_in_deck: str = ""


CAPTURE_WORDS = Words(
    unknown="{} is not a side at this table",
    not_a_list="captures for {} must be a list of card codes",
    not_a_code="{} is not a card code ({})",
    listed_twice="{} is listed twice for {}",
    taken_twice="{} is captured twice ({})",
)
PENALTY_WORDS = Words(
    unknown="{} is not playing at this table",
    not_a_list="penalty_cards for {} must be a list of card codes",
    not_a_code="{} is not a card code ({})",
    listed_twice="{} is listed twice for {}",
    taken_twice="{} is listed for more than one player ({})",
    not_in_deck="{} is not a penalty card ({})",
)


@dataclass
class Told:
    """What the model of the rules says of some card lists."""

    problems: list[str]
    cards: dict[str, set[str]]  # each name at the table with a list, and its cards
    missing: list[str]  # in the deck's order
    every_list_read: bool


def model(
    raw: Mapping[str, object],
    sides: Collection[str],
    deck: Sequence[Card],
    words: Words,
    out: Collection[str] = (),
) -> Told:
    """The rules, told plainly: each list on its own, then the cards taken twice."""
    told = Told([], {}, [], True)
    for name, listed in raw.items():
        if name not in sides and name not in out:
            told.problems.append(words.unknown.format(name))
            told.every_list_read = False
        elif not isinstance(listed, list) or any(not isinstance(code, str) for code in listed):
            told.problems.append(words.not_a_list.format(name))
            told.cards[name] = set()
            told.every_list_read = False
        else:
            told.cards[name] = set()
            for code in listed:
                try:
                    card = parse_card(code)
                except ValueError:
                    told.problems.append(words.not_a_code.format(code, name))
                    continue
                if card not in deck:
                    told.problems.append(words.not_in_deck.format(card.code, name))
                elif card.code in told.cards[name]:
                    told.problems.append(words.listed_twice.format(card.code, name))
                else:
                    told.cards[name].add(card.code)
            if name in out and told.cards[name]:
                told.problems.append(f"{name} is already out of the game and took no cards")
    for card in deck:
        holders = [name for name, cards in told.cards.items() if card.code in cards]
        if len(holders) > 1:
            told.problems.append(words.taken_twice.format(card.code, ", ".join(holders)))
        if not holders:
            told.missing.append(card.code)
    return told


BAD_CODES = ["ZZ", "11D", "", " 7d ", "10B", "QC"]
# An emptied list, then lists that cannot be read.
REPLACED_LISTS = [[], "7D AS", None, [1, "AD"], {"AD": 1}]


@st.composite
def card_lists(
    draw: st.DrawFn, names: Sequence[str], deck: Sequence[Card]
) -> dict[str, object] | object:
    """Lists of cards for ``names``, the deck dealt among them, then often spoiled: cards
    dropped or added (from the 40, bad codes, repeats), a list left out, emptied or unreadable,
    a name from elsewhere; now and then no mapping at all."""
    if draw(st.integers(0, 30)) == 0:
        return draw(st.sampled_from([["AD"], "AD", 3]))
    deck_codes = [card.code for card in deck]
    owners = draw(st.lists(st.sampled_from(names), min_size=len(deck), max_size=len(deck)))
    lists: dict[str, object] = {
        name: [code for code, owner in zip(deck_codes, owners, strict=True) if owner == name]
        for name in names
    }
    anyone = [*names, "Zed"]
    for name, code in draw(
        st.lists(
            st.tuples(st.sampled_from(anyone), st.sampled_from([*ALL_CODES, *BAD_CODES])),
            max_size=4,
        )
    ):
        held = lists.setdefault(name, [])
        assert isinstance(held, list)
        held.insert(draw(st.integers(0, len(held))), code)
    for code in draw(st.lists(st.sampled_from(deck_codes), max_size=3, unique=True)):
        for held in lists.values():
            if isinstance(held, list) and code in held:
                held.remove(code)
    for name in draw(st.lists(st.sampled_from(anyone), max_size=2, unique=True)):
        if draw(st.booleans()):
            lists.pop(name, None)
        else:
            lists[name] = draw(st.sampled_from(REPLACED_LISTS))
    return lists


SCOPA_TABLES = [table("scopa", TWO), table("scopa", THREE), table("scopone", [*THREE, "Di"])]
BRISCOLA_TABLES = [
    table("briscola", TWO),
    table(
        "briscola",
        [*THREE, "Di"],
        teams=[Team("Us", ("Ann", "Cy")), Team("Them", ("Bob", "Di"))],
    ),
]


def captures_at(tables: Sequence[TableSetup]) -> st.SearchStrategy[tuple[TableSetup, object]]:
    """One of the ``tables``, and captures for its sides."""
    return st.sampled_from(tables).flatmap(
        lambda at: st.tuples(st.just(at), card_lists(at.sides, DECK))
    )


def problems_or_result(read: Callable[[], T]) -> tuple[list[str], T | None]:
    try:
        return [], read()
    except EntryError as error:
        return [found.text() for found in error.problems], None


@PROPERTY
@given(captures_at(SCOPA_TABLES))
def test_scopa_tells_what_the_rules_say_of_any_captures(case: tuple[TableSetup, object]) -> None:
    at, raw = case
    problems, hand = problems_or_result(lambda: Scopa().parse_entry({"captures": raw}, at))
    if not isinstance(raw, Mapping):
        assert problems == ["captures must list the cards each side took"]
        return
    told = model(raw, at.sides, DECK, CAPTURE_WORDS)
    # docs/scoresheet.md "A round": with two sides one list may be left out.
    left_out = [side for side in at.sides if side not in told.cards]
    if len(at.sides) == 2 and len(left_out) == 1:
        told.cards[left_out[0]] = set(told.missing)
    else:
        told.problems += [f"{code} is not captured by any side" for code in told.missing]
    assert problems == told.problems
    if not problems:
        assert isinstance(hand, CapturedHand)
        assert {side: set(codes(cards)) for side, cards in hand.captures.items()} == {
            side: told.cards.get(side, set()) for side in at.sides
        }


@PROPERTY
@given(captures_at(BRISCOLA_TABLES))
def test_briscola_tells_what_the_rules_say_of_any_captures(case: tuple[TableSetup, object]) -> None:
    at, raw = case
    problems, counted = problems_or_result(lambda: Briscola().card_points_of({"captures": raw}, at))
    if says_nothing(raw):
        assert problems == ["a round needs the captured cards or the points"]
        return
    if not isinstance(raw, Mapping):
        assert problems == ["captures must list the cards each side took"]
        return
    # games/plugins/briscola/rules.md §5: no list may be left out, whatever the number of sides.
    told = model(raw, at.sides, DECK, CAPTURE_WORDS)
    assert problems == [
        *told.problems,
        *(f"{code} is not captured by any side" for code in told.missing),
    ]
    if not problems:
        cards = {side: told.cards.get(side, set()) for side in at.sides}
        assert counted == (
            "captures",
            {side: sum(card_points(parse_card(code)) for code in cards[side]) for side in at.sides},
        )


@st.composite
def ciapano_cases(draw: st.DrawFn) -> tuple[TableSetup, list[str], object]:
    at = draw(st.sampled_from(CIAPANO_TABLES))
    active = [player for player in at.players if draw(st.integers(0, 4))]
    if len(active) < 2:
        active = list(at.players)
    # Mostly the players still in deal the cards; now and then those out take some too.
    takers = draw(st.sampled_from([active, active, list(at.players)]))
    return at, active, draw(card_lists(takers, PENALTY_CARDS))


CIAPANO_TABLES = [table("ciapano", players) for players in (THREE, [*THREE, "Di", "Eve"])]


@PROPERTY
@given(ciapano_cases())
def test_ciapano_tells_what_the_rules_say_of_any_penalty_cards(
    case: tuple[TableSetup, list[str], object],
) -> None:
    at, active, raw = case
    entry = {"penalty_cards": raw, "last_trick": active[0]}
    problems, tally = problems_or_result(lambda: Ciapano().parse_entry(entry, at, active))
    if not isinstance(raw, Mapping):
        assert problems == ["penalty_cards must list the penalty cards each player took"]
        return
    out = [player for player in at.players if player not in active]
    told = model(raw, active, PENALTY_CARDS, PENALTY_WORDS, out)
    # A list not read, or naming someone not at the table, probably held the missing cards.
    if told.every_list_read and len(told.missing) == 1:
        told.problems.append(f"{told.missing[0]} is not listed for any player")
    elif told.every_list_read and told.missing:
        told.problems.append(
            f"{len(told.missing)} penalty cards are not listed for any player: "
            + ", ".join(told.missing)
        )
    assert problems == told.problems
    if not problems:
        assert tally is not None
        cards = {player: told.cards.get(player, set()) for player in active}
        assert tally.aces == {
            player: sum(code.startswith("A") for code in cards[player]) for player in active
        }
        assert tally.thirds == {
            player: sum(not code.startswith("A") for code in cards[player]) for player in active
        }
