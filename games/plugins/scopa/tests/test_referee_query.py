"""The referees give the same verdicts with no signal as with one (issue 33, items 1 and 3): the
phone reads the fields of the referee's form with referee_query.py and draws the verdict with
rulings.py in the words the page wrote out (referee.offline_words); the server reads the same
query with its Django forms and draws it with rulings.py in Django's words. Held equal here,
over worked examples and a Hypothesis property, with no browser: the engine's input (the
query as each reads it) and the HTML each draws, in every language the site speaks."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.scopa import referee, rulings
from games.plugins.scopa.referee_query import (
    CAPTURE_FLAGS,
    MATTA_DECLARED,
    VARIANTS,
    read_captures,
    read_primiera,
)
from games.scoring.cards import DECK, MATTA

LANGUAGES = ("en", "it", "de", "ja")

PRIMIERA_EXAMPLES: list[dict[str, str]] = [
    {},
    # rules.md §4: 7 + 7 + 6 + ace = 76 loses to 7 + 7 + 6 + 6 = 78.
    {"card_7D": "0", "card_7C": "0", "card_6S": "0", "card_AB": "0"}
    | {"card_7S": "1", "card_7B": "1", "card_6D": "1", "card_6C": "1"},
    # A complete primiera beats a higher incomplete one; both conventions when none is complete.
    {"card_JD": "0", "card_JC": "0", "card_JS": "0", "card_7B": "0", "name_0": " Ann "}
    | {"card_7D": "1", "card_7C": "1", "card_7S": "1", "name_1": "Bob"},
    {"card_7D": "0", "card_7C": "0", "card_7S": "0", "card_6D": "1", "rule": "void"},
    # Four sides, one named twice, a card to a side beyond the count, a blank name.
    {"sides": "3", "name_0": "Cy", "name_1": "Cy", "name_2": "  ", "card_7D": "2"}
    | {"card_6D": "3", "card_5S": "1"},
    # Pirate Scopa's primes under both rules, with a tie on sevens.
    {"kind": "primes", "card_7D": "0", "card_5C": "0", "card_7S": "1", "card_2B": "1"},
    {"kind": "primes", "prime_rule": "most-sevens", "card_7D": "0", "card_3S": "1"},
    # What no form takes reads as the empty form: a name too long, a choice not offered.
    {"name_3": "x" * 41, "card_7D": "0"},
    {"card_7D": "4"},
    {"kind": "scopone", "card_7D": "0"},
    {"sides": "", "kind": "", "rule": "", "card_7D": "1", "junk": "?"},
]

CAPTURE_EXAMPLES: list[dict[str, str]] = [
    {},
    {"card_3D": "0", "card_4C": "0", "card_7S": "1"},
    # A single card beats a sum; the last card's sweep; a checkbox sent as "0" is ticked.
    {"card_7D": "0", "card_3C": "0", "card_4C": "0", "card_7S": "1"},
    {"card_7D": "0", "card_7S": "1", "last_card": "0"},
    {"card_7D": "0", "card_7S": "1", "last_card": "on", "last_play_sweep_counts": "true"},
    # Scopa d'Assi, with both of its variants; Cirulla; Quindici; Pirate Scopa's final trick.
    {"variant": "assi", "card_AD": "1", "card_5C": "0", "ace_may_be_trailed": "1"},
    {"variant": "assi", "card_AD": "1", "card_AC": "0", "ace_on_table_takes_only_ace": "1"},
    {"variant": "cirulla", "card_AD": "1", "card_5C": "0", "card_KS": "0"},
    {"variant": "quindici", "card_JD": "1", "card_7C": "0", "card_3S": "0", "card_4B": "0"},
    {"variant": "pirate", "card_6D": "1", "card_6C": "0", "final_trick": "FALSE"},
    {"variant": "pirate", "card_6D": "1", "card_6C": "0", "final_trick": "yes"},
    # Two cards played; a card neither on the table nor played; a variant not offered.
    {"card_6D": "1", "card_6C": "1"},
    {"card_6D": "2", "card_6C": "1"},
    {"variant": "briscola", "card_6D": "1"},
    {"variant": "", "card_6D": "1", "card_6C": "0"},
    # Cirulla's matta (7 of Coppe) declared a 5: played, it takes a 5 or the king for 15; on
    # the table, a played 7 takes it with the 2 as a sum; declared an ace, it sweeps.
    {"variant": "cirulla", "matta": "5", "card_5D": "0", "card_KC": "0", "card_7C": "1"},
    {"variant": "cirulla", "matta": "5", "card_7C": "0", "card_2S": "0", "card_7D": "1"},
    {"variant": "cirulla", "matta": "A", "card_KD": "0", "card_3C": "0", "card_7C": "1"},
    # Declared but not in play, or under other rules: it says nothing; "7" is not a choice.
    {"variant": "cirulla", "matta": "K", "card_5D": "0", "card_5C": "1"},
    {"variant": "standard", "matta": "5", "card_5D": "0", "card_7C": "1"},
    {"variant": "cirulla", "matta": "7", "card_5D": "0", "card_7C": "1"},
]


def server_primiera(query: Mapping[str, str]) -> dict[str, object]:
    """What the server's primiera referee shows for the query (views._render_primiera)."""
    form = referee.PrimieraRefereeForm.from_query(query)
    words = referee.PageWords()
    read = form.query()
    shown = rulings.primiera_verdicts(read, words)
    return {
        "verdict": rulings.verdict_html(shown, words, referee.rules_url(read.kind), on_table=False),
        "bar": rulings.verdict_bar_html(shown, words),
        "counts": [len(cards) for cards in read.taken],
        "kind": read.kind,
        "names": list(read.names),
    }


def server_captures(query: Mapping[str, str]) -> dict[str, object]:
    """What the server's capture referee shows for the query (views.referee_capture)."""
    read = referee.CaptureRefereeForm.from_query(query).query()
    url = referee.rules_url(referee.KIND_CAPTURES)
    return {
        "ruling": rulings.ruling_html(read, referee.PageWords(), url),
        "counts": [len(read.table), len(read.played)],
    }


def phone(kind: str, query: Mapping[str, str]) -> dict[str, object]:
    """What the phone shows for the same fields: through JSON, as they cross from the page."""
    page = referee.offline_words(referee.PageWords())
    return json.loads(rulings.answer_json(kind, json.dumps(list(query.items())), page))  # type: ignore[no-any-return]


def check_primiera(query: Mapping[str, str]) -> None:
    default_names = [str(name) for name in referee.DEFAULT_NAMES]
    assert read_primiera(query, default_names) == (
        referee.PrimieraRefereeForm.from_query(query).query()
    )
    assert phone("primiera", query) == server_primiera(query)


def check_captures(query: Mapping[str, str]) -> None:
    assert read_captures(query) == referee.CaptureRefereeForm.from_query(query).query()
    assert phone("captures", query) == server_captures(query)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("query", PRIMIERA_EXAMPLES)
def test_the_phone_reads_and_judges_a_primiera_as_the_server(
    query: dict[str, str], language: str
) -> None:
    with translation.override(language):
        check_primiera(query)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("query", CAPTURE_EXAMPLES)
def test_the_phone_reads_and_judges_a_capture_as_the_server(
    query: dict[str, str], language: str
) -> None:
    with translation.override(language):
        check_captures(query)


def test_the_examples_reach_every_kind_of_verdict() -> None:
    """The examples above are worth their time: each sentence they should show, shown."""
    shown = " ".join(str(server_primiera(query)["verdict"]) for query in PRIMIERA_EXAMPLES)
    for words in (
        "beats Side A 76",
        "Bob lacks Bastoni, so Ann&#x27;s complete primiera",
        "The two conventions disagree here",
        "Cy (2)",
        "Prime sums:",
        "Most sevens",
        "Tap the cards each side took",
    ):
        assert words in shown
    ruled = " ".join(str(server_captures(query)["ruling"]) for query in CAPTURE_EXAMPLES)
    for words in (
        "must take this",
        "or stay on the table",
        "the last card of a hand never makes a scopa",
        "the final trick taken is not a scopa",
        "make 15",
        "Cirulla: a played ace",
        "Only one card is played at a time",
        "The matta counts as 5, as it was declared, for the whole hand.",
        "The matta counts as 1, as it was declared",
        "10 and the played 5 make 15.",
        "No single 7 on the table, so the sum 5 + 2 is allowed.",
    ):
        assert words in ruled


def test_every_word_the_phone_needs_is_written_out_translated() -> None:
    single, plural = rulings.messages()
    assert "Point to %(side)s" in single
    assert "Side A" in single
    assert "The matta counts as %(value)s, as it was declared, for the whole hand." in single
    assert tuple(one for one, _many in plural if "choice" in one) == (
        "%(card)s has %(count)s choice; the player picks one:",
    )
    with translation.override("it"):
        page = json.loads(referee.offline_words(referee.PageWords()))
    # Every message has its Italian translation (tests/test_translations.py checks each).
    untranslated = [message for message in single if page["texts"][message] == message]
    assert set(untranslated) <= {"%(label)s: %(value)s", "%(items)s and %(last)s"} | {
        message for message in single if "%" not in message and len(message) < 3
    }
    assert page["faces"]["7D"][3] == "7 di Denari"
    matta = page["texts"]["The matta counts as %(value)s, as it was declared, for the whole hand."]
    assert matta.startswith("La matta vale %(value)s")


NAMES = ["Ann", " Ann", "Ann ", "", "   ", "x" * 40, "x" * 41, "B\x00b"]
VALUES = ["", "0", "1", "2", "3", "4", "on", "false", "FALSE"]
PRIMIERA_VALUES = [*VALUES, "primiera", "primes", "best-partial", "void", "sum", "most-sevens"]
# A few cards, so that taps meet: every rank of two suits.
CARDS = [f"card_{card.code}" for card in DECK if card.code[-1] in "DS"]


# Whitespace the forms strip, a NUL they refuse, letters of every width.
SOME_TEXT = st.text(alphabet=" \t\u3000\x00aAé日1", max_size=6)


def queries(keys: list[str], values: list[str]) -> st.SearchStrategy[dict[str, str]]:
    value = st.one_of(st.sampled_from(values), SOME_TEXT)
    return st.dictionaries(st.sampled_from(keys), value, max_size=14)


@given(
    query=st.one_of(
        queries([*CARDS, "kind", "sides", "rule", "prime_rule", "junk"], PRIMIERA_VALUES),
        st.tuples(
            queries([*CARDS, "sides"], ["0", "1", "2", "3", "4"]),
            st.dictionaries(
                st.sampled_from([f"name_{index}" for index in range(4)]),
                st.one_of(st.sampled_from(NAMES), SOME_TEXT),
                max_size=4,
            ),
        ).map(lambda parts: parts[0] | parts[1]),
    ),
    language=st.sampled_from(LANGUAGES),
)
def test_any_primiera_query_is_read_and_judged_alike(query: dict[str, str], language: str) -> None:
    with translation.override(language):
        check_primiera(query)


MATTA_VALUES = [*MATTA_DECLARED, MATTA.rank.value]


def cirulla_with_the_matta() -> st.SearchStrategy[dict[str, str]]:
    """A Cirulla query with the matta on the table or played, declared (or not, or as no form
    takes it)."""
    fixed = st.fixed_dictionaries(
        {
            "variant": st.just("cirulla"),
            f"card_{MATTA.code}": st.sampled_from(["0", "1"]),
            "matta": st.one_of(st.sampled_from(MATTA_VALUES), SOME_TEXT),
        }
    )
    return st.tuples(queries(CARDS, ["0", "1"]), fixed).map(lambda parts: parts[0] | parts[1])


@given(
    query=st.one_of(
        queries(
            [*CARDS, f"card_{MATTA.code}", "variant", "matta", *CAPTURE_FLAGS],
            [*VALUES, *VARIANTS, *MATTA_VALUES],
        ),
        cirulla_with_the_matta(),
    ),
    language=st.sampled_from(LANGUAGES),
)
def test_any_capture_query_is_read_and_judged_alike(query: dict[str, str], language: str) -> None:
    with translation.override(language):
        check_captures(query)
