from django.apps import AppConfig


class CiapanoConfig(AppConfig):
    """Ciapanò's templates, static files and translations (docs/architecture.md, "Game
    packages")."""

    name = "games.plugins.ciapano"
    label = "ciapano"
    verbose_name = "Ciapanò"
