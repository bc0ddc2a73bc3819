"""Tables stored before 1 and 119 card points were refused (issue 34; rules.md §1) are never
stuck: a stored hand holding them keeps scoring as it did when a change before it replays it
(grandfathered), while an entry being written (a new hand, an edit of that hand, a scoresheet
import) is refused them with the clear message."""

from __future__ import annotations

import pytest

from games.models import Round, Table
from games.scoring import EntryError, get_game, score_table
from games.tables import services as table_services
from tests.clubs import home_club

GAME = get_game("schafkopf")
FOUR = ("Ann", "Bob", "Cy", "Di")
REFUSED_119 = (
    "no side can take 1 or 119 card points, as no card is worth 1: the declarer side has 119"
)


def sauspiel(points: int) -> dict[str, object]:
    return {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "declarer_points": points}


def solo(points: int) -> dict[str, object]:
    return {"contract": "solo", "declarer": "Bob", "suit": "gras", "declarer_points": points}


def old_table(**options: object) -> tuple[Table, list[Round]]:
    """A table as an old version stored it: hand 2 a Solo with 119 card points (written below
    the service, as the refusal did not exist then; it scored as the won Schneider it is)."""
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=list(FOUR), options=options
    )
    hands = [
        table_services.round_record(table, sauspiel(70)),
        table_services.round_record(table, solo(110)),
        table_services.round_record(table, sauspiel(40)),
    ]
    Round.objects.filter(pk=hands[1].pk).update(entry=solo(119))
    return table, hands


def problems_of(error: pytest.ExceptionInfo[EntryError]) -> list[str]:
    return [problem.text() for problem in error.value.problems]


@pytest.mark.django_db
def test_editing_an_earlier_hand_replays_the_stored_119_as_it_scored() -> None:
    table, hands = old_table()

    table_services.round_update(hands[0], sauspiel(95))

    table.refresh_from_db()
    solo_hand = Round.objects.get(pk=hands[1].pk)
    assert solo_hand.entry["declarer_points"] == 119
    assert solo_hand.breakdown["declarer_points"] == 119
    assert solo_hand.breakdown["schneider"] is True
    # Sauspiel 95 won Schneider: 20 each; Solo won Schneider: 60 from each; Sauspiel 40 lost: 10.
    assert table.tally is not None
    assert table.tally["totals"] == {"Ann": -50, "Bob": -20 + 180 + 10, "Cy": -50, "Di": -70}


@pytest.mark.django_db
def test_deleting_an_earlier_hand_keeps_the_stored_119() -> None:
    table, hands = old_table()

    table_services.round_delete(hands[0])

    assert Round.objects.get(pk=hands[1].pk).number == 1
    table.refresh_from_db()
    assert table.hands_played == 2


@pytest.mark.django_db
def test_editing_the_119_hand_itself_refuses_119_and_takes_110() -> None:
    table, hands = old_table()
    version = Table.objects.get(pk=table.pk).version

    with pytest.raises(EntryError) as refused:
        table_services.round_update(Round.objects.get(pk=hands[1].pk), solo(119))
    assert problems_of(refused) == [REFUSED_119]
    assert Table.objects.get(pk=table.pk).version == version

    table_services.round_update(Round.objects.get(pk=hands[1].pk), solo(110))
    assert Round.objects.get(pk=hands[1].pk).entry["declarer_points"] == 110


@pytest.mark.django_db
def test_a_new_hand_with_1_is_still_refused_at_an_old_table() -> None:
    table, _hands = old_table()

    with pytest.raises(EntryError) as refused:
        table_services.round_record(table, sauspiel(1))

    assert "the declarer side has 1" in problems_of(refused)[0]


@pytest.mark.django_db
def test_a_stored_ramsch_with_a_player_on_1_is_grandfathered_too() -> None:
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=list(FOUR), options={"ramsch": True}
    )
    first = table_services.round_record(table, sauspiel(70))
    ramsch = table_services.round_record(
        table, {"contract": "ramsch", "card_points": {"Ann": 69, "Bob": 49, "Cy": 2}}
    )
    Round.objects.filter(pk=ramsch.pk).update(
        entry={"contract": "ramsch", "card_points": {"Ann": 69, "Bob": 50, "Cy": 1}}
    )

    table_services.round_update(first, sauspiel(80))

    assert Round.objects.get(pk=ramsch.pk).breakdown["card_points"]["Cy"] == 1


def test_a_scoresheet_with_119_is_new_input_and_refused() -> None:
    # An old export holding 119 is refused on import, by hand number, with the clear message:
    # the scoresheet is entered again, and 120 (or 110) is what the players meant.
    with pytest.raises(EntryError) as refused:
        score_table(GAME, GAME.setup(list(FOUR), {}), [sauspiel(70), solo(119)])

    assert [problem.round_number for problem in refused.value.problems] == [2]
    assert problems_of(refused) == [f"round 2: {REFUSED_119}"]
