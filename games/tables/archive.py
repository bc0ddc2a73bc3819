"""A club's archive (docs/archive.md): JSON Lines, one record a line, gzip-compressed or not.

Writing and reading go a line at a time, so neither ever holds more than one table: the
export streams from the database, the restore from the uploaded file on disk. Every line is
checked as an upload is (``games.uploads``: no NUL, no deep nesting), and every field is read
through ``Record``, which refuses a missing or mistyped one with an ``ArchiveError`` naming the
line, never a crash.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import hmac
import json
import secrets
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date, datetime
from typing import IO, Any

from games.scoring import EntryError
from games.scoring.errors import Problem, problem
from games.scoring.i18n import gettext_noop
from games.uploads import UnfitDocument, check_document

ARCHIVE_FORMAT = "scorekeeper-archive/1"
# The records in the order an archive holds them; a record of an earlier kind after a later
# one is refused, so a restore can create each thing before anything that refers to it.
RECORD_ORDER = ("club", "player", "league", "season", "table", "club_change", "end")
# One line holds one table with its hands and its log: the demo's longest (60 hands, edited)
# is under 100 KB. A longer line is refused before it is decoded.
MAX_LINE_BYTES = 8 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"


class ArchiveError(EntryError):
    """An archive that cannot be restored: nothing was stored."""


def archive_problem(line: int, message: str, **params: str | int) -> ArchiveError:
    return ArchiveError([problem(message, "archive", line=line, **params)])


def bad_field(line: int, field: str) -> ArchiveError:
    return archive_problem(
        line, gettext_noop("line {line}: {field} is missing or not valid"), field=field
    )


def encode(record: Mapping[str, object]) -> bytes:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def gzipped(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The chunks as one gzip stream, compressed as they come (a chunk may yield nothing)."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
    for chunk in chunks:
        out = compressor.compress(chunk)
        if out:
            yield out
    yield compressor.flush()


def when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


class Record:
    """One line of an archive, its fields read with their types checked."""

    def __init__(self, data: dict[str, Any], line: int) -> None:
        self.data = data
        self.line = line
        self.kind = str(data.get("record"))

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise bad_field(self.line, key)
        return self.data[key]

    def text(self, key: str, max_length: int, *, blank: bool = False) -> str:
        value = self._get(key)
        if not isinstance(value, str) or len(value) > max_length or (not blank and not value):
            raise bad_field(self.line, key)
        return value

    def number(self, key: str, low: int = 0, high: int = 2**31 - 1) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise bad_field(self.line, key)
        return value

    def moment(self, key: str) -> datetime:
        found = self.moment_or_none(key)
        if found is None:
            raise bad_field(self.line, key)
        return found

    def moment_or_none(self, key: str) -> datetime | None:
        value = self.data.get(key)
        if value is None:
            return None
        try:
            moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            raise bad_field(self.line, key)
        return moment

    def day(self, key: str) -> date:
        value = self._get(key)
        try:
            if isinstance(value, str):
                return date.fromisoformat(value)
        except ValueError:
            pass
        raise bad_field(self.line, key)

    def texts(self, key: str, max_length: int) -> list[str]:
        value = self._get(key)
        if not isinstance(value, list) or not all(
            isinstance(item, str) and 0 < len(item) <= max_length for item in value
        ):
            raise bad_field(self.line, key)
        return value

    def mapping_or_none(self, key: str) -> dict[str, Any] | None:
        value = self.data.get(key)
        if value is not None and not isinstance(value, dict):
            raise bad_field(self.line, key)
        return value

    def records(self, key: str) -> list[Record]:
        value = self._get(key)
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise bad_field(self.line, key)
        return [Record(item, self.line) for item in value]

    def raw(self, key: str) -> Any:
        return self._get(key)


def read_archive(file: IO[bytes]) -> Iterator[Record]:
    """The archive's records one at a time, in an order ``RECORD_ORDER`` allows, the last one
    ``end``; ArchiveError at the first line that is not a record or comes out of order."""
    head = file.read(2)
    file.seek(0)
    stream: IO[bytes] = (
        gzip.GzipFile(fileobj=file, mode="rb")  # type: ignore[assignment]
        if head == GZIP_MAGIC
        else file
    )
    rank = -1
    line = 0
    ended = False
    try:
        while True:
            raw = stream.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            line += 1
            if len(raw) > MAX_LINE_BYTES:
                raise archive_problem(line, gettext_noop("line {line} is too long"))
            if not raw.strip():
                continue
            if ended:
                raise archive_problem(line, gettext_noop("line {line} comes after the end"))
            record = _decode(raw, line)
            kind_rank = RECORD_ORDER.index(record.kind) if record.kind in RECORD_ORDER else -1
            if kind_rank < 0:
                raise bad_field(line, "record")
            if (
                kind_rank < rank
                or (rank < 0 and record.kind != "club")
                or (kind_rank == 0 and rank == 0)
            ):
                raise archive_problem(line, gettext_noop("line {line} is out of order"))
            if record.kind == "club" and record.data.get("format") != ARCHIVE_FORMAT:
                raise ArchiveError(
                    [problem(gettext_noop("this is not a Scorekeeper club archive"), "archive")]
                )
            rank = kind_rank
            ended = record.kind == "end"
            yield record
    except (OSError, EOFError, zlib.error):
        # A damaged or cut gzip stream (gzip.BadGzipFile is an OSError).
        raise ArchiveError(
            [problem(gettext_noop("the archive is damaged or cut short"), "archive")]
        ) from None
    if not ended:
        raise ArchiveError(
            [problem(gettext_noop("the archive is damaged or cut short"), "archive")]
        )


def _decode(raw: bytes, line: int) -> Record:
    try:
        data = json.loads(raw.decode())
        check_document(data)
    except (ValueError, UnicodeDecodeError, RecursionError, UnfitDocument):
        raise archive_problem(line, gettext_noop("line {line} is not a record")) from None
    if not isinstance(data, dict):
        raise archive_problem(line, gettext_noop("line {line} is not a record"))
    return Record(data, line)


class PublicIds:
    """The public ids a restore gives: the archive's own (``keep``), or, when they are taken on
    this server (the archived club still lives here), new ones made from them with a key of
    this restore's, so every reference in the archive (a hand in a table's log, a table in the
    club's) still meets what it names, with no table of old and new ids held in memory."""

    def __init__(self, *, keep: bool) -> None:
        self.keep = keep
        self._key = secrets.token_bytes(32)

    def of(self, archived: str) -> str:
        if self.keep:
            return archived
        digest = hmac.new(self._key, archived.encode(), hashlib.sha256).digest()
        return base64.b32encode(digest[:10]).decode().lower()

    def in_log(self, value: dict[str, Any] | None) -> dict[str, Any] | None:
        """A club log's before or after with the table it names given its id here."""
        if value is None or self.keep or not isinstance(value.get("table"), str):
            return value
        return {**value, "table": self.of(value["table"])}


def problems_in_line(
    line: int, problems: Iterable[Problem], text: Callable[[Problem], str]
) -> ArchiveError:
    """A table's problems (its scoresheet's) with the archive's line they are on."""
    return ArchiveError(
        [
            problem(gettext_noop("line {line}: {problem}"), p.field, line=line, problem=text(p))
            for p in problems
        ]
    )
