"""Keep the result of tables finished before results were stored on their seats.

Tables are not in a league yet, so there are no ratings to compute.
"""

from dataclasses import replace

from django.db import migrations


def backfill(apps, schema_editor):
    from games.scoring import GAMES, RoundScore, Team
    from games.scoring.base import TableSetup

    Table = apps.get_model("games", "Table")
    Seat = apps.get_model("games", "Seat")
    for table in Table.objects.all():
        rules = GAMES.get(table.game)
        if rules is None:
            continue
        seats = list(Seat.objects.filter(table=table).select_related("player").order_by("position"))
        teams: dict[str, list[str]] = {}
        for seat in seats:
            if seat.team:
                teams.setdefault(seat.team, []).append(seat.player.name)
        setup = TableSetup(
            game=table.game,
            options=rules.resolve_options(table.options),
            players=tuple(seat.player.name for seat in seats),
            teams=tuple(Team(name, tuple(members)) for name, members in teams.items()),
        )
        scores = [
            RoundScore({row.side: row.points for row in round_.points.all()}, round_.breakdown)
            for round_ in table.rounds.order_by("number").prefetch_related("points")
        ]
        table.hands_played = len(scores)
        table.save(update_fields=["hands_played"])
        if table.finished_at is None:
            continue
        state = replace(rules.game_state(scores, setup), winners=tuple(table.winners))
        places = rules.places(state, setup)
        cents = setup.options.get("cents_per_point", 0)
        for seat in seats:
            side = setup.side_of(seat.player.name)
            seat.total = state.totals.get(side, 0)
            seat.place = places.get(side)
            seat.won = side in state.winners
            seat.eliminated = seat.player.name in state.eliminated and not seat.won
            others = [points for other, points in state.totals.items() if other != side]
            seat.margin = seat.total - max(others) if others else 0
            if cents:
                seat.money_cents = seat.total * cents
                seat.currency = setup.options["currency"]
            seat.save()


class Migration(migrations.Migration):
    dependencies = [("games", "0003_leagues")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
