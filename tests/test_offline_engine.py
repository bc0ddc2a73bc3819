"""What the phone runs to score pending hands offline (scorekeeper/offline_engine.py): the
server's own pure modules, zipped, which import and score with nothing but Python's standard
library (as under Pyodide); served with an ETag; and the runtime pinned in one version
everywhere it is named."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games.plugins.scopa.referee import PageWords, offline_words
from scorekeeper import offline_engine
from scripts import fetch_pyodide

BASE_DIR = Path(__file__).resolve().parent.parent

SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[1])
from games.scoring import phone
from games.plugins.scopa import rulings
sheet = {"game": "scopa", "players": ["Ann", "Bob"], "options": {"target": 3}}
fields = [["mode", "points"], ["points_0", "2"], ["points_1", ""]]
print(json.dumps({
    "scored": phone.score({**sheet, "rounds": [{"points": {"Ann": 2, "Bob": 1}}]}),
    "pending": phone.score_pending({**sheet, "rounds": [{"points": {"Ann": 2}}]}, [fields, fields]),
    "referee": json.loads(rulings.answer_json("primiera", '[["card_7D", "1"]]', sys.argv[2])),
    "django": sorted(name for name in sys.modules if name.split(".")[0] == "django"),
}))
"""


def test_the_engine_zip_runs_on_the_standard_library_alone(tmp_path: Path) -> None:
    data, _digest = offline_engine.engine_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "games/scoring/phone.py" in names
    assert "games/plugins/scopa/captures.py" in names
    for game in ("scopa", "ciapano", "swoops", "schafkopf"):
        assert f"games/plugins/{game}/posted.py" in names
    # The referees' verdicts with no signal (static/js/referee-offline.js).
    assert "games/plugins/scopa/rulings.py" in names
    assert "games/plugins/scopa/referee_query.py" in names
    assert not any("entry.py" in name or "views" in name for name in names)
    engine = tmp_path / "engine.zip"
    engine.write_bytes(data)
    # -I: no site-packages (no Django), nor the project on the path; from elsewhere.
    answer = subprocess.run(
        [sys.executable, "-I", "-c", SCRIPT, str(engine), offline_words(PageWords())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(answer.stdout)
    assert found["django"] == []
    assert found["scored"]["totals"] == {"Ann": 2, "Bob": 1}
    pending = found["pending"]
    assert pending["stored"] == 1
    # The first kept hand takes Ann to 4, past the target: the second comes after the end.
    assert pending["pending"][0] == {"points": {"Ann": 2, "Bob": 0}}
    assert "already over after round 2" in pending["pending"][1]["problem"]
    assert pending["winners"] == ["Ann"]
    assert "Point to Side B" in found["referee"]["bar"]
    assert found["referee"]["counts"] == [0, 1]


@pytest.mark.django_db
def test_the_engine_zip_is_answered_with_its_etag(client: Client) -> None:
    data, digest = offline_engine.engine_zip()
    answer = client.get(reverse("offline_engine"))
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/zip"
    assert answer.content == data
    assert answer["ETag"] == f'"{digest}"'
    again = client.get(reverse("offline_engine"), HTTP_IF_NONE_MATCH=f'"{digest}"')
    assert again.status_code == 304
    # A browser takes it gzipped, its ETag made weak, and asks with that on every visit: still
    # 304, not the 130 KB again.
    gzipped = client.get(reverse("offline_engine"), HTTP_ACCEPT_ENCODING="gzip")
    assert gzipped["ETag"] == f'W/"{digest}"'
    asked = client.get(
        reverse("offline_engine"), HTTP_IF_NONE_MATCH=gzipped["ETag"], HTTP_ACCEPT_ENCODING="gzip"
    )
    assert asked.status_code == 304


def test_one_pyodide_and_one_address_everywhere() -> None:
    script = (BASE_DIR / "static/js/offline-engine.js").read_text()
    assert re.search(r'var PYODIDE = "([^"]+)"', script)[1] == offline_engine.PYODIDE_VERSION  # type: ignore[index]
    assert fetch_pyodide.VERSION == offline_engine.PYODIDE_VERSION
    assert fetch_pyodide.FILES == offline_engine.PYODIDE_FILES
    assert re.search(r'var ENGINE_ZIP = "([^"]+)"', script)[1] == reverse("offline_engine")  # type: ignore[index]
    assert (BASE_DIR / "static" / offline_engine.WORKER).is_file()


@pytest.mark.django_db
def test_the_runtime_is_served_gzipped_and_kept_for_good(client: Client) -> None:
    if not offline_engine.pyodide_installed():
        pytest.skip("the Pyodide runtime is not installed (make pyodide)")
    url = reverse("offline_pyodide", args=[offline_engine.PYODIDE_VERSION, "pyodide.asm.wasm"])
    answer = client.get(url, HTTP_ACCEPT_ENCODING="gzip, br")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/wasm"
    assert answer["Content-Encoding"] == "gzip"
    assert "immutable" in answer["Cache-Control"]
    body = b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    assert body == (offline_engine.PYODIDE_DIR / "pyodide.asm.wasm.gz").read_bytes()
    plain = client.get(url)
    assert "Content-Encoding" not in plain
    for version, name in (
        (offline_engine.PYODIDE_VERSION, "../../pyproject.toml"),
        ("1", "pyodide.mjs"),
    ):
        assert client.get(f"/offline/pyodide-{version}/{name}").status_code == 404
    assert offline_engine.pyodide_urls()[0] == reverse(
        "offline_pyodide", args=[offline_engine.PYODIDE_VERSION, "pyodide.mjs"]
    )
