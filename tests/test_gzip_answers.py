"""Answers gzipped by the middleware (games.middleware.gzip_with_random_name): whatever their
length, they inflate to the answer; a compressor sized to the answer compresses as well as
zlib's full window does, and from 32 KB up it is zlib's default, byte for byte."""

from __future__ import annotations

import gzip
import random
import zlib

import pytest

from games.middleware import _window_bits, gzip_with_random_name
from games.packed_pages import GZIP_LEVEL, gzip_header


def page_like(length: int, seed: int = 1) -> bytes:
    """Markup-like bytes: tags and names repeating as a page's do, with numbers that do not."""
    rng = random.Random(seed)
    parts = []
    while sum(map(len, parts)) < length:
        name = rng.choice(["Ann", "Bob", "Cy", "Dora", "Greta"])
        parts.append(
            f'<li class="history-item"><span>{name}</span> <strong>{rng.randint(0, 99)}'
            f"</strong></li>\n"
        )
    return "".join(parts).encode()[:length]


LENGTHS = [0, 1, 200, 1300, 4000, 20000, 32505, 32506, 32507, 40000, 120000]


@pytest.mark.parametrize("length", LENGTHS)
def test_an_answer_of_any_length_inflates_to_itself(length: int) -> None:
    data = page_like(length)

    assert gzip.decompress(gzip_with_random_name(data, 100)) == data


@pytest.mark.parametrize("length", [200, 1300, 4000, 20000, 32000])
def test_a_short_answer_is_compressed_as_well_as_with_the_full_window(length: int) -> None:
    data = page_like(length, seed=length)
    full_window = zlib.compress(data, GZIP_LEVEL, -15)

    sized = gzip_with_random_name(data, 1)  # a header naming a file of 0 bytes
    deflated = sized[len(gzip_header(0)) : -8]

    assert len(deflated) <= len(full_window) * 1.01 + 2


@pytest.mark.parametrize("length", [32506, 40000, 120000])
def test_a_long_answer_is_deflated_as_zlib_does_by_default(length: int) -> None:
    data = page_like(length)

    sized = gzip_with_random_name(data, 1)

    assert _window_bits(length) == 15
    assert sized[len(gzip_header(0)) : -8] == zlib.compress(data, GZIP_LEVEL, -15)


def test_the_window_reaches_back_over_the_whole_answer() -> None:
    for length in range(0, 40000, 97):
        bits = _window_bits(length)
        assert 9 <= bits <= 15
        # zlib reaches back its window less 262 bytes; one bit less would not reach.
        assert bits == 15 or (1 << bits) - 262 >= length
        assert bits == 9 or (1 << (bits - 1)) - 262 < length
