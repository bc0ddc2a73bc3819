"""axe-core on every kind of page at 360 px, including hands half entered and a save refused
because the table changed (409): no serious or critical violation; the rest is printed. The same
walk measures every page state's tap targets (tests/tap_targets.py: at least 44 x 44 px) and its
text (tests/text_size.py: at least 14 px), rather than more browsers walking the same pages of
more sites.

axe-core is vendored in tests/vendor/axe-core/ (never served to users). The pages' CSP allows
no script but our own, so axe is not added as a <script> tag: its source is run with
``page.evaluate``, which the DevTools protocol runs outside the page's CSP, and the page keeps
its real policy (the ``page`` fixture still fails on anything the CSP refused).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.conftest import SMALL_PHONE, sign_in
from tests.phone_pages import Site, build_site, half_enter, settle
from tests.tap_targets import TapTargets
from tests.text_size import MIN_TEXT, small_text

# What axe reads is the pages' markup, and the tap targets and text sizes their layout, the same
# from either database: CI runs it once, in its PostgreSQL pass.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]

AXE_SOURCE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
BLOCKING = ("serious", "critical")

# axe.run's default rules: WCAG 2.0-2.2 A and AA, and best practices. Tap targets are measured
# by the stricter rule of tests/tap_targets.py, 44 px.
AXE_RUN = """
async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}
"""


# axe only asks a person to review an aria-describedby whose id is missing (an "incomplete"
# result, not a violation), which is how the options' explanations went unread: a reference to
# an id the page does not hold fails here.
MISSING_IDS = """
() => {
  const missing = [];
  const attributes = ['aria-describedby', 'aria-labelledby', 'aria-controls', 'aria-owns',
    'aria-errormessage', 'aria-activedescendant', 'aria-details'];
  for (const attribute of attributes) {
    for (const el of document.querySelectorAll(`[${attribute}]`)) {
      for (const id of el.getAttribute(attribute).split(/\\s+/).filter(Boolean)) {
        if (document.getElementById(id)) continue;
        const name = el.getAttribute('name') || el.id || el.className;
        missing.push(`${attribute}="${id}" on <${el.tagName.toLowerCase()}> ${name}`);
      }
    }
  }
  for (const label of document.querySelectorAll('label[for]')) {
    if (!document.getElementById(label.htmlFor)) missing.push(`label for="${label.htmlFor}"`);
  }
  return missing;
}
"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    # htmx and the page's own scripts settle first: a half-swapped page is not what a person
    # reads.
    settle(page)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SOURCE)
    violations: list[dict[str, Any]] = page.evaluate(AXE_RUN)
    return violations


class Report:
    """What axe found on each page: serious and critical ones fail the test at the end (all
    pages are looked at first, so one run lists everything); the rest are printed."""

    def __init__(self) -> None:
        self.blocking: list[str] = []
        self.other: list[str] = []
        self.pages = 0

    def check(self, page: Page, name: str) -> None:
        self.pages += 1
        for reference in page.evaluate(MISSING_IDS):
            self.blocking.append(f"{name}: [serious] an id that does not exist: {reference}")
        for violation in axe_violations(page):
            targets = [node["target"] for node in violation["nodes"]]
            line = (
                f"{name}: [{violation['impact']}] {violation['id']}: {violation['help']} "
                f"({len(targets)}: {', '.join(targets[:4])})"
            )
            if violation["impact"] in BLOCKING:
                detail = violation["nodes"][0]["summary"].replace("\n", " ")
                self.blocking.append(f"{line}\n    {detail}")
            else:
                self.other.append(line)

    def finish(self) -> None:
        print(f"\naxe-core on {self.pages} page states")
        for line in self.other:
            print("  not blocking:", line)
        for line in self.blocking:
            print("  BLOCKING:", line)
        assert not self.blocking, "axe-core found serious or critical violations:\n" + "\n".join(
            self.blocking
        )


def phone(browser: Browser, live_server: LiveServer, *, signed_in: bool = True) -> Page:
    context: BrowserContext = browser.new_context(**SMALL_PHONE)
    if signed_in:
        sign_in(context, live_server.url)
    return context.new_page()


def test_axe_finds_nothing_serious_every_tap_target_is_44_px_and_text_14_px_on_any_page(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    site: Site = build_site()
    report = Report()
    targets = TapTargets()
    small: list[str] = []

    def check(page: Page, name: str) -> None:
        report.check(page, name)
        targets.check(page, name)
        small.extend(f"{name}: {line}" for line in small_text(page))

    def text_sizes() -> None:
        assert not small, f"text under {MIN_TEXT} px:\n" + "\n".join(small)

    owner = phone(browser, live_server)
    anonymous = ("join", "sign in", "keep my games")

    for name, url in site.urls.items():
        if name in anonymous:
            continue
        owner.goto(live_server.url + url)
        check(owner, name)
        if name.startswith("table "):
            game = name.removeprefix("table ")
            half_enter(owner, game)
            check(owner, f"{name}, a hand half entered")
            owner.screenshot(path=artifacts_dir / f"axe-{game}-half-entered.png", full_page=True)

    # Forms that answer with their errors (422): a new table with no players, a hand with
    # cards still to assign, a Schafkopf hand with no result.
    owner.goto(live_server.url + site.urls["new table"])
    owner.get_by_label("Schafkopf").check()
    expect(owner.get_by_label("Money per point")).to_be_visible()
    # The browser would stop an empty required field before the server sees it.
    owner.evaluate("document.getElementById('table-form').noValidate = true")
    owner.get_by_role("button", name="Start the game").click()
    expect(owner.locator(".errorlist").first).to_be_visible()
    check(owner, "new table, refused")
    owner.goto(live_server.url + site.urls["table scopa"])
    half_enter(owner, "scopa")
    owner.get_by_role("button", name="Save hand").click()
    expect(owner.get_by_role("alert")).to_be_visible()
    check(owner, "table scopa, a hand refused")
    owner.goto(live_server.url + site.urls["table schafkopf"])
    half_enter(owner, "schafkopf")
    owner.get_by_role("button", name="Save hand").click()
    expect(owner.get_by_role("alert")).to_be_visible()
    check(owner, "table schafkopf, a hand refused")

    # Enter points on the Scopa table, then another phone records a hand first: the save is
    # refused with what changed (409) and the entry kept.
    table = site.tables["scopa"]
    owner.goto(live_server.url + site.urls["table scopa"])
    owner.wait_for_load_state()
    owner.get_by_label("Enter points").check()
    owner.locator('input[name="points_0"]').fill("2")
    sides = list(table.setup().sides)
    table_services.round_record(table, {"points": {sides[0]: 0, sides[1]: 1}})
    owner.get_by_role("button", name="Save hand").click()
    expect(owner.get_by_role("alert")).to_contain_text("Not saved")
    check(owner, "409 conflict")
    owner.screenshot(path=artifacts_dir / "axe-conflict.png", full_page=True)

    # A visitor without an account: sign in, an invite link, and the guest it makes keeping
    # its games.
    visitor = phone(browser, live_server, signed_in=False)
    visitor.goto(live_server.url + site.urls["sign in"])
    check(visitor, "sign in")
    visitor.goto(live_server.url + site.urls["join"])
    check(visitor, "join")
    visitor.get_by_role("button", name=re.compile("^Join")).click()
    expect(visitor).to_have_url(re.compile(r"/$"))
    visitor.goto(live_server.url + site.urls["keep my games"])
    expect(visitor.get_by_role("heading", level=1)).to_be_visible()
    check(visitor, "keep my games")

    owner.context.close()
    visitor.context.close()
    (artifacts_dir / "axe-report.json").write_text(
        json.dumps({"blocking": report.blocking, "other": report.other}, indent=2)
    )
    # Every one told, whichever fails.
    failures = []
    for finish in (report.finish, lambda: targets.finish(artifacts_dir), text_sizes):
        try:
            finish()
        except AssertionError as failure:
            failures.append(str(failure))
    assert not failures, "\n\n".join(failures)
