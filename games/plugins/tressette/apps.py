from django.apps import AppConfig


class TressetteConfig(AppConfig):
    """Tressette's templates and translations (docs/architecture.md, "Game packages")."""

    name = "games.plugins.tressette"
    label = "tressette"
    verbose_name = "Tressette"
