# GNU make. Everything runs from the project's own virtualenv in $(VENV).

VENV ?= .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: install pyodide run test lint format clean bench bench-peer profile bundle wirecheck loadtest messages production

install: $(VENV)/.installed pyodide

# The Pyodide runtime the phone scores pending hands with offline (vendor/pyodide/, git-ignored,
# served at /offline/pyodide/): the pinned npm tarball, its sha256 checked (scripts/fetch_pyodide.py).
pyodide:
	python3 scripts/fetch_pyodide.py

# Re-installs whenever pyproject.toml changes. Dev extras are always installed.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -e ".[dev]"
	touch $@

run: install
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

# Hypothesis's quick "dev" profile unless HYPOTHESIS_PROFILE names another (.ci/run: "ci",
# thorough); --database-tests-only (or SCOREKEEPER_DATABASE_TESTS_ONLY=1) skips the tests that use
# no database. Both in tests/conftest.py. MIGRATIONS_CHECKED=1 leaves out the migrations check:
# .ci/run checks them once, while the lint runs, for its two passes.
test: install
	$(if $(MIGRATIONS_CHECKED),,DEBUG=1 $(PY) manage.py makemigrations --check --dry-run)
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# mypy's Django plugin imports the settings, which need DEBUG=1 (or SECRET_KEY) to load.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	DEBUG=1 $(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Times the league pages with 5,000 finished tables of 20 hands, in a throwaway database on
# SQLite and then on PostgreSQL (skipped when it cannot be reached). Never touches db.sqlite3
# or the test suite's database. A quicker look: make bench BENCH_ARGS="--tables 500".
BENCH_ARGS ?=
BENCH_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/test

bench: install
	DEBUG=1 DATABASE_URL= $(PY) manage.py bench $(BENCH_ARGS)
	DEBUG=1 DATABASE_URL=$(BENCH_POSTGRES_URL) $(PY) manage.py bench $(BENCH_ARGS)

# Ours beside the closest peer, dieter6605/SchafkopfTurnier (Flask + waitress), by one client
# alternating between them request by request (scripts/peerbench.py): p50/p95 and ours/peer of
# the floor, recording a result, standings and the table page at 10 and 500 hands, over new
# connections and over keep-alive, the answers' bytes and issue 31's targets, PASS or FAIL.
# Ours as in production (collectstatic, gunicorn, DEBUG off) on a throwaway SQLite database.
# Needs a clone of the peer, PEER=/path/to/clone (or SCOREKEEPER_PEER); without one it says it is
# skipped. The clone's virtualenv (PEER-venv) is made from PyPI when missing. More:
# BENCH_PEER_ARGS="--database postgres --through-proxy --check" (scripts/peerbench.py --help).
PEER ?= $(SCOREKEEPER_PEER)
BENCH_PEER_ARGS ?=

bench-peer: install
	$(PY) scripts/peerbench.py --peer "$(PEER)" $(BENCH_PEER_ARGS)

# Where the time of each request bench-peer measures goes, in one process: each middleware, the
# view and each query (scripts/profile_requests.py; PROFILE_ARGS="--database postgres").
PROFILE_ARGS ?=

profile: install
	$(PY) scripts/profile_requests.py $(PROFILE_ARGS)

# Rebuilds static/css/bundle.css and static/js/bundle.js (checked in) from their sources in
# static/ after any of those is edited; a test fails while they are out of date.
bundle: install
	$(PY) -m scorekeeper.static_bundles

# The first load of a Scopa table page in production mode (collectstatic, gunicorn, DEBUG off,
# a throwaway SQLite database) by Debian's chromium: prints each request and its bytes on the
# wire, and fails over 4 requests or 50 KB.
wirecheck: install
	$(PY) scripts/wirecheck.py

# 50 tables, each a phone saving a hand a second and loading the page, for 60 s against gunicorn
# in production mode (collectstatic, DEBUG off), on a throwaway PostgreSQL database and then a
# throwaway SQLite file (WAL); then the knee, the most tables with p95 under 150 ms. Fails on any
# error, a hand not stored exactly once, or a PostgreSQL p95 of 150 ms or more. Only the
# databases it makes are dropped. A smoke run: make loadtest LOADTEST_ARGS=--quick; one database:
# LOADTEST_ARGS="--database postgres --tables 80 --seconds 30" (scripts/loadtest.py --help).
# A tournament night (issue 32): LOADTEST_ARGS="--tournament --database postgres --seconds 30",
# 25 tables of four on their table links saving a hand every 2 s, the director's page, the
# standings and the big screen polling (scripts/load_tournament.py).
LOADTEST_ARGS ?= --knee
LOADTEST_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres

loadtest: install
	LOADTEST_POSTGRES_URL=$(LOADTEST_POSTGRES_URL) $(PY) scripts/loadtest.py $(LOADTEST_ARGS)

# The production set-up on this machine (scripts/production.py): collectstatic and migrate, two
# gunicorn app servers (DEBUG off) on 127.0.0.1:PORT+1 and PORT+2 sharing the PostgreSQL of
# DATABASE_URL, and nginx (apt-get install nginx) in front on PORT, buffering requests and
# answers and dropping slow clients; in the foreground until Ctrl-C. Needs SECRET_KEY,
# DATABASE_URL and ALLOWED_HOSTS; PRODUCTION_ARGS="--port 80 --workers 4" (--help lists them).
PRODUCTION_ARGS ?=

production: install
	$(PY) scripts/production.py $(PRODUCTION_ARGS)

# Brings locale/{it,de,ja}/LC_MESSAGES/django.po up to date with the sources and compiles them
# (needs GNU gettext: apt-get install gettext). The compiled .mo files are committed, so
# `make run` works on a machine without gettext; tests/test_translations.py fails while a
# message is missing, fuzzy or empty, or a .mo lags behind its .po. Each game package
# (games/plugins/<game>/) keeps its own catalogs in its own locale/, made the same way from
# inside its folder; the project's extraction leaves the packages out.
MESSAGES_IGNORE := --ignore=.venv --ignore=tests --ignore=scripts --ignore=docs \
	--ignore=staticfiles --ignore=build --ignore=locale --ignore=games/plugins
GAME_PACKAGE_DIRS := $(patsubst %/apps.py,%,$(wildcard games/plugins/*/apps.py))

messages: install
	DEBUG=1 $(PY) manage.py makemessages -l it -l de -l ja --add-location file --no-obsolete $(MESSAGES_IGNORE)
	DEBUG=1 $(PY) manage.py compilemessages -l it -l de -l ja --ignore=.venv
	set -e; for package in $(GAME_PACKAGE_DIRS); do \
		mkdir -p $$package/locale; \
		(cd $$package && DEBUG=1 $(abspath $(PY)) $(abspath manage.py) makemessages \
			-l it -l de -l ja --add-location file --no-obsolete --ignore=__pycache__ --ignore=tests && \
		DEBUG=1 $(abspath $(PY)) $(abspath manage.py) compilemessages -l it -l de -l ja); \
	done
