from django.apps import AppConfig


class MadeUpGameConfig(AppConfig):
    """The made-up race's templates (docs/architecture.md, "Adding a game")."""

    name = "tests.made_up_game"
    label = "made_up_game"
    verbose_name = "Made-up race"
