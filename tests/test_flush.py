"""What a transactional test starts from after another's flush (tests/conftest.py,
``_flush_keeps_what_migrate_made``): every table empty, but for the content types and the
permissions, which hold what the migrations made, as when post_migrate wrote them back."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType

from games.models import Club, Round, Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry


# Twice: the second starts after the first's flush (and each after whichever test ran before).
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("turn", ["first", "second"])
def test_a_transactional_test_starts_from_what_the_migrations_made(turn: str) -> None:
    assert not Club.objects.exists()
    assert not Table.objects.exists()
    models = apps.get_models()
    assert set(ContentType.objects.values_list("app_label", "model")) == {
        (model._meta.app_label, model._meta.model_name) for model in models
    }
    codenames = set(Permission.objects.values_list("content_type__model", "codename"))
    for model in models:
        for action in model._meta.default_permissions:
            assert (model._meta.model_name, f"{action}_{model._meta.model_name}") in codenames

    # Rows for the flush at the end to empty.
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    assert Round.objects.count() == 1
