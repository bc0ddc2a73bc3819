from django.apps import AppConfig


class SwoopsConfig(AppConfig):
    """Swoops' templates, static files and translations (docs/architecture.md, "Game
    packages")."""

    name = "games.plugins.swoops"
    label = "swoops"
    verbose_name = "Swoops"
