"""Table options: what a game lets a table switch on, with defaults and one plain sentence each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import Problem, problem
from .i18n import gettext_noop as _

# A mapping option holds named whole numbers, such as the Schafkopf tariff.
OptionValue = bool | int | str | Mapping[str, int]


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


# The currencies money is counted in: a money game's ``currency`` option and a league's own
# currency offer the same ones (games.formatting writes each).
CURRENCIES: tuple[Choice, ...] = (
    Choice("EUR", _("Euro (€)")),
    Choice("CHF", _("Swiss franc (CHF)")),
    Choice("USD", _("US dollar ($)")),
    Choice("GBP", _("Pound sterling (£)")),
    Choice("JPY", _("Japanese yen (¥)")),
)


@dataclass(frozen=True)
class OptionSpec:
    """One table option. ``requires`` names a boolean option this one only matters with.

    A mapping option (its default is a mapping) holds one whole number per named part; a table
    may give any subset of the parts, and the rest keep their defaults. ``minimum`` and
    ``maximum`` then bound every part.
    """

    name: str
    default: OptionValue
    label: str
    help: str
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    requires: str = ""
    # A mapping option's label for each part (marked for translation); a part without one is
    # shown by its name, capitalised.
    part_labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, Mapping):
            return "mapping"
        return "int"

    @property
    def parts(self) -> tuple[str, ...]:
        """A mapping option's part names, in order; empty for the other kinds."""
        return tuple(self.default) if isinstance(self.default, Mapping) else ()

    def part_label(self, part: str) -> str:
        """What a mapping option's part is called on the page (marked for translation)."""
        return self.part_labels.get(part) or part.capitalize()

    def default_value(self) -> OptionValue:
        # A fresh copy, so a table that changes its mapping never changes the default.
        return dict(self.default) if isinstance(self.default, Mapping) else self.default

    def parse(self, value: object) -> OptionValue | list[Problem]:
        """The option's value from JSON or a form, or every problem with it."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            return [problem(_("option {name} must be true or false"), self.name, name=self.name)]
        if self.kind == "int":
            checked = self._whole_number(value, self.name)
            return checked if isinstance(checked, int) else [checked]
        if self.kind == "mapping":
            return self._parse_mapping(value)
        allowed = [choice.value for choice in self.choices]
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in allowed:
            # A choice between numbers (Briscola's "best_of": "3") is read from a JSON number
            # too: a hand-written scoresheet gives 3 more often than "3" (issue 34).
            value = str(value)
        if value not in allowed:
            return [
                problem(
                    _("option {name} must be one of {allowed}"),
                    self.name,
                    name=self.name,
                    allowed=", ".join(allowed),
                )
            ]
        assert isinstance(value, str)
        return value

    def _whole_number(self, value: object, name: str) -> int | Problem:
        if isinstance(value, bool) or not isinstance(value, int):
            return problem(_("option {name} must be a whole number"), self.name, name=name)
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        if not low <= value <= high:
            return problem(
                _("option {name} must be between {minimum} and {maximum}"),
                self.name,
                name=name,
                minimum=low,
                maximum=high,
            )
        return value

    def _parse_mapping(self, value: object) -> dict[str, int] | list[Problem]:
        if not isinstance(value, Mapping):
            return [
                problem(
                    _("option {name} must give whole numbers for some of {parts}"),
                    self.name,
                    name=self.name,
                    parts=", ".join(self.parts),
                )
            ]
        assert isinstance(self.default, Mapping)
        merged = dict(self.default)
        problems: list[Problem] = []
        for part, number in value.items():
            if part not in self.parts:
                problems.append(
                    problem(
                        _("option {name} has no part {part}; it has {parts}"),
                        self.name,
                        name=self.name,
                        part=str(part),
                        parts=", ".join(self.parts),
                    )
                )
                continue
            # Named like "tariff.wenz", so the whole-number messages read right for a part.
            checked = self._whole_number(number, f"{self.name}.{part}")
            if isinstance(checked, Problem):
                problems.append(checked)
            else:
                merged[part] = checked
        return problems or merged


def resolve_options(
    specs: Sequence[OptionSpec], raw: Mapping[str, object]
) -> tuple[dict[str, OptionValue], list[Problem]]:
    """Every option's value: the ones given, checked, and the defaults for the rest."""
    by_name = {spec.name: spec for spec in specs}
    problems = [
        problem(_("unknown option {name}"), str(name), name=str(name))
        for name in raw
        if name not in by_name
    ]
    values: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name not in raw:
            values[spec.name] = spec.default_value()
            continue
        parsed = spec.parse(raw[spec.name])
        if isinstance(parsed, list):
            problems.extend(parsed)
            values[spec.name] = spec.default_value()
        else:
            values[spec.name] = parsed
    return values, problems
