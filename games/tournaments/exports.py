"""The final ranking and the prize list as CSV and as JSON, for the club's records."""

from __future__ import annotations

import csv
import io
import json

from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.http import HtmxHttpRequest
from games.tournaments import access, selectors
from games.tournaments.models import Tournament


def _rows(tournament: Tournament) -> tuple[list[str], list[dict[str, object]]]:
    standings = selectors.standings(tournament)
    criteria = list(standings.criteria)
    prizes = dict(enumerate(tournament.prizes, start=1))
    rows = [
        {
            "place": row.place,
            "number": row.number,
            "name": row.name,
            **{criterion: value for criterion, value in zip(criteria, row.values, strict=False)},
            "prize": prizes.get(row.place, ""),
        }
        for row in standings.overall
    ]
    return criteria, rows


def _attachment(tournament: Tournament, body: str, kind: str, suffix: str) -> HttpResponse:
    response = HttpResponse(body, content_type=f"{kind}; charset=utf-8")
    name = slugify(tournament.name) or tournament.public_id
    response["Content-Disposition"] = f'attachment; filename="{name}.{suffix}"'
    return response


@require_GET
def standings_csv(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    found = access.tournament_for(request, tournament)
    criteria, rows = _rows(found)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("Place"), _("No."), _("Name"), *(_(c) for c in criteria), _("Prize")])
    for row in rows:
        writer.writerow(
            [row["place"], row["number"], row["name"], *(row[c] for c in criteria), row["prize"]]
        )
    return _attachment(found, out.getvalue(), "text/csv", "csv")


@require_GET
def standings_json(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    found = access.tournament_for(request, tournament)
    criteria, rows = _rows(found)
    document = {
        "tournament": found.name,
        "game": found.game,
        "status": found.status,
        "ranked_by": criteria,
        "ranking": rows,
    }
    return _attachment(
        found, json.dumps(document, ensure_ascii=False, indent=2), "application/json", "json"
    )
