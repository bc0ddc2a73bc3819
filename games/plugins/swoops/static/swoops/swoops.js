// Swoops hand entry: one chip keyboard that adds cards to the player picked above it.
// The text inputs cards_N and total_N stay the source of truth: they are what the form posts
// and what the page shows without JavaScript. Listeners sit on document because htmx swaps
// the form after every save.
(function () {
  "use strict";

  var SEPARATORS = /[\s,;]+/;

  function swoopsForm() {
    var form = document.getElementById("hand-form");
    return form && form.classList.contains("swoops-form") ? form : null;
  }

  function words(text) {
    return text.split(SEPARATORS).filter(function (word) { return word !== ""; });
  }

  function values(form) {
    var table = {};
    form.querySelectorAll(".sw-chip[data-rank]").forEach(function (chip) {
      table[chip.dataset.rank] = parseInt(chip.dataset.value, 10);
    });
    return table;
  }

  function field(form, kind, seat) {
    return form.querySelector('[name="' + kind + "_" + seat + '"]');
  }

  function seats(form) {
    return Array.prototype.map.call(form.querySelectorAll(".sw-player"), function (row) {
      return row.dataset.seat;
    });
  }

  function outSeat(form) {
    var checked = form.querySelector('input[name="went_out"]:checked');
    return checked ? checked.value : null;
  }

  function selectedSeat(form) {
    var pressed = form.querySelector('.sw-pick[aria-pressed="true"]');
    return pressed ? pressed.dataset.seat : null;
  }

  function typedTotal(form, seat) {
    var input = field(form, "total", seat);
    return input && input.value.trim() !== "" ? parseInt(input.value, 10) : null;
  }

  // What a player's row says: the points, and the cards or why there are none.
  function summary(form, seat, table) {
    if (seat === outSeat(form)) return { text: form.dataset.textOut, points: 0 };
    var typed = typedTotal(form, seat);
    if (typed !== null && !isNaN(typed)) return { text: form.dataset.textTyped, points: typed };
    var ranks = words(field(form, "cards", seat).value.toUpperCase());
    if (!ranks.length) return { text: form.dataset.textEmpty, points: null };
    var points = ranks.reduce(function (sum, rank) { return sum + (table[rank] || 0); }, 0);
    return { text: ranks.join(" "), points: points };
  }

  function render(form) {
    if (!form) return;
    var table = values(form);
    var out = outSeat(form);
    var current = selectedSeat(form);
    seats(form).forEach(function (seat) {
      var row = form.querySelector('.sw-player[data-seat="' + seat + '"]');
      var said = summary(form, seat, table);
      row.classList.toggle("is-out", seat === out);
      row.querySelector(".sw-pick").disabled = seat === out;
      field(form, "total", seat).disabled = seat === out;
      row.querySelector("[data-sw-points]").textContent = said.points === null ? "–" : said.points;
      row.querySelector("[data-sw-cards]").textContent = said.text;
    });
    var name = form.querySelector("[data-sw-current-name]");
    if (!name) return;
    if (current === null) {
      name.textContent = "";
      form.querySelector("[data-sw-current-cards]").textContent = "";
      form.querySelector("[data-sw-current-points]").textContent = "";
      return;
    }
    var said = summary(form, current, table);
    var row = form.querySelector('.sw-player[data-seat="' + current + '"]');
    var player = row.querySelector(".sw-pick-name").textContent;
    // A function, so that a "$" in a name is never read as a replacement pattern.
    name.textContent = form.dataset.textPlayer.replace("%(player)s", function () { return player; });
    form.querySelector("[data-sw-current-cards]").textContent = said.text;
    form.querySelector("[data-sw-current-points]").textContent =
      said.points === null ? "" :
        (said.points === 1 ? form.dataset.textPoint : form.dataset.textPoints)
          .replace("%(points)s", said.points);
  }

  function select(form, seat) {
    form.querySelectorAll(".sw-pick").forEach(function (button) {
      button.setAttribute("aria-pressed", button.dataset.seat === seat ? "true" : "false");
    });
    var row = form.querySelector('.sw-player[data-seat="' + seat + '"]');
    // The keyboard under the list in sight, then the picked row: both, where the screen holds
    // them, and the row the player tapped where it does not.
    var keyboard = form.querySelector(".sw-keyboard");
    if (keyboard && keyboard.scrollIntoView) keyboard.scrollIntoView({ block: "nearest" });
    if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }

  // The next player after ``seat`` who did not go out, going round the table.
  function nextSeat(form, seat, wantEmpty) {
    var all = seats(form);
    var out = outSeat(form);
    var start = all.indexOf(seat);
    for (var step = 1; step <= all.length; step++) {
      var candidate = all[(start + step) % all.length];
      if (candidate === out) continue;
      if (wantEmpty && summary(form, candidate, values(form)).points !== null) continue;
      return candidate;
    }
    return null;
  }

  function changed(form) {
    render(form);
    // One bubbling change event tells htmx to refresh the preview.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A player's entry is either cards or a typed total: switching keeps the other one aside,
  // so a slip (or picking the wrong player as gone out) can be taken back.
  function stash(input) {
    if (input.value !== "") input.dataset.stash = input.value;
    input.value = "";
  }

  function unstash(input) {
    if (input.value === "" && input.dataset.stash) input.value = input.dataset.stash;
    delete input.dataset.stash;
  }

  function start(form) {
    if (!form) return;
    var out = outSeat(form);
    if (selectedSeat(form) === null) {
      var first = seats(form)[0];
      var seat = out === null ? first : nextSeat(form, out, true) || nextSeat(form, out, false);
      if (seat !== null) select(form, seat);
    }
    render(form);
  }

  document.addEventListener("click", function (event) {
    var form = swoopsForm();
    if (!form || !form.contains(event.target)) return;
    var target = event.target;

    var pick = target.closest(".sw-pick");
    if (pick) {
      select(form, pick.dataset.seat);
      render(form);
      return;
    }
    var seat = selectedSeat(form);
    if (seat === null) return;
    var cards = field(form, "cards", seat);
    var chip = target.closest(".sw-chip[data-rank]");
    if (chip) {
      if (seat === outSeat(form)) return;
      stash(field(form, "total", seat));
      delete cards.dataset.stash;
      cards.value = words(cards.value).concat([chip.dataset.rank]).join(" ");
      changed(form);
      return;
    }
    if (target.closest("[data-sw-undo]")) {
      cards.value = words(cards.value).slice(0, -1).join(" ");
      changed(form);
      return;
    }
    if (target.closest("[data-sw-next]")) {
      var next = nextSeat(form, seat, false);
      if (next !== null) select(form, next);
      render(form);
    }
  });

  document.addEventListener("change", function (event) {
    var form = swoopsForm();
    if (!form || event.target.name !== "went_out" || !form.contains(event.target)) return;
    var out = event.target.value;
    seats(form).forEach(function (seat) {
      var cards = field(form, "cards", seat);
      var total = field(form, "total", seat);
      if (seat === out) {
        stash(cards);
        stash(total);
      } else {
        unstash(cards);
        unstash(total);
      }
    });
    // Counting starts with the next player round the table who is still to count.
    var seat = nextSeat(form, out, true) || nextSeat(form, out, false);
    if (seat !== null) select(form, seat);
    render(form);
  });

  document.addEventListener("input", function (event) {
    var form = swoopsForm();
    var target = event.target;
    if (!form || !target.classList.contains("sw-total-input") || !form.contains(target)) return;
    var seat = target.name.split("_")[1];
    var cards = field(form, "cards", seat);
    if (target.value.trim() !== "") stash(cards);
    else unstash(cards);
    render(form);
  });

  document.addEventListener("DOMContentLoaded", function () { start(swoopsForm()); });
  document.addEventListener("htmx:afterSettle", function () { start(swoopsForm()); });
})();
