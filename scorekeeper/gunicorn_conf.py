"""How every app server runs gunicorn: ``gunicorn -c python:scorekeeper.gunicorn_conf
scorekeeper.wsgi`` (scripts/production.py, ``make loadtest``, ``make bench-peer``, ``make
wirecheck``); how many workers is each launcher's to say (``--workers``).

Threads, and connections kept open between requests (issue 31, item 5). gunicorn's sync
workers close the connection after every answer, so nginx, and a load test's phones, opened a
new one for each request, and each worker served one request at a time. ``make loadtest`` on
PostgreSQL, 100 tables on this 2-core machine, 5 sync workers against 3 workers of 4 threads:
gunicorn's CPU per save and page load 11.3 against 8.9 ms, p95 97 against 26 ms; the app's
per-process stores (games.remembered) are shared by a worker's threads.

An app server is never on the network by itself: nginx reads each request whole before it
passes it on (scripts/nginx.conf.template), so a slow phone holds no thread.
"""

worker_class = "gthread"
threads = 4
# Longer than nginx keeps an idle connection to an app server (its upstream keepalive_timeout,
# 60 s): nginx closes it first, never gunicorn just as nginx sends a hand on it (nginx does
# not send a POST again, and the phone would get a 502).
keepalive = 75
