from django.apps import AppConfig


class ClubsConfig(AppConfig):
    """Accounts, guests, access, invites, members and the club log (docs/architecture.md,
    "Domains"). Its models live in ``games.models``, under the ``games`` label."""

    name = "games.clubs"
    label = "clubs"

    def ready(self) -> None:
        # Connects the sign-in signal that brings an account's language to the session.
        from games.clubs import language  # noqa: F401
