"""Pages stored with placeholders for what differs per request (the CSRF token, a new hand's
token), their fixed text compressed once.

A stored page is given to many requests, each with its own values in the placeholders.
Gzipping each answer whole took 0.5 ms of the table page's 2 ms, the same 56 KB compressed
again and again (issue 31). Here the page is deflated once ("packed") into pieces that join
with each request's values into one deflate stream, in some 0.03 ms:

- one compressor goes through the page with each value as stand-in bytes that UTF-8 text never
  holds (``STAND_INS``, no three of them twice in a row), so that no match it finds for the
  text copies a value and a match for a value copies the same place of an earlier one;
- around the first occurrence of a placeholder (and one too far back for deflate to reach) it
  is flushed to a byte boundary and what it wrote for the stand-ins dropped: each request's
  value goes there as a stored block, its bytes as they are; every other occurrence is left
  to the compressor, which copies the earlier one (each placeholder takes one value a page);
- once packed, the pieces are checked: filled with values whose every byte differs from every
  other, they must inflate to the page so filled, which they do only if every byte of a value
  is copied from the same byte of the same placeholder; a page that fails is not packed;
- the gzip header names a file of random length as Django's gzip does against BREACH ("Heal
  The Breach"), and the trailer holds the CRC-32 and length of the text as filled in.

Packing takes about twice what gzipping a page once does, so a page is packed the second time
it is given (most are given once before their table changes), and a value of another length
than its placeholder was packed for, which would move what the copies copy, is not given
packed: such an answer is gzipped as any other (``PackedResponse.gzipped`` says None).
"""

from __future__ import annotations

import functools
import gzip
import secrets
import struct
import zlib
from collections.abc import Mapping, Sequence

from django.http import HttpResponse

# zlib's level for the pages: on the table page's 56 KB of HTML, level 6 (Django's) took 0.58 ms
# for 7.5 KB and level 4 0.21 ms for 7.8 KB (issue 31); above 4 zlib switches to its slow
# matcher, which buys a few per cent of bytes for three times the time.
GZIP_LEVEL = 4
# Bytes UTF-8 never holds: the placeholders' stand-ins while the page is compressed.
STAND_INS = bytes([0xC0, 0xC1, *range(0xF5, 0x100)])
# What deflate refers back to at most (RFC 1951), less what zlib keeps ahead (its MIN_LOOKAHEAD):
# an earlier occurrence farther back than this is not copied.
REACH = 32768 - 262
# The values the packed pieces are checked with take distinct bytes below the stand-ins: a page
# is packed for at most this many bytes of values in all (far fewer than the walk of the
# stand-ins, 13 ** 3, goes before it would take a triple twice).
CHECKED_BYTES = 0xC0
# A stored block holds at most this many bytes (RFC 1951 3.2.4).
LONGEST_STORED = 65535
# The last block of the stream: an empty block with fixed codes, marked final.
LAST_BLOCK = b"\x03\x00"


def gzip_header(name_length: int) -> bytes:
    """A gzip member's header as ``gzip.compress(..., GZIP_LEVEL, mtime=0)`` writes it, naming a
    file of ``name_length`` bytes, as Django's compress_string does ("Heal The Breach", against
    BREACH): the length of an answer no longer tells a secret in it byte by byte."""
    header = bytes((0x1F, 0x8B, zlib.DEFLATED, gzip.FNAME, 0, 0, 0, 0, 0, 255))
    return header + b"a" * name_length + b"\x00"


def stored_block(data: bytes) -> bytes:
    """``data`` as stored deflate blocks (not final), starting and ending on a byte boundary."""
    return b"".join(
        b"\x00" + struct.pack("<HH", len(part), len(part) ^ 0xFFFF) + part
        for part in (data[at : at + LONGEST_STORED] for at in range(0, len(data), LONGEST_STORED))
    )


def split(text: bytes, placeholders: Sequence[bytes]) -> list[bytes]:
    """``text`` cut at each occurrence of a placeholder: fixed text and placeholders in turn,
    starting and ending with fixed text (perhaps empty)."""
    pieces: list[bytes] = []
    at = 0
    # Where each placeholder occurs next, looked for again only once passed.
    ahead = {placeholder: text.find(placeholder) for placeholder in placeholders if placeholder}
    while True:
        for placeholder, where in ahead.items():
            if 0 <= where < at:
                ahead[placeholder] = text.find(placeholder, at)
        found = [(where, placeholder) for placeholder, where in ahead.items() if where >= 0]
        if not found:
            return [*pieces, text[at:]]
        where, placeholder = min(found)
        pieces += (text[at:where], placeholder)
        at = where + len(placeholder)


def stand_ins(lengths: Mapping[str, int]) -> dict[str, bytes]:
    """Each placeholder's stand-in, as long as its values: together one walk over STAND_INS
    that takes no three bytes in a row twice, nor a byte that one of the two before it was, so
    a match of three or more stand-in bytes copies the same place of the same placeholder
    rather than the stand-in a byte or two before (where two placeholders follow each other
    without text between them, the check after packing tells)."""
    walk = _walk(sum(lengths.values()))
    given = {}
    at = 0
    for placeholder, length in lengths.items():
        given[placeholder] = walk[at : at + length]
        at += length
    return given


@functools.cache
def _walk(length: int) -> bytes:
    walk = bytearray(STAND_INS[:2])
    seen: set[bytes] = set()
    for _ in range(length):
        following = next(
            byte
            for byte in reversed(STAND_INS)
            if byte not in walk[-2:] and bytes((*walk[-2:], byte)) not in seen
        )
        walk.append(following)
        seen.add(bytes(walk[-3:]))
    return bytes(walk[2:])


class Packed:
    """A page's fixed text as bytes, and deflated into pieces between the values it takes
    stored (see the module's docstring): ``deflated`` holds bytes and, between them, the
    placeholders whose values go there as stored blocks."""

    def __init__(self, text: str, lengths: Mapping[str, int]) -> None:
        assert sum(lengths.values()) <= CHECKED_BYTES
        pieces = split(text.encode(), [placeholder.encode() for placeholder in lengths])
        self.lengths = dict(lengths)
        self.fixed = pieces[0::2]
        self.placeholders = [placeholder.decode() for placeholder in pieces[1::2]]
        standing = stand_ins(lengths)
        compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, -15, 9)
        deflated: list[bytes | str] = []
        written = bytearray()
        at = 0
        last_at: dict[str, int] = {}
        for piece, placeholder in zip(self.fixed, [*self.placeholders, ""], strict=True):
            written += compressor.compress(piece)
            at += len(piece)
            if not placeholder:
                break
            if at - last_at.get(placeholder, -REACH - 1) <= REACH:
                written += compressor.compress(standing[placeholder])
            else:
                deflated += (bytes(written + compressor.flush(zlib.Z_SYNC_FLUSH)), placeholder)
                written = bytearray()
                compressor.compress(standing[placeholder])
                compressor.flush(zlib.Z_SYNC_FLUSH)  # what it wrote for the stand-ins: dropped
            last_at[placeholder] = at
            at += self.lengths[placeholder]
        deflated.append(bytes(written + compressor.flush(zlib.Z_SYNC_FLUSH)))
        self.deflated = deflated

    def filled(self, values: Mapping[str, bytes]) -> bytes:
        parts = [self.fixed[0]]
        for placeholder, piece in zip(self.placeholders, self.fixed[1:], strict=True):
            parts += (values[placeholder], piece)
        return b"".join(parts)

    def deflate(self, values: Mapping[str, bytes]) -> bytes:
        """The raw deflate stream of the page filled with ``values``, last block included."""
        parts = [
            part if isinstance(part, bytes) else stored_block(values[part])
            for part in self.deflated
        ]
        return b"".join([*parts, LAST_BLOCK])

    def holds(self) -> bool:
        """Whether the pieces inflate to the page filled with any values of its lengths: with
        each byte of the values unlike every other, only a copy of the same byte of the same
        placeholder gives it back where it belongs."""
        checked = {}
        at = 0
        for placeholder, length in self.lengths.items():
            checked[placeholder] = bytes(range(at, at + length))
            at += length
        inflated = zlib.decompressobj(-15).decompress(self.deflate(checked))
        return inflated == self.filled(checked)

    def gzipped(self, values: Mapping[str, bytes], filled: bytes, name_length: int) -> bytes | None:
        """``filled`` (the page filled with ``values``) gzipped from the pieces, its header
        naming a file of ``name_length`` bytes; None when a value is not of the length the
        page was packed for."""
        if any(len(values[placeholder]) != self.lengths[placeholder] for placeholder in values):
            return None
        trailer = struct.pack("<II", zlib.crc32(filled), len(filled) & 0xFFFFFFFF)
        return b"".join((gzip_header(name_length), self.deflate(values), trailer))


class PackedPage:
    """A page's text with placeholders; ``lengths``: each placeholder and the length (ASCII) of
    the values it takes. Packed the second time it is given, if its pieces hold."""

    def __init__(self, text: str, lengths: Mapping[str, int]) -> None:
        self.text = text
        self.lengths = dict(lengths)
        self.times_given = 0
        self._packed: Packed | None = None

    def packed(self) -> Packed | None:
        """The page packed, from the second time it is given on (each call is a give)."""
        self.times_given += 1
        if self.times_given == 2 and sum(self.lengths.values()) <= CHECKED_BYTES:
            packed = Packed(self.text, self.lengths)
            if packed.holds():
                self._packed = packed
                self.text = ""  # the packed page has it, as bytes
        return self._packed


class PackedResponse(HttpResponse):
    """A stored page given with this request's ``values`` (by placeholder) filled in, which the
    gzip middleware sends packed (``gzipped``) instead of compressing it again."""

    def __init__(self, page: PackedPage, values: Mapping[str, str]) -> None:
        self.packed = page.packed()
        self.values = {placeholder: value.encode() for placeholder, value in values.items()}
        if self.packed is None:
            text = page.text
            for placeholder, value in values.items():
                text = text.replace(placeholder, value)
            self.filled = text.encode()
        else:
            self.filled = self.packed.filled(self.values)
        super().__init__(self.filled)

    def gzipped(self, max_random_bytes: int) -> bytes | None:
        """The answer gzipped from the page's packed pieces (its header naming a file of
        random length, as Django's gzip does), or None where it is not: the page is not
        packed (given for the first time), a middleware changed the body on its way out, or
        a value is not of the length its placeholder was packed for."""
        if self.packed is None or self.content != self.filled:
            return None
        name_length = secrets.randbelow(max_random_bytes)
        return self.packed.gzipped(self.values, self.filled, name_length)
