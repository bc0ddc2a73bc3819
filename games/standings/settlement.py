"""Settling an evening: the fewest payments that bring every balance back to zero.

Balances are whole cents, positive for who is owed money. Any settlement of ``n`` people with
non-zero balances needs at least ``n - k`` payments, where ``k`` is the largest number of
disjoint groups with a zero sum the people can be split into: the payments form a graph on the
people, each of its connected parts sums to zero, and a part of ``m`` people needs at least
``m - 1`` payments to be connected at all. Conversely a group of ``m`` settles among itself in
``m - 1`` payments (the greedy below), so the minimum is exactly ``n - k``.

Finding ``k`` is hard in general (it contains subset sum), so it is computed exactly over
subsets when few people are left after the easy pairs are taken out, and approximated by one
group (``n - 1`` payments, the classic bound) beyond that. An evening at a card table is a
handful of people, so the exact answer is the one that is used.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# The subset search is O(2^n · n) in pure Python: 16 people take about 0.06 s (measured; each
# person more doubles it), and no card table's evening comes near 16 people who owe money.
EXACT_UP_TO = 16


@dataclass(frozen=True)
class Payment:
    """``payer`` gives ``payee`` ``cents`` (always more than zero, never to themselves)."""

    payer: str
    payee: str
    cents: int

    def __post_init__(self) -> None:
        if self.cents <= 0:
            raise ValueError(f"a payment must be more than zero, not {self.cents}")
        if self.payer == self.payee:
            raise ValueError(f"{self.payer} cannot pay themselves")


def settle(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The fewest payments that settle ``balances`` (cents, positive = is owed money).

    Raises ValueError unless the balances sum to zero: money that comes from nowhere cannot
    be settled, and it means a table was summed wrongly. The payments are listed by payer, then
    payee, in name order, so everyone finds their own lines together; the result is the same
    for the same balances, whatever order they came in.
    """
    total = sum(balances.values())
    if total != 0:
        raise ValueError(f"the balances must add up to zero, not {total}")
    people = sorted(name for name, cents in balances.items() if cents != 0)
    payments: list[Payment] = []
    for group in zero_sum_groups({name: balances[name] for name in people}):
        payments.extend(_settle_greedily({name: balances[name] for name in group}))
    return tuple(sorted(payments, key=lambda payment: (payment.payer, payment.payee)))


def minimum_payments(balances: Mapping[str, int]) -> int:
    """How many payments the settlement of ``balances`` takes (people minus groups)."""
    people = [name for name, cents in balances.items() if cents != 0]
    return len(people) - len(zero_sum_groups({name: balances[name] for name in people}))


def zero_sum_groups(balances: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """The non-zero people split into as many disjoint zero-sum groups as possible (exactly
    when few enough are left after pairing, else one group of everybody who is left).

    Groups are sorted by name inside and among themselves, so the split is deterministic.
    """
    people = sorted(name for name, cents in balances.items() if cents != 0)
    groups, rest = _opposite_pairs({name: balances[name] for name in people})
    if len(rest) <= EXACT_UP_TO:
        groups.extend(_most_groups(rest, [balances[name] for name in rest]))
    elif rest:
        groups.append(tuple(rest))
    return tuple(sorted(groups))


def _opposite_pairs(balances: Mapping[str, int]) -> tuple[list[tuple[str, ...]], list[str]]:
    """Take out pairs that owe each other exactly (+a, −a): the common case, and always safe.

    Some best split has every such pair as a group of its own: if ``+a`` and ``−a`` sit in
    different groups, those two groups can become {+a, −a} and the rest of both (still two
    groups, both zero-sum); if they sit in one group, splitting the pair off can only add one.
    So the exact search only has to look at the people left, which keeps it fast.
    """
    by_amount: dict[int, list[str]] = defaultdict(list)
    for name in sorted(balances):
        by_amount[balances[name]].append(name)
    pairs: list[tuple[str, ...]] = []
    paired: set[str] = set()
    for amount in sorted(cents for cents in by_amount if cents > 0):
        for creditor, debtor in zip(by_amount[amount], by_amount[-amount], strict=False):
            pairs.append(tuple(sorted((creditor, debtor))))
            paired.update((creditor, debtor))
    return pairs, [name for name in sorted(balances) if name not in paired]


def _most_groups(people: Sequence[str], amounts: Sequence[int]) -> list[tuple[str, ...]]:
    """The largest number of disjoint zero-sum groups ``people`` split into, over all subsets.

    ``most[mask]`` is the most zero-sum groups that can be peeled off one by one while taking
    the people of ``mask`` away one at a time: the best over which person went last, plus one
    if ``mask`` itself sums to zero. Walking that best order back, each zero-sum mask on the
    way closes a group. Taking people away one at a time visits every split, so the maximum
    is exact.
    """
    count = len(people)
    if count == 0:
        return []
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    most = [0] * (full + 1)
    # The person whose removal gave the best; following it rebuilds the groups.
    last = [0] * (full + 1)
    bits = [1 << index for index in range(count)]
    for mask in range(1, full + 1):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + amounts[lowest.bit_length() - 1]
        best, best_bit = -1, 0
        for bit in bits:
            if mask & bit and most[mask ^ bit] > best:
                best, best_bit = most[mask ^ bit], bit
        most[mask] = best + (sums[mask] == 0)
        last[mask] = best_bit
    groups: list[tuple[str, ...]] = []
    mask, group_start = full, full
    while mask:
        mask ^= last[mask]
        if sums[mask] == 0:
            closed = group_start ^ mask
            groups.append(tuple(people[i] for i in range(count) if closed >> i & 1))
            group_start = mask
    return groups


def _settle_greedily(balances: Mapping[str, int]) -> list[Payment]:
    """Largest debtor pays largest creditor until nobody is owed anything (ties by name).

    Every payment brings at least one of the two to zero and the last brings both, so ``m``
    people take at most ``m - 1`` payments: the minimum when they form one zero-sum group
    with no smaller zero-sum group inside.
    """
    open_balances = {name: cents for name, cents in balances.items() if cents != 0}
    payments: list[Payment] = []
    while open_balances:
        debtor = min(open_balances, key=lambda name: (open_balances[name], name))
        creditor = min(open_balances, key=lambda name: (-open_balances[name], name))
        cents = min(-open_balances[debtor], open_balances[creditor])
        payments.append(Payment(payer=debtor, payee=creditor, cents=cents))
        for name, change in ((debtor, cents), (creditor, -cents)):
            open_balances[name] += change
            if open_balances[name] == 0:
                del open_balances[name]
    return payments
