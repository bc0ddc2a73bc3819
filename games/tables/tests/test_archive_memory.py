"""A club's archive is written and read a table at a time: exporting and restoring a club
takes a peak of memory that does not grow with its tables."""

from __future__ import annotations

import tempfile
import time
import tracemalloc
from collections.abc import Callable
from typing import IO

import pytest

from games.demo import demo_league_create
from games.models import Club, Table
from games.tables import archive_restore
from games.tables import selectors as table_selectors
from games.tables.archive import encode, gzipped
from tests.clubs import member

# The memory a table takes is Python's, whichever database holds it: CI measures it once, in
# its SQLite pass.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass]

# What one export or restore may hold at its peak, whatever the club's size: a batch of a
# hundred tables read ahead (the export), one table with its hands (the restore), and the
# league's players and the database driver's buffers.
PEAK_BOUND = 8 * 1024 * 1024


def peak_of(work: Callable[[], object]) -> tuple[int, float]:
    tracemalloc.start()
    started = time.perf_counter()
    try:
        work()
        return tracemalloc.get_traced_memory()[1], time.perf_counter() - started
    finally:
        tracemalloc.stop()


def club_of(tables: int) -> Club:
    club = Club.objects.create(name=f"Club of {tables}")
    demo_league_create(club=club, tables=tables, seed=tables, hands=8)
    return club


def export(club: Club, file: IO[bytes]) -> None:
    for chunk in gzipped(encode(record) for record in table_selectors.club_archive(club)):
        file.write(chunk)


def export_peak(tables: int) -> int:
    club = club_of(tables)
    with tempfile.TemporaryFile() as file:
        peak, seconds = peak_of(lambda: export(club, file))
        print(f"export of {tables} tables: {seconds:.1f} s, peak {peak / 1024:.0f} KiB")
    return peak


def restore_peak(tables: int) -> int:
    club = club_of(tables)
    owner = member(club, username=f"owner-{tables}")
    with tempfile.TemporaryFile() as file:
        export(club, file)

        def from_start() -> IO[bytes]:
            file.seek(0)
            return file

        peak, seconds = peak_of(lambda: archive_restore.club_archive_restore(from_start, by=owner))
        print(f"restore of {tables} tables: {seconds:.1f} s, peak {peak / 1024:.0f} KiB")
    assert Table.objects.filter(club__name=club.name).count() == 2 * tables
    return peak


def flat(few: int, many: int) -> bool:
    """Four times the tables, not four times the memory: at most a quarter more."""
    return many < PEAK_BOUND and many < few * 1.25 + 256 * 1024


def test_exporting_a_club_takes_memory_that_does_not_grow_with_it() -> None:
    few, many = export_peak(200), export_peak(800)
    assert flat(few, many), (few, many)


def test_restoring_a_club_takes_memory_that_does_not_grow_with_it() -> None:
    # Fewer tables than the export's: every hand is scored again, each table a write of its own.
    few, many = restore_peak(30), restore_peak(120)
    assert flat(few, many), (few, many)
