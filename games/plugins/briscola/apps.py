from django.apps import AppConfig


class BriscolaConfig(AppConfig):
    """Briscola's templates, static files and translations (docs/architecture.md, "Game
    packages")."""

    name = "games.plugins.briscola"
    label = "briscola"
    verbose_name = "Briscola"
