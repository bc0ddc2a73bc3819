# The rounds' public ids, each filled in by 0003, made unique with their default.

from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_tournament_league"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournamentround",
            name="public_id",
            field=models.CharField(
                default=games.models.new_public_id, editable=False, max_length=16, unique=True
            ),
        ),
    ]
