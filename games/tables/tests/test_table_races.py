"""Phones racing on one table, for real: threads with their own database connections, released
at once. Nothing is stored twice, no edit is lost silently, and nobody gets a server error.

The figures (tries, anomalies) are printed with ``-s``; the assertions hold them at zero.
"""

from __future__ import annotations

import threading
from collections import Counter
from functools import partial

import pytest
from django.db import connection

from games.models import Round, RoundPoints, Table, TableChange
from games.scoring import EntryError
from games.tables import services as table_services
from games.tables import write_path as table_write_path
from tests.clubs import home_club
from tests.concurrency import at_once_answers
from tests.factories import points_entry

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 8
TRIES = 25


def fresh_table() -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )


def report(name: str, outcomes: Counter[str], anomalies: int) -> None:
    print(f"\n{name} on {connection.vendor}: {sum(outcomes.values())} tries, {dict(outcomes)}")
    print(f"{name}: {anomalies} anomalies")


def test_the_same_hand_token_from_many_phones_is_stored_once() -> None:
    outcomes: Counter[str] = Counter()
    anomalies = 0
    for attempt in range(TRIES):
        table = fresh_table()
        token = f"retry-token-{attempt:04d}"
        answers = at_once_answers(
            [
                partial(
                    table_services.round_record,
                    table,
                    points_entry(Ann=1, Bob=0),
                    version=0,
                    token=token,
                )
            ]
            * PHONES
        )
        outcomes.update(kind for kind, _value in answers)
        hands = {value.pk for kind, value in answers if kind == "ok"}
        stored = Round.objects.filter(table=table).count()
        anomalies += stored != 1 or len(hands) != 1 or any(k != "ok" for k, _v in answers)
    report("same token", outcomes, anomalies)
    assert anomalies == 0
    assert set(outcomes) == {"ok"}


def test_phones_saving_from_the_same_page_store_one_hand_and_the_others_are_told() -> None:
    outcomes: Counter[str] = Counter()
    anomalies = 0
    for attempt in range(TRIES):
        table = fresh_table()
        answers = at_once_answers(
            [
                partial(
                    table_services.round_record,
                    table,
                    points_entry(Ann=1, Bob=0),
                    version=0,
                    token=f"phone-{attempt}-{phone}",
                )
                for phone in range(PHONES)
            ]
        )
        kinds = Counter(kind for kind, _value in answers)
        outcomes.update(kinds)
        stored = Round.objects.filter(table=table).count()
        anomalies += kinds != Counter({"ok": 1, "StaleWrite": PHONES - 1}) or stored != 1
    report("same page", outcomes, anomalies)
    assert anomalies == 0


def test_phones_editing_one_hand_from_the_same_page_never_lose_an_edit_silently() -> None:
    outcomes: Counter[str] = Counter()
    anomalies = 0
    for _attempt in range(TRIES):
        table = fresh_table()
        hand = table_services.round_record(table, points_entry(Ann=1, Bob=0))
        answers = at_once_answers(
            [
                partial(table_services.round_update, hand, points_entry(Ann=ann, Bob=0), version=1)
                for ann in range(2, 2 + PHONES)
            ]
        )
        kinds = Counter(kind for kind, _value in answers)
        outcomes.update(kinds)
        winner = next(value for kind, value in answers if kind == "ok")
        stored = Round.objects.get(pk=hand.pk)
        anomalies += (
            kinds != Counter({"ok": 1, "StaleWrite": PHONES - 1})
            or stored.entry != winner.entry
            or Table.objects.get(pk=table.pk).version != 2
        )
    report("same hand edited", outcomes, anomalies)
    assert anomalies == 0


def test_phones_deleting_one_hand_delete_it_once_without_a_crash() -> None:
    outcomes: Counter[str] = Counter()
    anomalies = 0
    for _attempt in range(TRIES):
        table = fresh_table()
        first = table_services.round_record(table, points_entry(Ann=1, Bob=0))
        table_services.round_record(table, points_entry(Ann=2, Bob=0))
        answers = at_once_answers([partial(table_services.round_delete, first, version=2)] * PHONES)
        kinds = Counter(kind for kind, _value in answers)
        outcomes.update(kinds)
        left = list(Round.objects.filter(table=table))
        anomalies += kinds != Counter({"ok": 1, "StaleWrite": PHONES - 1}) or [
            (r.number, r.entry["points"]["Ann"]) for r in left
        ] != [(1, 2)]
    report("same hand deleted", outcomes, anomalies)
    assert anomalies == 0


def test_phones_recording_edits_and_deletes_at_once_keep_a_valid_table() -> None:
    """Each phone reads the version and then writes, many times over: whatever interleaving
    the database chooses, every acknowledged write is in the log once, the stored hands are
    numbered without gaps and each has its points."""
    table = fresh_table()
    acknowledged: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    lock = threading.Lock()

    def phone(seed: int) -> None:
        for step in range(10):
            current = Table.objects.get(pk=table.pk)
            hands = list(current.rounds.all())
            try:
                if hands and (seed + step) % 3 == 0:
                    table_services.round_delete(hands[0], version=current.version)
                    kind = "deleted"
                elif hands and (seed + step) % 3 == 1:
                    table_services.round_update(
                        hands[-1], points_entry(Ann=seed, Bob=step), version=current.version
                    )
                    kind = "edited"
                else:
                    table_services.round_record(
                        current,
                        points_entry(Ann=0, Bob=1),
                        version=current.version,
                        token=f"mixed-{seed}-{step}-token",
                    )
                    kind = "recorded"
            except (table_write_path.StaleWrite, Round.DoesNotExist, EntryError) as error:
                with lock:
                    refused[type(error).__name__] += 1
            else:
                with lock:
                    acknowledged[kind] += 1

    answers = at_once_answers([partial(phone, seed) for seed in range(PHONES)])

    assert [kind for kind, _value in answers] == ["ok"] * PHONES
    logged = Counter(TableChange.objects.filter(table=table).values_list("kind", flat=True))
    assert logged == acknowledged
    numbers = list(Round.objects.filter(table=table).values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    assert RoundPoints.objects.filter(round__table=table).count() == 2 * len(numbers)
    assert Table.objects.get(pk=table.pk).version == sum(acknowledged.values())
    print(f"\nmixed writes on {connection.vendor}: {dict(acknowledged)} stored, {dict(refused)}")


# -- fifty phones at a club evening, through the pages -----------------------------------------


def test_fifty_phones_saving_at_once_through_the_pages_get_no_error() -> None:
    """Fifty tables, one phone each, all pressing Save at the same moment: every save is
    answered and stored, on the embedded SQLite as on PostgreSQL."""

    from tests.pages import inputs, signed_in_client, table_url

    tables = [fresh_table() for _phone in range(50)]
    phones = [signed_in_client() for _table in tables]
    forms = [
        {**inputs(phone.get(table_url(table))).values, "mode": "points", "points_0": "1"}
        for phone, table in zip(phones, tables, strict=True)
    ]

    answers = at_once_answers(
        [
            partial(phone.post, table_url(table), form)
            for phone, table, form in zip(phones, tables, forms, strict=True)
        ]
    )

    statuses = Counter(value.status_code if kind == "ok" else kind for kind, value in answers)
    report("fifty phones", statuses, sum(count for code, count in statuses.items() if code != 302))
    assert statuses == Counter({302: 50})
    assert [table.rounds.count() for table in tables] == [1] * 50
