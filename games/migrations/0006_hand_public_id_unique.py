from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_hand_identity"),
    ]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="public_id",
            field=models.CharField(
                default=games.models.new_public_id, editable=False, max_length=16, unique=True
            ),
        ),
    ]
