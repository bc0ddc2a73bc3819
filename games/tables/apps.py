from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Tables and their hands: the write path, the table pages, live and watch views
    (docs/architecture.md, "Domains"). Its models live in ``games.models``, under the
    ``games`` label, so no migration moved."""

    name = "games.tables"
    label = "tables"
