"""WSGI entry point, e.g. `gunicorn scorekeeper.wsgi`."""

import os

import django
from django.urls import get_resolver

from scorekeeper import worker_gc
from scorekeeper.wsgi_handler import ReleasingWSGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

# As get_wsgi_application(), with the handler that lets each request go once it is answered.
django.setup(set_prefix=False)

application = ReleasingWSGIHandler()

# Everything made while a worker starts (Django, the project's modules, the URL patterns and
# the views they import, loaded here rather than on the first request) lives as long as the
# worker: frozen, the cyclic garbage collector's full passes skip it; and young collections
# run less often (scorekeeper/worker_gc.py says why, with figures; make bench times pages the
# same way).
get_resolver().url_patterns  # noqa: B018 (loads the views)
worker_gc.settle()
