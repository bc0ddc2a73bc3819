"""WSGI entry point, e.g. `gunicorn scorekeeper.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from scorekeeper import worker_gc

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

# Everything made while a worker starts (Django, the project's modules, the URL patterns and
# the views they import, loaded here rather than on the first request) lives as long as the
# worker: frozen, the cyclic garbage collector's full passes skip it; and young collections
# run less often (scorekeeper/worker_gc.py says why, with figures; make bench times pages the
# same way).
get_resolver().url_patterns  # noqa: B018 (loads the views)
worker_gc.settle()
