"""The WSGI entry point gunicorn's workers load (scorekeeper/wsgi.py)."""

import os
import subprocess
import sys

from django.conf import settings

PROBE = """
import gc, sys
import scorekeeper.wsgi
print(gc.get_freeze_count(), "games.tables.views" in sys.modules,
      "games.leagues.views" in sys.modules, gc.get_threshold()[0])
"""


def test_a_worker_loads_the_views_and_freezes_what_it_started_with() -> None:
    # In a process of its own: freezing the test run's heap would change every later test.
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    frozen, views, league_views, young = result.stdout.split()
    # The views (and the modules they import) are loaded before the freeze, not on the first
    # request, so the garbage collector's full passes skip them too.
    assert views == "True"
    assert league_views == "True"
    assert int(frozen) > 10_000
    # Young collections every 20,000 objects, not Python's 700 (scorekeeper/worker_gc.py).
    assert int(young) == 20_000
