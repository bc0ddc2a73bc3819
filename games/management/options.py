"""A management command's options as the types its parser gives them.

``BaseCommand.handle`` receives them as ``**options``, typed by nothing; these read one each,
so a command's body works with an int, a str or a bool rather than with an untyped value.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.management.base import CommandError


def _wrong(name: str, expected: str) -> CommandError:
    return CommandError(f"--{name.replace('_', '-')} must be {expected}")


def integer(options: Mapping[str, object], name: str) -> int:
    """An option parsed with ``type=int``."""
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong(name, "a whole number")
    return value


def integer_or_none(options: Mapping[str, object], name: str) -> int | None:
    """An option parsed with ``type=int`` and ``default=None``."""
    return None if options[name] is None else integer(options, name)


def string(options: Mapping[str, object], name: str) -> str:
    """An option or argument taken as it was typed."""
    value = options[name]
    if not isinstance(value, str):
        raise _wrong(name, "text")
    return value


def string_or_none(options: Mapping[str, object], name: str) -> str | None:
    """An option taken as typed, None when it was left out."""
    return None if options[name] is None else string(options, name)


def flag(options: Mapping[str, object], name: str) -> bool:
    """A ``store_true`` option."""
    return bool(options[name])
