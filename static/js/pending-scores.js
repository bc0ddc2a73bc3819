// Hands kept on the phone with no signal (static/js/pending.js), scored on the phone by the
// server's own rules (static/js/offline-engine.js): each waiting row shows its points, and the
// totals at the top include them, marked as not yet stored; the hand being entered gets its
// points as a preview when the server's cannot come. The table's scoresheet (its stored
// hands) is kept on the phone for that: fetched in the background whenever the table changes
// with a signal, once the service worker is there (never on the first load, nor on save-data).
(function () {
  "use strict";

  var SHEET = "scorekeeper:sheet:";
  var fetching = null; // the version being fetched

  function holder() {
    return document.getElementById("pending");
  }

  function version() {
    var input = document.querySelector('#hand-form input[name="table_version"]');
    return input && input.value ? input.value : null;
  }

  function readSheet(table) {
    try {
      return JSON.parse(localStorage.getItem(SHEET + table) || "null");
    } catch (error) {
      return null;
    }
  }

  // The seat that dealt the table's first hand, which the deal follows from (who sits out at a
  // Schafkopf table of five): the scoresheet does not say it. A table started on this phone
  // keeps its own with its sheet (offline-tables.js); its page is the blank one's.
  function firstDealer(words, kept) {
    if (kept && typeof kept.firstDealer === "number") return kept.firstDealer;
    var seat = parseInt(words.dataset.firstDealer, 10);
    return isNaN(seat) ? 0 : seat;
  }

  // How the page's language writes numbers (the server's formatting, games/scoring/numbers.py).
  function numbers(words) {
    return words.dataset.numbers || "{}";
  }

  function savesData() {
    return !!(navigator.connection && navigator.connection.saveData);
  }

  // -- the table's scoresheet, as of the version the page shows
  function keepSheet() {
    var words = holder();
    var now = version();
    if (!words || !words.dataset.scoresheet || now === null) return;
    if (navigator.onLine === false || savesData() || !("serviceWorker" in navigator)) return;
    var kept = readSheet(words.dataset.table);
    if ((kept && kept.version === now) || fetching === now) return;
    fetching = now;
    navigator.serviceWorker.ready
      .then(function () {
        // Marked, so the answer sets no cookie (KeptCopyMiddleware), as the worker's fetches.
        return fetch(words.dataset.scoresheet, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } });
      })
      .then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.json();
      })
      .then(function (sheet) {
        localStorage.setItem(SHEET + words.dataset.table, JSON.stringify({ version: now, sheet: sheet }));
      })
      .catch(function () {
        // No signal, or no room: tried again when the table next changes.
      })
      .then(function () {
        fetching = null;
      });
  }

  // -- the totals and each waiting row's points
  function element(tag, className, text) {
    var made = document.createElement(tag);
    made.className = className;
    made.textContent = text;
    return made;
  }

  function note(words, included) {
    var line = words.querySelector(".pending-note");
    if (line) line.textContent = included ? words.dataset.included : words.dataset.leftOut;
  }

  function storedTotals() {
    document.querySelectorAll("#scoreboard [data-total]").forEach(function (total) {
      if (!("stored" in total.dataset)) return;
      total.textContent = total.dataset.stored;
      delete total.dataset.stored;
      total.classList.remove("total-pending");
      total.removeAttribute("title");
    });
    var current = document.querySelector("#scoreboard template[data-current]");
    if (current) showDealer(current.dataset.dealer);
    var board = document.getElementById("scoreboard");
    if (board) board.classList.remove("totals-with-kept");
  }

  // -- who deals next, in the server's own words for that seat (the scoreboard's templates,
  // games/hands/base.py dealer_lines): the facts that name the dealer, and each side's note
  function showDealer(seat) {
    var board = document.getElementById("scoreboard");
    if (!board || seat === null || seat === undefined) return;
    var lines = board.querySelector('template[data-dealer="' + seat + '"]');
    if (!lines) return;
    var facts = lines.content.querySelectorAll("[data-dealer-fact]");
    board.querySelectorAll(".table-facts [data-dealer-fact]").forEach(function (fact, index) {
      if (facts[index]) fact.replaceWith(facts[index].cloneNode(true));
    });
    var notes = {};
    lines.content.querySelectorAll("[data-note]").forEach(function (note) {
      notes[note.dataset.note] = note;
    });
    board.querySelectorAll("[data-total]").forEach(function (total) {
      var note = notes[total.dataset.total];
      if (!note) return;
      total.parentNode.querySelectorAll(".total-to-go").forEach(function (old) { old.remove(); });
      if (!note.textContent) return;
      var shown = note.cloneNode(true);
      shown.removeAttribute("data-note");
      total.after(shown);
    });
  }

  // A kept hand's points as its row in the history will show them once stored (phone.py's
  // pending_text: a Schafkopf hand's "+1.50 €", a Briscola deal's card points).
  function pointsText(result, index) {
    var written = result.pending_text[index];
    return Object.keys(written).map(function (side) {
      return side + " " + written[side];
    }).join(" \u00b7 ");
  }

  function show(words, hands, result) {
    var scored = 0;
    hands.forEach(function (hand, index) {
      var row = document.querySelector('.history-pending[data-pending="' + hand.token + '"]');
      var outcome = result.pending[index] || {};
      if (!row) return;
      row.querySelectorAll(".pending-points").forEach(function (old) { old.remove(); });
      var text;
      if (outcome.points) {
        scored += 1;
        text = pointsText(result, index);
      } else {
        text = words.dataset.unscored;
      }
      row.insertBefore(element("p", "pending-points", text), row.children[1] || null);
    });
    if (!scored) {
      storedTotals();
      note(words, false);
      return;
    }
    document.querySelectorAll("#scoreboard [data-total]").forEach(function (total) {
      var side = total.dataset.total;
      if (!(side in result.totals_text)) return;
      if (!("stored" in total.dataset)) total.dataset.stored = total.textContent;
      total.textContent = result.totals_text[side];
      total.classList.add("total-pending");
      total.title = words.dataset.included;
    });
    if (typeof result.next_dealer === "number") showDealer(result.next_dealer);
    // The notes under the totals ("11 to go", a balance's points) speak of the stored hands
    // only: hidden while the totals count the kept ones (static/css/app.css).
    var board = document.getElementById("scoreboard");
    if (board) board.classList.add("totals-with-kept");
    note(words, true);
  }

  // -- the hand being entered, previewed on the phone when the server's preview cannot come
  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    return fields;
  }

  document.addEventListener("htmx:sendError", function (event) {
    var preview = event.detail.elt;
    var words = holder();
    var form = document.getElementById("hand-form");
    if (!preview || preview.id !== "preview" || !words || !form || !window.ScorekeeperEngine) return;
    var kept = readSheet(words.dataset.table);
    if (!kept) return;
    var hands = lastHands.map(function (hand) { return hand.fields; });
    hands.push(fieldsOf(form));
    window.ScorekeeperEngine.pending(kept.sheet, hands, firstDealer(words, kept), numbers(words)).then(function (result) {
      var outcome = result.pending[hands.length - 1] || {};
      if (!outcome.points) return;
      var text = pointsText(result, hands.length - 1);
      preview.replaceChildren(element("p", "pending-points", words.dataset.preview.replace("{points}", text)));
    }, function () {
      // No runtime on this phone yet: no preview, as before.
    });
  });

  var lastHands = [];

  document.addEventListener("pending-rendered", function (event) {
    var words = holder();
    var hands = event.detail.hands;
    lastHands = hands;
    if (!words) return;
    if (!hands.length) {
      storedTotals();
      note(words, false);
      return;
    }
    var kept = readSheet(words.dataset.table);
    var engine = window.ScorekeeperEngine;
    if (!kept || !engine) return;
    var fields = hands.map(function (hand) { return hand.fields; });
    engine.pending(kept.sheet, fields, firstDealer(words, kept), numbers(words)).then(
      function (result) { show(words, hands, result); },
      function () {
        // No runtime on this phone yet: the hands wait unscored, as before.
      }
    );
  });

  // The phone is one person's: signing out or in forgets the scoresheets kept, as the pages
  // (static/js/pwa.js).
  document.addEventListener("submit", function (event) {
    if (!event.target.closest("[data-forget-pages]")) return;
    try {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf(SHEET) === 0) localStorage.removeItem(key);
      });
    } catch (error) {
      // No storage: nothing kept.
    }
  });

  document.addEventListener("DOMContentLoaded", keepSheet);
  document.addEventListener("htmx:afterSettle", keepSheet);
  window.addEventListener("online", keepSheet);
})();
