"""WSGI entry point, e.g. `gunicorn scorekeeper.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

# Everything made while a worker starts (Django, the project's modules, the URL patterns and
# the views they import, loaded here rather than on the first request) lives as long as the
# worker. Frozen, the cyclic garbage collector's full passes skip it: otherwise each one
# walks all of it again, and under load they come often enough to double a page's time
# (make bench times pages the same way). See gc.freeze in the Python documentation.
get_resolver().url_patterns  # noqa: B018 (loads the views)
gc.freeze()
