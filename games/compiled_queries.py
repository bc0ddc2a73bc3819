"""Queries on a hot path, compiled once per process (issue 31).

Building a query through the ORM (the queryset, its compiler, its SQL) cost more than running
it on the pages every request reads: the signed-in account, its roles, a league with its club,
the stamps of the stored pages. Each such query is compiled once, with a stand-in for each value
a request gives, and run with the request's values put in their places; where rows become model
instances, their values are converted as the ORM converts them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import QuerySet

Converters = list[tuple[int, tuple[list[Any], Any]]]


@dataclass(frozen=True)
class Compiled:
    """A query's SQL and parameters as the ORM compiled them, stand-ins included, and the
    converters of its columns."""

    alias: str
    sql: str
    params: tuple[Any, ...]
    converters: Converters
    # The model field each column reads, by its attribute name (None for a computed column).
    columns: tuple[str | None, ...]
    # Where each stand-in is among the parameters (a stamp's query has some 70 parameters,
    # its text's separators among them, and one stand-in).
    stand_ins: tuple[tuple[int, Any], ...] = ()

    def rows(self, given: Mapping[Any, Any]) -> list[tuple[Any, ...]]:
        """The rows, each stand-in (a key of ``given``, each of them) replaced by its value."""
        values = list(self.params)
        for position, stand_in in self.stand_ins:
            values[position] = given[stand_in]
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, values)
            return [tuple(row) for row in cursor.fetchall()]

    def row(self, given: Mapping[Any, Any]) -> tuple[Any, ...] | None:
        found = self.rows(given)
        return found[0] if found else None

    def as_python(self, row: Sequence[Any]) -> list[Any]:
        """A row's values made Python values as the ORM makes them (SQLite gives its dates as
        text, a JSON field its text)."""
        return self.rows_as_python([row])[0]

    def rows_as_python(self, rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
        """Each row made Python values (``as_python``), the connection looked up once: a
        lookup per row cost as much as the conversions of a short one."""
        connection = connections[self.alias]
        converted = []
        for row in rows:
            values = list(row)
            for position, (convert, expression) in self.converters:
                for converter in convert:
                    values[position] = converter(values[position], expression, connection)
            converted.append(values)
        return converted


def compiled(query: QuerySet[Any], alias: str, stand_ins: Sequence[Any]) -> Compiled:
    """``query`` compiled for the database ``alias``; each stand-in must be one of its
    parameters, once."""
    compiler = query.query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    positions = []
    for stand_in in stand_ins:
        found = [index for index, param in enumerate(params) if _is(param, stand_in)]
        assert len(found) == 1, (stand_in, params)
        positions.append((found[0], stand_in))
    selected = [column for column, _sql, _alias in compiler.select]
    converters = compiler.get_converters(selected)
    columns = tuple(
        getattr(getattr(column, "target", None), "attname", None) for column in selected
    )
    converted = sorted(converters.items())
    return Compiled(alias, str(sql), tuple(params), converted, columns, tuple(positions))


def _is(param: Any, stand_in: Any) -> bool:
    # A parameter may be a list (an IN lookup), or True where the stand-in is 1.
    return type(param) is type(stand_in) and param == stand_in
