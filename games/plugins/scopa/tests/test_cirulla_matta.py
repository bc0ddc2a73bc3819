"""Cirulla's matta in the captures (games/plugins/scopa/cirulla.md §5): declared at the deal as
any card, the 7 of Coppe keeps that value "durante tutto il gioco" (Gazzetta di Santa), played or
lying on the table; the capture referee asks for it, and the hand entry lets a side holding it
count one more ace sweep."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import assume, given
from hypothesis import strategies as st

from games.models import Round
from games.plugins.scopa.captures import CaptureRules, legal_captures
from games.plugins.scopa.engine import Cirulla, Scopa
from games.scoring import EntryError
from games.scoring.cards import DECK, MATTA, Card, Rank, parse_card
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import card_post_data
from tests.pages import HTMX, table_url

CODES = tuple(card.code for card in DECK)


def takes(table_cards: str, played: str, matta: Rank | None) -> list[tuple[str, list[str]]]:
    rules = CaptureRules(cirulla=True, matta=matta)
    cards = [parse_card(code) for code in table_cards.split()]
    return [
        (capture.kind, [card.code for card in capture.cards])
        for capture in legal_captures(cards, parse_card(played), rules)
    ]


# -- the sources' examples --------------------------------------------------------------------


def test_a_matta_declared_a_five_takes_and_is_taken_as_a_five_for_the_rest_of_the_hand() -> None:
    # Ann was dealt 5S, 5B and the matta and showed a buona da dieci, the matta a 5 ("può
    # attribuirgli un valore a scelta (che gli rimane durante tutto il gioco)").
    # Played later, it takes a 5, or the king for 15 (5 + 10) ...
    assert takes("5D KC", "7C", Rank.FIVE) == [("single", ["5D"]), ("fifteen", ["KC"])]
    # ... where the 7 it is would take nothing (7 + 5 and 7 + 10 make no 15).
    assert takes("5D KC", "7C", None) == []
    # Lying on the table it is a 5: a played 5 takes it, a 7 does not.
    assert takes("7C 2S", "5C", Rank.FIVE) == [("single", ["7C"])]
    assert takes("7C 2S", "7D", Rank.FIVE) == [("sum", ["7C", "2S"])]
    assert takes("7C 2S", "7D", None) == [("single", ["7C"])]


def test_a_matta_declared_an_ace_is_an_ace_that_sweeps_and_that_stops_a_sweep() -> None:
    # Ann's low hand, the matta an ace with 2 and 3 (6, "somma 9 o meno"): played on a table
    # holding no ace, it takes every card as an ace does; with an ace there, only that ace.
    assert takes("KD 3C", "7C", Rank.ACE) == [("ace-takes-all", ["KD", "3C"])]
    assert takes("AD 3C", "7C", Rank.ACE) == [("single", ["AD"])]
    # On the table it is an ace, so a played ace takes it and not the whole table.
    assert takes("7C KD", "AS", Rank.ACE) == [("single", ["7C"])]
    assert takes("7C KD", "AS", None) == [("ace-takes-all", ["KD", "7C"])]


def test_only_cirulla_has_a_matta() -> None:
    scopa = CaptureRules(matta=Rank.FIVE)
    assert [c.cards for c in legal_captures([MATTA], parse_card("7D"), scopa)] == [(MATTA,)]


# -- a property ---------------------------------------------------------------------------------


@st.composite
def plays(draw: st.DrawFn) -> tuple[list[Card], Card, Rank]:
    """A table and a played card among which the matta is, and the rank it was declared."""
    others = [card for card in DECK if card != MATTA]
    chosen = draw(st.lists(st.sampled_from(others), min_size=1, max_size=9, unique=True))
    cards = [*chosen, MATTA]
    cards = draw(st.permutations(cards))
    return cards[1:], cards[0], draw(st.sampled_from([rank for rank in Rank if rank != "7"]))


@given(plays())
def test_property_a_declared_matta_captures_as_the_card_it_stands_for(
    play: tuple[list[Card], Card, Rank],
) -> None:
    """The matta declared as a rank gives the very captures a card of that rank would, in its
    place (a card of that rank not in play: the matta stands for a fifth one)."""
    table, played, rank = play
    spare = [card for card in DECK if card.rank is rank and card not in (played, *table)]
    assume(spare)
    stand_in = spare[0]

    def swap(card: Card) -> Card:
        return stand_in if card == MATTA else card

    with_matta = legal_captures(table, played, CaptureRules(cirulla=True, matta=rank))
    plain = legal_captures([swap(c) for c in table], swap(played), CaptureRules(cirulla=True))
    as_found = {(c.kind, frozenset(map(swap, c.cards)), c.sweeps, c.total) for c in with_matta}
    assert as_found == {(c.kind, frozenset(c.cards), c.sweeps, c.total) for c in plain}
    assert len(with_matta) == len(plain)


# -- the hand entry ----------------------------------------------------------------------------


def test_a_side_holding_the_matta_may_make_one_ace_sweep_more_than_its_aces() -> None:
    # Ann took the four aces and the matta: the matta declared an ace sweeps as a fifth.
    ann = ["AD", "AC", "AS", "AB", MATTA.code, *[c for c in CODES if c[0] in "KN"]]
    entry = {"captures": {"Ann": ann}, "ace_sweeps": {"Ann": 5}}
    cirulla = Cirulla()
    setup = cirulla.setup(["Ann", "Bob"], {})
    assert cirulla.score_round(entry, setup).points["Ann"] >= 5
    with pytest.raises(EntryError, match=r"than the aces taken \(4\) and the matta allow"):
        cirulla.score_round({**entry, "ace_sweeps": {"Ann": 6}}, setup)
    without = [c for c in ann if c != MATTA.code]
    with pytest.raises(EntryError, match=r"than the aces taken \(4\)$"):
        cirulla.score_round({**entry, "captures": {"Ann": without}}, setup)
    # Scopa d'Assi has no matta: the 7 of Coppe is a 7 there.
    scopa = Scopa()
    assi = scopa.setup(["Ann", "Bob"], {"scopa_d_assi": True})
    with pytest.raises(EntryError, match=r"than the aces taken \(4\)$"):
        scopa.score_round(entry, assi)


# -- the referee --------------------------------------------------------------------------------


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.mark.django_db
def test_the_capture_referee_asks_what_the_matta_was_declared_and_rules_by_it(
    client: Client,
) -> None:
    url = reverse("scopa:referee_capture")
    query = {"variant": "cirulla", "card_5D": "0", "card_KC": "0", "card_7C": "1"}
    as_seven = text(client.get(url, query))
    assert "Nothing: it is a 7" in as_seven
    assert "takes nothing: it stays on the table" in as_seven

    as_five = text(client.get(url, {**query, "matta": "5"}))
    assert "The matta counts as 5, as it was declared, for the whole hand." in as_five
    assert "has 2 choices" in as_five
    assert "10 and the played 5 make 15." in as_five

    # Declared under other rules, it is the 7 it is, and nothing mentions it.
    scopa = text(client.get(url, {**query, "variant": "standard", "matta": "5"}))
    assert "takes nothing" in scopa
    assert "The matta counts" not in scopa

    italian = text(client.get(url, {**query, "matta": "A"}, HTTP_ACCEPT_LANGUAGE="it"))
    assert "La matta vale 1" in italian


@pytest.mark.django_db
def test_the_hand_form_takes_the_matta_s_ace_sweep_and_refuses_one_more(client: Client) -> None:
    made = table_services.table_create(club=home_club(), game="cirulla", players=["Ann", "Bob"])
    ann = ["AD", "AC", "AS", "AB", MATTA.code, *[c for c in CODES if c[0] in "KN"]]
    form = card_post_data(["Ann", "Bob"], {"Ann": ann, "Bob": [c for c in CODES if c not in ann]})
    refused = client.post(table_url(made), {**form, "ace_sweeps_0": "6"}, **HTMX)
    assert refused.status_code == 422
    assert not Round.objects.filter(table=made).exists()

    saved = client.post(table_url(made), {**form, "ace_sweeps_0": "5"})
    assert saved.status_code == 302
    assert Round.objects.get(table=made).entry["ace_sweeps"] == {"Ann": 5, "Bob": 0}


@pytest.mark.django_db
def test_the_rules_page_says_what_the_matta_does_in_the_captures(client: Client) -> None:
    rules = text(client.get(reverse("games:rules_game", args=["cirulla"])))
    assert "A matta shown in a declaration keeps the value it was given in every capture" in rules
    assert "four table cards adding up to 9 or less: enter them as scopas too" in rules
    german = text(
        client.get(reverse("games:rules_game", args=["cirulla"]), HTTP_ACCEPT_LANGUAGE="de")
    )
    assert "Als Ass angesagt, ist sie ein Ass" in german
