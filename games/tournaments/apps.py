from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: entry lists, seat draws, rounds of live tables, standings and prizes
    (docs/architecture.md, "Tournaments"). Unlike the older domains its models are its own,
    under the ``tournaments`` label with its own migrations, so they never collide with
    ``games/migrations``."""

    name = "games.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        from games.clubs.access import table_link_check_add
        from games.models import ClubChange
        from games.tournaments.access import table_link_opens
        from games.tournaments.models import LogKind

        ClubChange.kinds_elsewhere.update(LogKind.choices)
        table_link_check_add(table_link_opens)
