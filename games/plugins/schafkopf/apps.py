from django.apps import AppConfig


class SchafkopfConfig(AppConfig):
    """Schafkopf's templates, static files and translations (docs/architecture.md, "Game
    packages")."""

    name = "games.plugins.schafkopf"
    label = "schafkopf"
    verbose_name = "Schafkopf"
