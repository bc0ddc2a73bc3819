// A write refused because the table changed meanwhile (409) puts its notice at the top of the
// page; a boosted button far down the history would leave it out of sight, so bring it into
// view and give it the focus, so a screen reader reads it too. A hand refused (422) says why
// above its form, far above the Save button on a phone: it is brought into view the same way.
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

  function showRefusal() {
    // A new answer brings a new element: each refusal is shown once.
    var errors = document.getElementById("form-errors");
    if (!errors || errors.dataset.shown || document.getElementById("conflict")) return;
    errors.dataset.shown = "true";
    errors.scrollIntoView({ block: "start" });
    errors.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", showConflict);
  document.addEventListener("htmx:afterSettle", showConflict);
  document.addEventListener("htmx:afterSettle", showRefusal);
})();
