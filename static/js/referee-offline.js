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

  // What the server redraws when the game, the number of sides or a name changes: the side
  // buttons shown and their names, the name fields, the game's conventions (all are in the
  // page, those not in play hidden).
  function redraw(answer) {
    if (!answer.names) return;
    var count = answer.names.length;
    document.querySelectorAll(".side-pick[data-side]").forEach(function (button) {
      var index = Number(button.dataset.side);
      button.hidden = index >= count;
      var name = button.querySelector(".side-pick-name");
      if (name && index < count) name.textContent = answer.names[index];
    });
    document.querySelectorAll("[data-side-field]").forEach(function (field) {
      field.hidden = Number(field.dataset.sideField) >= count;
    });
    document.querySelectorAll("fieldset[data-kind]").forEach(function (conventions) {
      conventions.hidden = conventions.dataset.kind !== answer.kind;
    });
    // Taps go to a side still in play.
    var picked = document.querySelector('.side-pick[aria-pressed="true"]');
    var first = document.querySelector('.side-pick[data-side="0"]');
    if (picked && picked.hidden && first) first.click();
    // The labels under the cards follow the new names now, not at the next tap (hand.js).
    document.dispatchEvent(new CustomEvent("sides-renamed"));
  }

  function show(answer) {
    fill("verdict", answer.verdict);
    fill("verdict-bar", answer.bar);
    fill("ruling", answer.ruling);
    (answer.counts || []).forEach(function (count, index) {
      var counter = document.querySelector('[data-count-cards="' + index + '"]');
      if (counter) counter.textContent = String(count);
    });
    redraw(answer);
  }

  function verdictOf(words) {
    return document.getElementById(words.dataset.referee === "captures" ? "ruling" : "verdict");
  }

  // The engine is not on this phone (never online since, or saving data): the verdict shown is
  // for the cards before the change, and says so rather than pass for the new one.
  function cannot(words) {
    var verdict = verdictOf(words);
    if (!verdict) return;
    verdict.removeAttribute("aria-busy");
    var note = verdict.querySelector(".offline-cannot");
    if (!note) {
      note = document.createElement("p");
      note.className = "errors offline-cannot";
      note.setAttribute("role", "status");
      var heading = verdict.querySelector("h2");
      verdict.insertBefore(note, heading ? heading.nextSibling : verdict.firstChild);
    }
    note.textContent = words.dataset.cannot;
  }

  document.addEventListener("htmx:sendError", function (event) {
    var words = document.getElementById("referee-offline");
    var form = document.getElementById("hand-form");
    var from = event.detail.elt;
    if (!words || !form || !from || !form.contains(from)) return;
    var number = ++asked;
    if (!window.ScorekeeperEngine) {
      cannot(words);
      return;
    }
    var verdict = verdictOf(words);
    // Until the phone's answer comes (the engine may be starting): not yet the new verdict.
    if (verdict) verdict.setAttribute("aria-busy", "true");
    var args = [words.dataset.referee, JSON.stringify(fieldsOf(form)), words.dataset.words];
    window.ScorekeeperEngine.call(MODULE, "answer_json", args).then(
      function (answer) {
        // A later tap's answer wins over an earlier one that came after it.
        if (number !== asked) return;
        if (verdict) verdict.removeAttribute("aria-busy");
        show(answer);
      },
      function () {
        if (number === asked) cannot(words);
      }
    );
  });
})();
