// The referees with no signal: when the server cannot answer a tap, the phone works the verdict
// out with the server's own pure Python (games/plugins/scopa/rulings.py, run by
// ScorekeeperEngine under Pyodide, static/js/offline-engine.js) from the same fields the form
// would have sent, in the page's words (#referee-offline, written by the server), and puts it
// where the server's would have gone. No rule is written here: this script only moves HTML.
// Loaded by the referee pages only.
(function () {
  "use strict";

  var MODULE = "games.plugins.scopa.rulings";
  var asked = 0;

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") fields.push([name, value]);
    });
    return fields;
  }

  function fill(id, html) {
    var part = document.getElementById(id);
    if (part && typeof html === "string") part.innerHTML = html;
  }

  function show(answer) {
    fill("verdict", answer.verdict);
    fill("verdict-bar", answer.bar);
    fill("ruling", answer.ruling);
    (answer.counts || []).forEach(function (count, index) {
      var counter = document.querySelector('[data-count-cards="' + index + '"]');
      if (counter) counter.textContent = String(count);
    });
  }

  document.addEventListener("htmx:sendError", function (event) {
    var words = document.getElementById("referee-offline");
    var form = document.getElementById("hand-form");
    var from = event.detail.elt;
    if (!words || !form || !from || !form.contains(from) || !window.ScorekeeperEngine) return;
    var number = ++asked;
    var args = [words.dataset.referee, JSON.stringify(fieldsOf(form)), words.dataset.words];
    window.ScorekeeperEngine.call(MODULE, "answer_json", args).then(
      function (answer) {
        // A later tap's answer wins over an earlier one that came after it.
        if (number === asked) show(answer);
      },
      function () {
        // No runtime on this phone yet: the verdict stays as it was.
      }
    );
  });
})();
