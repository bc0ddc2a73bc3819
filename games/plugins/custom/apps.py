from django.apps import AppConfig


class CustomConfig(AppConfig):
    """The custom game's templates and translations (docs/architecture.md, "Game packages")."""

    name = "games.plugins.custom"
    label = "custom"
    verbose_name = "Any other game"
