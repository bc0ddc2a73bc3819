"""A game added the documented way (docs/architecture.md, "Adding a game") passes the shared
suites with no file outside its folder but its registry line: the made-up race,
tests/made_up_game/.

The suites run in a pytest of their own, which adds the registry line before Django starts
(tests/added_game_packages.py): INSTALLED_APPS, the hand entries, the URLs and the suites'
parameters are all made from ``GAME_PACKAGES`` when they are imported."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PACKAGE = "tests.made_up_game"
FOLDER = ROOT / "tests" / "made_up_game"
GAME = "made-up-race"

# The files "Adding a game" names as required, as the made-up race has them: none of the
# optional ones (demo, urls.py, static files, a rules summary), and no catalogs, as its few
# words stay English and the translations test is not among the suites run over it.
FILES = {
    "__init__.py",
    "apps.py",
    "engine.py",
    "entry.py",
    "rules.md",
    "templates/made_up_game/hand.html",
    "tests/__init__.py",
    "tests/kit.py",
}

# The shared suites a game meets: its kit's strategies and properties, the hooks every page
# asks, its table page through the test client, and its remembered forms.
SHARED_SUITES = (
    "tests/test_kits.py",
    "tests/test_game_hooks.py",
    "tests/test_every_game_table.py",
    "tests/test_counted_points.py::test_counted_points_the_rules_allow_are_saved_and_impossible_ones_save_nothing",
    "games/tables/tests/test_hand_integrity_properties.py",
    "tests/scoring/test_tracker.py",
    "tests/scoring/test_resume_state.py",
    "tests/scoring/test_breakdowns.py",
    "games/tables/tests/test_fast_table.py::test_a_fresh_forms_remembered_signature_is_its_own_in_every_language",
    "games/tables/tests/test_fast_table.py::test_a_fresh_forms_remembered_fields_are_what_the_page_would_render",
    "tests/test_card_grid.py::test_every_radio_is_the_input_djangos_widget_renders",
)


def test_the_made_up_game_is_one_folder_of_the_documented_files() -> None:
    files = {
        str(path.relative_to(FOLDER))
        for path in FOLDER.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert files == FILES
    docs = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    steps = docs.partition("## Adding a game")[2].partition("\n## ")[0]
    for name in sorted(FILES - {"__init__.py", "tests/__init__.py"}):
        assert name.replace("made_up_game", "<label>") in steps, name


def test_the_shared_suites_pass_over_a_game_added_by_its_registry_line(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.added_game_packages",
            "-p",
            "no:cacheprovider",
            "-q",
            "-m",
            "not browser",
            f"--junitxml={report}",
            *SHARED_SUITES,
        ],
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_ADDED_GAME_PACKAGES": PACKAGE},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    cases = ElementTree.parse(report).getroot().iter("testcase")
    names = [case.get("name", "") for case in cases]
    ran_over_it = [name for name in names if f"[{GAME}" in name or f"-{GAME}]" in name]
    # Every suite parametrized by game ran over it.
    assert len(ran_over_it) >= 8, names
