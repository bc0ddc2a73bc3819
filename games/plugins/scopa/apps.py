from django.apps import AppConfig


class ScopaConfig(AppConfig):
    """The Scopa family's templates, translations and referee pages (docs/architecture.md,
    "Game packages")."""

    name = "games.plugins.scopa"
    label = "scopa"
    verbose_name = "Scopa"
