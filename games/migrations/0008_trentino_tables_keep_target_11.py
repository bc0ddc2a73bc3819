from django.db import migrations


def keep_the_target_they_played_to(apps, schema_editor):
    """Trentino now plays to 21 when a table gives no target; tables started before played to
    11, so they keep 11 and no finished game turns unfinished."""
    Table = apps.get_model("games", "Table")
    tables = [
        table
        for table in Table.objects.filter(game__in=["scopa", "scopone"]).only("options")
        if table.options.get("trentino") and "target" not in table.options
    ]
    for table in tables:
        table.options = {**table.options, "target": 11}
    Table.objects.bulk_update(tables, ["options"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_season_name_ignoring_case"),
    ]

    operations = [
        migrations.RunPython(keep_the_target_they_played_to, migrations.RunPython.noop),
    ]
