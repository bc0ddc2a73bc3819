"""Settling an evening: worked examples, and properties checked against a brute force."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.standings import settlement
from games.standings.settlement import Payment, minimum_payments, settle, zero_sum_groups

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo")


def after(balances: Mapping[str, int], payments: Sequence[Payment]) -> dict[str, int]:
    """Each balance once the payments are made: a payer's debt shrinks, a payee is paid."""
    left = dict(balances)
    for payment in payments:
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
    return left


def partitions(items: Sequence[str]) -> Iterator[list[list[str]]]:
    """Every way to split ``items`` into non-empty groups."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in partitions(rest):
        yield [[first], *split]
        for index in range(len(split)):
            yield [*split[:index], [first, *split[index]], *split[index + 1 :]]


def brute_force_minimum(balances: Mapping[str, int]) -> int:
    """People minus the most zero-sum groups, over every split of the people."""
    people = [name for name, cents in balances.items() if cents]
    most = max(
        len(split)
        for split in partitions(people)
        if all(sum(balances[name] for name in group) == 0 for group in split)
    )
    return len(people) - most


@st.composite
def zero_sum_balances(
    draw: st.DrawFn, max_people: int = len(NAMES), amounts: int = 100_000
) -> dict[str, int]:
    """Balances that sum to zero; the last person takes what the others leave."""
    count = draw(st.integers(min_value=0, max_value=max_people))
    names = draw(st.permutations(NAMES))[:count]
    if not names:
        return {}
    values = draw(
        st.lists(
            st.integers(min_value=-amounts, max_value=amounts),
            min_size=count - 1,
            max_size=count - 1,
        )
    )
    return {**dict(zip(names, values, strict=False)), names[-1]: -sum(values)}


# -- worked examples ------------------------------------------------------------------------------


def test_nobody_owes_anything_means_no_payments() -> None:
    assert settle({}) == ()
    assert settle({"Ann": 0, "Bob": 0}) == ()


def test_two_players_one_payment() -> None:
    assert settle({"Ann": 340, "Bob": -340}) == (Payment("Bob", "Ann", 340),)


def test_one_winner_is_paid_by_everybody_else() -> None:
    payments = settle({"Ann": 900, "Bob": -300, "Cy": -200, "Di": -400})

    assert payments == (
        Payment("Bob", "Ann", 300),
        Payment("Cy", "Ann", 200),
        Payment("Di", "Ann", 400),
    )


def test_two_separate_groups_save_a_payment_over_the_plain_greedy() -> None:
    # Bob + Di = Eve's debt and Ann + Cy = Fay's: two groups of three, so 6 - 2 = 4 payments.
    # Largest debtor to largest creditor over everybody at once would need 5.
    balances = {"Ann": 400, "Bob": 500, "Cy": 400, "Di": 200, "Eve": -700, "Fay": -800}

    payments = settle(balances)

    assert payments == (
        Payment("Eve", "Bob", 500),
        Payment("Eve", "Di", 200),
        Payment("Fay", "Ann", 400),
        Payment("Fay", "Cy", 400),
    )
    assert len(settlement._settle_greedily(balances)) == 5
    assert zero_sum_groups(balances) == (("Ann", "Cy", "Fay"), ("Bob", "Di", "Eve"))


def test_exact_opposites_pay_each_other() -> None:
    payments = settle({"Ann": 250, "Bob": -250, "Cy": 100, "Di": -60, "Eve": -40})

    assert Payment("Bob", "Ann", 250) in payments
    assert len(payments) == 3


def test_greedy_breaks_ties_by_name() -> None:
    # Bob and Cy owe the same: Bob, first by name, pays first; the order of the input is moot.
    forward = settle({"Ann": 200, "Bob": -100, "Cy": -100})
    backward = settle({"Cy": -100, "Bob": -100, "Ann": 200})

    assert forward == backward == (Payment("Bob", "Ann", 100), Payment("Cy", "Ann", 100))


def test_unbalanced_input_is_rejected() -> None:
    with pytest.raises(ValueError, match="add up to zero, not 10"):
        settle({"Ann": 100, "Bob": -90})


def test_a_payment_is_positive_and_between_two_people() -> None:
    with pytest.raises(ValueError, match="more than zero"):
        Payment("Ann", "Bob", 0)
    with pytest.raises(ValueError, match="cannot pay themselves"):
        Payment("Ann", "Ann", 100)


def test_beyond_the_exact_limit_the_greedy_still_settles_in_n_minus_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(settlement, "EXACT_UP_TO", 3)
    balances = {"Ann": 400, "Bob": 500, "Cy": 400, "Di": 200, "Eve": -700, "Fay": -800}

    payments = settle(balances)

    # Without the exact search the two groups go unnoticed: 5 payments, still n - 1.
    assert len(payments) == 5
    assert set(after(balances, payments).values()) == {0}


def test_sixteen_people_are_settled_exactly_and_quickly() -> None:
    rng = random.Random(16)
    amounts = [rng.randrange(1, 10_000) * rng.choice((1, -1)) for _ in range(15)]
    balances = dict(zip((f"P{i:02}" for i in range(16)), [*amounts, -sum(amounts)], strict=True))

    started = time.perf_counter()
    payments = settle(balances)
    elapsed = time.perf_counter() - started

    assert set(after(balances, payments).values()) == {0}
    assert len(payments) == minimum_payments(balances) <= 15
    # Measured about 0.06 s; the margin is for slow CI machines.
    assert elapsed < 1.5


# -- properties -----------------------------------------------------------------------------------


@given(zero_sum_balances())
def test_payments_bring_everybody_back_to_exactly_zero(balances: dict[str, int]) -> None:
    payments = settle(balances)

    assert set(after(balances, payments).values()) <= {0}


@given(zero_sum_balances())
def test_never_more_than_people_minus_one_payments(balances: dict[str, int]) -> None:
    people = sum(1 for cents in balances.values() if cents)

    assert len(settle(balances)) <= max(people - 1, 0)


@given(zero_sum_balances())
def test_every_payment_is_positive_and_nobody_pays_themselves(balances: dict[str, int]) -> None:
    for payment in settle(balances):
        assert payment.cents > 0
        assert payment.payer != payment.payee
        # Money only flows from who owes to who is owed.
        assert balances[payment.payer] < 0 < balances[payment.payee]


# Small amounts make many zero-sum groups, the case where the grouping matters.
@given(zero_sum_balances(max_people=6, amounts=6))
def test_the_number_of_payments_is_the_brute_force_minimum(balances: dict[str, int]) -> None:
    assert len(settle(balances)) == brute_force_minimum(balances)


@given(zero_sum_balances(), st.randoms())
def test_the_same_balances_in_any_order_give_the_same_payments(
    balances: dict[str, int], rng: random.Random
) -> None:
    shuffled = list(balances.items())
    rng.shuffle(shuffled)

    assert settle(dict(shuffled)) == settle(balances)


@given(zero_sum_balances(), st.integers().filter(lambda extra: extra != 0))
def test_balances_that_do_not_sum_to_zero_are_rejected(
    balances: dict[str, int], extra: int
) -> None:
    balances = {**balances, "Zed": balances.get("Zed", 0) + extra}

    with pytest.raises(ValueError, match="must add up to zero"):
        settle(balances)
