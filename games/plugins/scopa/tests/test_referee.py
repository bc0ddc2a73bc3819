"""The referees and rules pages: verdicts from the examples in the rules
(games/plugins/scopa/rules.md, pirate-scopa.md), fragments, "Why?"."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import captures_entry, points_entry
from tests.pages import hand_id

pytestmark = pytest.mark.django_db

PRIMIERA = reverse("scopa:referee_primiera")
CAPTURES = reverse("scopa:referee_capture")


def text(response: object) -> str:
    """The page as a reader sees it: tags dropped, entities decoded, spaces collapsed."""
    body = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def sides(*by_side: str) -> dict[str, str]:
    """Referee query data: ``sides("7D 7C", "7S")`` gives the cards to side 0 and side 1."""
    data = {"sides": str(max(len(by_side), 2))}
    for index, codes in enumerate(by_side):
        for code in codes.split():
            data[f"card_{code}"] = str(index)
    return data


def verdict_section(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    start = body.index('id="verdict"')
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body[start:])).split())


# -- primiera -------------------------------------------------------------------------------------


def test_empty_referee_shows_the_grid_and_asks_for_cards(client: Client) -> None:
    response = client.get(PRIMIERA)

    assert response.status_code == 200
    assert response.content.decode().count('class="card"') == 40
    assert "Tap the cards each side took to see who wins the primiera." in text(response)


def test_rule_text_example_78_beats_76(client: Client) -> None:
    # games/plugins/scopa/rules.md §4: "7 + 7 + 6 + ace = 76 loses to 7 + 7 + 6 + 6 = 78."
    response = client.get(PRIMIERA, sides("7D 7C 6S AB", "7S 7B 6D 6C"))

    verdict = verdict_section(response)
    assert "Point to Side B" in verdict
    assert "Every side has all four suits; Side B's 78 beats Side A 76." in verdict
    # Both conventions agree, so only one verdict is shown.
    assert "House rule (incomplete is void)" not in verdict


def test_complete_primiera_beats_a_higher_incomplete_one_with_the_reason(client: Client) -> None:
    # games/plugins/scopa/rules.md §4: "three fanti and a 7 (51) beat three 7s missing a suit" (63).
    data = {**sides("JD JC JS 7B", "7D 7C 7S"), "name_0": "Ann", "name_1": "Bob"}

    verdict = verdict_section(client.get(PRIMIERA, data))

    assert "Point to Ann" in verdict
    assert (
        "Bob lacks Bastoni, so Ann's complete primiera (51) wins although Bob sums higher (63)."
        in verdict
    )


def test_nobody_complete_shows_both_conventions_with_the_tables_first(client: Client) -> None:
    data = {**sides("7D 7C 7S", "6D 6C"), "rule": "void"}

    verdict = verdict_section(client.get(PRIMIERA, data))

    house = verdict.index("House rule (incomplete is void)")
    rule_text = verdict.index("Rule text (best partial sum)")
    assert house < rule_text
    assert "Nobody scores it" in verdict
    assert "nobody scores it." in verdict
    assert "the best partial sum wins: Side A with 63." in verdict
    assert "The two conventions disagree here" in verdict


def test_equal_complete_sums_score_nothing(client: Client) -> None:
    verdict = verdict_section(client.get(PRIMIERA, sides("7D 6C 7S 6B", "6D 7C 6S 7B")))

    assert "Side A and Side B tie at 78, so nobody scores the primiera." in verdict


def test_four_sides_and_names(client: Client) -> None:
    data = {
        **sides("7D 7C 7S 7B", "6D 6C 6S 6B", "AD AC", "5S"),
        "sides": "4",
        "name_2": "Cy",
    }

    response = client.get(PRIMIERA, data)

    verdict = verdict_section(response)
    assert "Point to Side A" in verdict
    assert "Cy lacks Spade and Bastoni" in verdict
    assert "Side D lacks Denari, Coppe and Bastoni" in verdict


def test_pirate_primes_show_sums_and_the_most_sevens_rule_when_they_differ(
    client: Client,
) -> None:
    # games/plugins/scopa/pirate-scopa.md §4-§5: four 7s alone (28) lose to all the 2s, 3s and 5s
    # (40) on sums, but win on most sevens.
    small = " ".join(rank + suit for rank in "235" for suit in "DCSB")
    data = {**sides("7D 7C 7S 7B", small), "kind": "primes"}

    verdict = verdict_section(client.get(PRIMIERA, data))

    assert "Prime sums: Side A 28 and Side B 40: point to Side B." in verdict
    assert "Most sevens (sevens: Side A 4, Side B 0): point to Side A." in verdict


def test_htmx_tap_renders_the_verdict_and_the_bar_only(client: Client) -> None:
    response = client.get(
        PRIMIERA,
        sides("7D 7C 6S AB", "7S 7B 6D 6C"),
        headers={"HX-Request": "true", "HX-Target": "hand-form"},
    )

    body = response.content.decode()
    assert body.lstrip().startswith('<a id="verdict-bar"')
    assert 'hx-swap-oob="true"' in body
    assert 'id="verdict"' in body
    assert "<html" not in body
    assert 'class="card"' not in body
    # The side buttons' counters come with it, counted by the server.
    assert (
        '<span id="side-counts-0" class="side-pick-counts" hx-swap-oob="true">cards '
        '<span data-count-cards="0">4</span></span>'
    ) in body
    assert '<span data-count-cards="1">4</span>' in body


def test_the_referees_count_the_cards_on_the_side_buttons_without_javascript(
    client: Client,
) -> None:
    primiera = client.get(PRIMIERA, sides("7D 7C 6S", "7S")).content.decode()
    captures = client.get(CAPTURES, {**EXAMPLE_TABLE, "card_KD": "1"}).content.decode()

    assert '<span id="side-counts-0" class="side-pick-counts">cards ' in primiera
    assert '<span data-count-cards="0">3</span>' in primiera
    assert '<span data-count-cards="1">1</span>' in primiera
    table_cards = sum(value == "0" for value in EXAMPLE_TABLE.values())
    assert f'<span data-count-cards="0">{table_cards}</span> cards' in captures
    assert '<span data-count-cards="1">1</span> / 1' in captures
    for page in (primiera, captures):
        assert page.count('id="side-counts-0"') == page.count('id="side-counts-1"') == 1
        assert "hx-swap-oob" not in page


def verdict_bar(body: str) -> str:
    start = body.index('<a id="verdict-bar"')
    return body[start : body.index("</a>", start)]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_verdict_bar_holds_its_two_lines_whatever_the_verdict(
    client: Client, htmx: bool
) -> None:
    """Issue 18: the bar is sticky over the cards, so it keeps one height (CSS) and its words
    sit on two lines of their own, each cut short rather than wrapped."""
    headers = {"HX-Request": "true", "HX-Target": "hand-form"} if htmx else {}
    disagree = {**sides("7D 7C 7S", "JD JC JS"), "name_0": "Annabella Maria Rossi"}

    bar = verdict_bar(client.get(PRIMIERA, disagree, headers=headers).content.decode())
    agree = verdict_bar(
        client.get(PRIMIERA, sides("7D 7C 7S", "JD JC JS 7B"), headers=headers).content.decode()
    )

    assert re.search(r'class="verdict-bar-line">Point to Annabella Maria Rossi</span>', bar)
    assert re.search(r'"verdict-bar-line verdict-bar-note">the other convention disagrees<', bar)
    assert 'class="verdict-bar-line">Point to Side B</span>' in agree
    assert "verdict-bar-note" not in agree


def test_htmx_change_of_sides_redraws_the_form(client: Client) -> None:
    response = client.get(
        PRIMIERA, {"sides": "3"}, headers={"HX-Request": "true", "HX-Target": "referee"}
    )

    body = response.content.decode()
    assert body.lstrip().startswith('<div id="referee">')
    # Three shown; the fourth is there hidden, for the phone to show with no signal.
    buttons = re.findall(r'<button type="button" class="side-pick [^>]*>', body)
    assert [" hidden" in button for button in buttons] == [False, False, False, True]
    # The counters are in the form's buttons, not sent again out of band.
    assert body.count('id="side-counts-2"') == 1
    assert 'class="side-pick-counts" hx-swap-oob' not in body
    # The verdict comes along out of band, redrawn for the new sides.
    assert '<section id="verdict" hx-swap-oob="true"' in body
    assert body.count('id="verdict-bar"') == 1


def test_htmx_switch_to_primes_redraws_the_verdict_with_pirate_scopas_rules(
    client: Client,
) -> None:
    response = client.get(
        PRIMIERA,
        {**sides("7D", "5C"), "kind": "primes"},
        headers={"HX-Request": "true", "HX-Target": "referee"},
    )

    body = response.content.decode()
    verdict = body[body.index('<section id="verdict" hx-swap-oob="true"') :]
    pirate = reverse("games:rules_game", kwargs={"game": "pirate-scopa"})
    assert f'<a href="{pirate}#primiera">' in verdict
    assert "Primes taken" in verdict


# -- captures -------------------------------------------------------------------------------------

EXAMPLE_TABLE = {"card_AD": "0", "card_3C": "0", "card_6S": "0", "card_6C": "0", "card_NB": "0"}


def ruling(client: Client, played: str, **extra: str) -> str:
    response = client.get(CAPTURES, {**EXAMPLE_TABLE, f"card_{played}": "1", **extra})
    assert response.status_code == 200
    body = response.content.decode()
    return " ".join(
        html_lib.unescape(re.sub(r"<[^>]+>", " ", body[body.index('id="ruling"') :])).split()
    )


def test_rule_text_example_a_six_takes_either_six(client: Client) -> None:
    result = ruling(client, "6D")

    assert "6 of Denari has 2 choices; the player picks one:" in result
    assert "6 of Coppe A card of the same value" in result
    assert "6 of Spade A card of the same value" in result


def test_rule_text_example_a_knight_takes_the_knight_not_six_and_three(client: Client) -> None:
    result = ruling(client, "ND")

    assert "Cavallo of Denari must take this: Cavallo of Bastoni" in result
    assert "3 of Coppe + 6" not in result


def test_rule_text_example_a_king_takes_knight_and_ace_or_six_three_and_ace(
    client: Client,
) -> None:
    result = ruling(client, "KD")

    assert "Re of Denari has 3 choices" in result
    assert (
        "Ace of Denari + Cavallo of Bastoni No single 10 on the table, so the sum 1 + 9 is "
        "allowed." in result
    )
    assert "Ace of Denari + 3 of Coppe + 6 of Coppe" in result
    assert "Ace of Denari + 3 of Coppe + 6 of Spade" in result


def test_quindici_example_lists_only_captures_that_make_fifteen(client: Client) -> None:
    table = {"card_2D": "0", "card_3C": "0", "card_4S": "0", "card_5B": "0", "card_7D": "0"}
    response = client.get(CAPTURES, {**table, "card_3S": "1", "variant": "quindici"})

    result = text(response)
    assert "3 of Spade has 3 choices" in result
    assert "7 of Denari + 5 of Bastoni 7 + 5 and the played 3 make 15." in result
    assert "3 of Coppe + 4 of Spade + 5 of Bastoni 3 + 4 + 5 and the played 3 make 15." in result
    assert "2 of Denari + 7 of Denari + 3 of Coppe 2 + 7 + 3 and the played 3 make 15." in result
    # The German text's slip, 7 + 2, makes only 12 with the played 3 (games/plugins/scopa/rules.md
    # §7).
    assert "2 + 7 and the played" not in result


PIRATE_SWEEP = {"card_3C": "0", "card_4S": "0", "card_7D": "1", "variant": "pirate"}


def test_pirate_scopa_sweep_before_the_final_trick_is_a_scopa(client: Client) -> None:
    assert "It sweeps the table: scopa!" in text(client.get(CAPTURES, PIRATE_SWEEP))


@pytest.mark.parametrize("moment", ["final_trick", "last_card"])
def test_pirate_scopa_final_trick_clearing_the_table_is_no_scopa(
    client: Client, moment: str
) -> None:
    # games/plugins/scopa/pirate-scopa.md §6: the last trick of the round never scores a scopa, even
    # when it clears the table, whichever card made it.
    result = text(client.get(CAPTURES, {**PIRATE_SWEEP, moment: "on"}))

    assert "in Pirate Scopa the final trick taken is not a scopa" in result
    assert "scopa!" not in result


def test_the_final_trick_box_is_offered_on_the_capture_referee(client: Client) -> None:
    page = text(client.get(CAPTURES))

    assert "Pirate Scopa: this is the final trick taken in the round" in page


def test_a_sweep_is_a_scopa_except_with_the_last_card(client: Client) -> None:
    table = {"card_AD": "0", "card_AC": "0", "card_3S": "0", "card_5B": "0"}
    swept = text(client.get(CAPTURES, {**table, "card_KD": "1"}))
    last = text(client.get(CAPTURES, {**table, "card_KD": "1", "last_card": "on"}))

    assert "It sweeps the table: scopa!" in swept
    assert "the last card of a hand never makes a scopa" in last
    assert "scopa!" not in last


def test_scopa_d_assi_and_its_options(client: Client) -> None:
    table = {"card_AC": "0", "card_3S": "0", "card_5B": "0"}
    takes_all = text(client.get(CAPTURES, {**table, "card_AD": "1", "variant": "assi"}))
    only_ace = text(
        client.get(
            CAPTURES,
            {**table, "card_AD": "1", "variant": "assi", "ace_on_table_takes_only_ace": "on"},
        )
    )
    not_scopa = text(
        client.get(
            CAPTURES,
            {**table, "card_AD": "1", "variant": "assi", "ace_sweep_not_scopa": "on"},
        )
    )

    assert "Scopa d'Assi: a played ace takes every card on the table." in takes_all
    assert "It sweeps the table: scopa!" in takes_all
    assert "the played ace takes only that ace" in only_ace
    assert "at this table an ace sweep is not a scopa" in not_scopa


def test_a_card_that_takes_nothing_stays_on_the_table(client: Client) -> None:
    result = text(client.get(CAPTURES, {"card_KD": "0", "card_2S": "1"}))

    assert "2 of Spade takes nothing: it stays on the table." in result


def test_capture_rulings_name_figures_as_players_say_them(client: Client) -> None:
    result = ruling(client, "KD")

    assert "Re of Denari" in result
    assert "Cavallo of Bastoni" in result
    for letter_name in ("R Denari", "C Bastoni", "A Denari"):
        assert letter_name not in result


ACE_SWEEP = {"card_AC": "0", "card_3S": "0", "card_5B": "0", "card_AD": "1", "variant": "assi"}


def test_ace_sweep_checkbox_is_in_the_form_and_keeps_its_state(client: Client) -> None:
    def checkbox(query: dict[str, str]) -> str:
        body = client.get(CAPTURES, query).content.decode()
        start = body.index('id="hand-form"')
        form = body[start : body.index("</form>", start)]
        match = re.search(r'<input[^>]*name="ace_sweep_not_scopa"[^>]*>', form)
        assert match, "the checkbox is inside the form, so a GET and htmx both send it"
        return match.group(0)

    assert 'type="checkbox"' in checkbox({})
    assert "checked" not in checkbox(ACE_SWEEP)
    assert "checked" in checkbox({**ACE_SWEEP, "ace_sweep_not_scopa": "on"})


def test_ticking_ace_sweep_not_scopa_changes_the_ace_sweep_ruling(client: Client) -> None:
    def sweep(query: dict[str, str], **headers: str) -> str:
        return text(client.get(CAPTURES, query, headers=headers))

    assert "It sweeps the table: scopa!" in sweep(ACE_SWEEP)
    for headers in ({}, {"HX-Request": "true"}):
        ticked = sweep({**ACE_SWEEP, "ace_sweep_not_scopa": "on"}, **headers)
        assert "scopa!" not in ticked
        assert "at this table an ace sweep is not a scopa" in ticked


def test_referees_read_the_rules_link_goes_to_the_game_judged(client: Client) -> None:
    def rules_link(query: dict[str, str]) -> str:
        body = client.get(PRIMIERA, query).content.decode()
        match = re.search(r'<a href="([^"]*)">Read the rules</a>', body)
        assert match
        return match.group(1)

    pirate = reverse("games:rules_game", kwargs={"game": "pirate-scopa"})
    scopa = reverse("games:rules_game", kwargs={"game": "scopa"})
    assert rules_link({**sides("7D", "5C"), "kind": "primes"}) == f"{pirate}#primiera"
    assert rules_link(sides("7D", "5C")) == f"{scopa}#primiera"


def test_two_played_cards_are_refused_with_a_message(client: Client) -> None:
    result = text(client.get(CAPTURES, {"card_KD": "0", "card_2S": "1", "card_3S": "1"}))

    assert "Only one card is played at a time" in result


def test_htmx_capture_tap_renders_the_ruling_only(client: Client) -> None:
    response = client.get(
        CAPTURES, {**EXAMPLE_TABLE, "card_KD": "1"}, headers={"HX-Request": "true"}
    )

    body = response.content.decode()
    assert body.lstrip().startswith('<section id="ruling"')
    assert "<html" not in body
    # The side buttons' counters come with it, counted by the server.
    assert '<span data-count-cards="1">1</span> / 1</span>' in body
    assert body.count('hx-swap-oob="true"') == 2


# -- Why? on a hand -------------------------------------------------------------------------------


def test_every_scopa_hand_has_a_why_link_that_explains_its_cards(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="scopa",
        players=["Ann", "Bob"],
        options={"primiera_incomplete": "void"},
    )
    table_services.round_record(table, captures_entry("Ann", "Bob"))
    table_services.round_record(table, points_entry(Ann=1, Bob=2))
    page = client.get(reverse("games:table", kwargs={"table": table.public_id})).content.decode()

    for number in (1, 2):
        assert (
            reverse(
                "scopa:round_why", kwargs={"table": table.public_id, "hand": hand_id(table, number)}
            )
            in page
        )
    why = client.get(
        reverse("scopa:round_why", kwargs={"table": table.public_id, "hand": hand_id(table, 1)})
    )

    assert why.status_code == 200
    page_text = text(why)
    assert "Why? Hand 1" in page_text
    assert "Every point of this hand" in page_text
    assert "Primiera:" in page_text  # the hand's own explanation
    # The referee opens on the hand's cards, under the table's convention, with its sides.
    body = why.content.decode()
    assert len(re.findall(r'name="card_\w+" value="\d"[^>]*checked', body)) == 40
    assert re.search(r'name="rule" value="void"[^>]*checked', body)
    assert '<span class="side-pick-name">Ann</span>' in body
    assert '<span class="side-pick-name">Bob</span>' in body


def test_why_on_a_points_hand_opens_the_referee_empty(client: Client) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=1, Bob=2))

    why = client.get(
        reverse("scopa:round_why", kwargs={"table": table.public_id, "hand": hand_id(table, 1)})
    )

    assert why.status_code == 200
    assert "Points counted at the table: Ann 1, Bob 2." in text(why)
    assert "Tap the cards each side took to see who wins the primiera." in text(why)


def test_why_of_a_missing_hand_is_404(client: Client) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])

    response = client.get(
        reverse("scopa:round_why", kwargs={"table": table.public_id, "hand": "nohand"})
    )

    assert response.status_code == 404


# -- rules ----------------------------------------------------------------------------------------


def test_rules_index_lists_every_game_and_the_referees(client: Client) -> None:
    page = text(client.get(reverse("games:rules_index")))

    for name in ("Scopa", "Scopone", "Pirate Scopa"):
        assert name in page
    assert "Who wins the primiera?" in page
    assert "What may this card take?" in page


@pytest.mark.parametrize("game", ["scopa", "scopone", "pirate-scopa"])
def test_rules_page_shows_summary_defaults_and_every_option(client: Client, game: str) -> None:
    from games.scoring import get_game

    rules = get_game(game)
    page = text(client.get(reverse("games:rules_game", kwargs={"game": game})))

    assert "Scoring a hand" in page
    for spec in rules.option_specs:
        assert spec.label in page
    assert "default: 11" in page


def test_scopone_rules_say_scientifico_defaults_off(client: Client) -> None:
    page = text(client.get(reverse("games:rules_game", kwargs={"game": "scopone"})))

    assert "Scientifico default: off" in page


def test_unknown_game_rules_are_404(client: Client) -> None:
    assert client.get(reverse("games:rules_game", kwargs={"game": "hearts"})).status_code == 404


def test_rules_pages_of_the_other_games_show_their_defaults(client: Client) -> None:
    def page(game: str) -> str:
        return text(client.get(reverse("games:rules_game", kwargs={"game": game})))

    assert "default: 31" in page("ciapano")
    assert "default: Sauspiel 10, Wenz 50, Solo 50, Tout 180, Sie 540" in page("schafkopf")
    swoops = page("swoops")
    assert "default: 150" in swoops
    assert "default: none" in swoops  # no fixed number of rounds


@pytest.mark.parametrize(
    ("game", "phrase"),
    [
        ("scopa", "you may play a card that takes nothing"),
        ("scopone", "you may play a card that takes nothing"),
        ("scopa", "with an ace already on the table, a played ace takes only that ace"),
        ("scopa", "if aces are dealt to the table, the cards are dealt again"),
        ("scopone", "If three or four kings are dealt face up to the table"),
        ("schafkopf", "The bidding is a knockout"),
        ("schafkopf", "unless they hold three or more other cards of that suit"),
        ("pirate-scopa", "The 2s are ignored, and a tie still standing after the threes"),
        ("pirate-scopa", "if the final trick taken is also the only card or cards left"),
        ("pirate-scopa", "you may not lay a card on the table while you hold a card"),
        ("swoops", "the card with the highest point value starts"),
    ],
)
def test_rules_pages_show_issue_17_rules(client: Client, game: str, phrase: str) -> None:
    page = text(client.get(reverse("games:rules_game", kwargs={"game": game})))

    assert phrase in page
