// A write refused because the table changed meanwhile (409) puts its notice at the top of the
// page; a boosted button far down the history would leave it out of sight, so bring it into
// view and give it the focus, so a screen reader reads it too.
(function () {
  "use strict";

  function showConflict() {
    var notice = document.getElementById("conflict");
    if (!notice || notice.dataset.shown) return;
    notice.dataset.shown = "true";
    notice.setAttribute("tabindex", "-1");
    notice.scrollIntoView({ block: "start" });
    notice.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", showConflict);
  document.addEventListener("htmx:afterSettle", showConflict);
})();
