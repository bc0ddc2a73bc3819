"""Short labels for names where a whole name does not fit (under a card, on a chip a quarter of
a phone wide), distinct for every name they stand for: cutting "Alessandra" and "Alessandro"
to "Alessan…" would make them one person."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

ELLIPSIS = "…"


def _candidates(name: str, limit: int) -> Iterator[str]:
    """The labels a name may take, shortest and plainest first; the whole name last."""
    if len(name) <= limit:
        yield name
        return
    people = [person.strip() for person in name.split("&")]
    if len(people) > 1 and all(people):
        # A team of two: "Alessandra & Bartolomeo" is "A&B", then "Al&Ba" where that fits.
        for letters in (1, 2):
            label = "&".join(person[:letters] for person in people)
            if len(label) <= limit:
                yield label
    # A first name that fits: "Maria Rossi" is "Maria".
    first = name.split()[0]
    if len(first) <= limit and first != name:
        yield first
    # The start ("Bart…"), then the start and the end ("Ale…a", "Ale…o").
    yield name[: limit - 1].rstrip() + ELLIPSIS
    for tail in range(1, limit - 2):
        head = limit - 1 - tail
        yield name[:head].rstrip() + ELLIPSIS + name[-tail:].lstrip()
    yield name


def short_labels(names: Sequence[str], limit: int = 5) -> list[str]:
    """One label of at most ``limit`` characters per name (the name itself when it is that
    short), no two alike: names whose labels collide take their next, longer one, and the whole
    name is the last resort, so distinct names always end distinct."""
    options = [list(_candidates(name, limit)) for name in names]
    chosen = [0] * len(names)
    while True:
        labels = [option[index] for option, index in zip(options, chosen, strict=True)]
        counts = Counter(labels)
        clashing = [
            position
            for position, label in enumerate(labels)
            if counts[label] > 1 and chosen[position] < len(options[position]) - 1
        ]
        if not clashing:
            return labels
        for position in clashing:
            chosen[position] += 1


def short_among(name: object, sides: Iterable[object]) -> str:
    """``name``'s short label, distinct from those of the other sides: ``sides`` holds names,
    or (index, name) pairs as the hand templates' ``side_indexes`` do."""
    names = [str(side[1] if isinstance(side, tuple | list) else side) for side in sides]
    text = str(name)
    if text not in names:
        return text
    return short_labels(names)[names.index(text)]
