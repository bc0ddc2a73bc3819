from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, seasons, standings, ratings, settlement and player profiles
    (docs/architecture.md, "Domains"). Its models live in ``games.models``, under the
    ``games`` label."""

    name = "games.leagues"
    label = "leagues"
