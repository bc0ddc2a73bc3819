// Hand entry: tap cards to give them to the chosen side, and steppers. Everything here only
// speeds up a form that also works without JavaScript: the radios inside each card remain the
// source of truth and are what the form submits. The numbers (each side's counters on its
// button, the preview) are the server's: they come with the preview htmx fetches on every
// change, the counters out of band.
(function () {
  "use strict";

  function handForm() {
    return document.getElementById("hand-form");
  }

  function activeSide(form) {
    var pressed = form.querySelector('.side-pick[aria-pressed="true"]');
    return pressed ? pressed.dataset.side : "0";
  }

  function sideLabels(form) {
    var labels = {};
    form.querySelectorAll(".side-pick").forEach(function (button) {
      // A long side name has a short form for the label under each card.
      var name = button.dataset.short || button.querySelector(".side-pick-name").textContent.trim();
      labels[button.dataset.side] = name;
    });
    return labels;
  }

  function setCard(card, side) {
    var radio = card.querySelector('input[type="radio"][value="' + side + '"]');
    if (radio) radio.checked = true;
    card.dataset.side = side;
  }

  // Each card shows who has it, from its checked radio. True when a card's side was not the
  // one the page was drawn with (the browser put back what was entered before a reload).
  function refresh(form) {
    if (!form) return false;
    var labels = sideLabels(form);
    var moved = false;
    form.querySelectorAll(".card").forEach(function (card) {
      var checked = card.querySelector('input[type="radio"]:checked');
      var side = checked ? checked.value : "";
      if (card.dataset.side !== side) moved = true;
      card.dataset.side = side;
      card.dataset.sideLabel = side === "" ? "" : labels[side] || "";
    });
    return moved;
  }

  function changed(form) {
    refresh(form);
    // One bubbling change event tells htmx to refresh the preview.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var fill = target.closest("[data-fill-player]");
    if (fill) {
      var empty = Array.prototype.find.call(
        document.querySelectorAll('input[name^="player_"]'),
        function (input) { return input.value.trim() === ""; }
      );
      if (empty) {
        empty.value = fill.dataset.fillPlayer;
        empty.focus();
      }
      return;
    }
    var form = handForm();
    if (!form || !form.contains(target)) return;

    var pick = target.closest(".side-pick");
    if (pick) {
      form.querySelectorAll(".side-pick").forEach(function (button) {
        button.setAttribute("aria-pressed", button === pick ? "true" : "false");
      });
      return;
    }
    var card = target.closest(".card");
    if (card && !target.closest("input, label")) {
      var side = activeSide(form);
      if (card.dataset.side !== side && form.dataset.singleSide === side) {
        // A side that holds one card only (the played card on the capture referee).
        form.querySelectorAll('.card[data-side="' + side + '"]').forEach(function (other) {
          setCard(other, "");
        });
      }
      setCard(card, card.dataset.side === side ? "" : side);
      changed(form);
      return;
    }
    var rest = target.closest(".rest-to");
    if (rest) {
      event.preventDefault();
      form.querySelectorAll(".card").forEach(function (each) {
        if (each.dataset.side === "") setCard(each, rest.value);
      });
      changed(form);
      return;
    }
    var step = target.closest(".step");
    if (step) {
      var input = document.getElementById(step.dataset.target);
      var value = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
      var max = input.max ? parseInt(input.max, 10) : Infinity;
      // A field that takes negative points says so by its min (the custom game's).
      var min = input.min ? parseInt(input.min, 10) : 0;
      input.value = Math.min(Math.max(value, min), max);
      changed(form);
    }
  });

  document.addEventListener("change", function (event) {
    var form = handForm();
    if (form && event.target !== form && form.contains(event.target)) refresh(form);
  });

  // A save makes a preview still on its way stale: answered after the save's own answer, its
  // counters would be written over the next hand's empty ones. The save aborts one in flight,
  // and no preview starts while the save is on its way (its answer brings the next preview).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = handForm();
    var element = event.detail.elt;
    if (!form || !element) return;
    var preview = document.getElementById("preview");
    if (element === form && preview) {
      htmx.trigger(preview, "htmx:abort");
    } else if (element.id === "preview" && form.classList.contains("htmx-request")) {
      event.preventDefault();
    }
  });

  // A hand this phone recorded (htmx answered with only what changed): every form on the page
  // now writes against the table's new version, and the hand form is emptied for the next
  // hand when the server found it still the right form (otherwise it sent a new one).
  document.addEventListener("hand-recorded", function (event) {
    var detail = event.detail || {};
    if (detail.version !== undefined) {
      document.querySelectorAll('#table-main input[name="table_version"]').forEach(function (input) {
        input.value = detail.version;
      });
    }
    var form = handForm();
    if (!form) return;
    if (detail.reset) {
      form.reset();
      form.querySelectorAll(".side-pick").forEach(function (button, index) {
        button.setAttribute("aria-pressed", index === 0 ? "true" : "false");
      });
      refresh(form);
    }
    // Not for a hand kept offline and sent in the background (pending.js): the player may be
    // elsewhere on the page.
    if (!detail.background) focusFirst(form);
  });

  // The next hand starts where the last one did: otherwise focus falls to the page's body (the
  // Save button it was on is gone, or was disabled while saving), and a keyboard or screen
  // reader user starts again from the top. Without scrolling: the save shows the scoreboard.
  function focusFirst(form) {
    var controls = form.querySelectorAll("input:not([type=hidden]), select, textarea, button");
    for (var i = 0; i < controls.length; i++) {
      var control = controls[i];
      if (control.disabled || control.tabIndex < 0 || !control.getClientRects().length) continue;
      if (control.type === "radio" && control.name) {
        // A radio group's tab stop is its checked radio.
        var checked = form.querySelector('input[type="radio"][name="' + control.name + '"]:checked');
        if (checked) control = checked;
      }
      control.focus({ preventScroll: true });
      return;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm();
    // Cards the browser put back: the server counts them with the preview.
    if (refresh(form)) form.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("htmx:afterSettle", function () { refresh(handForm()); });
  // The sides' names changed without a swap (a referee with no signal: referee-offline.js).
  document.addEventListener("sides-renamed", function () { refresh(handForm()); });

  // A change to a part that redraws itself (data-redraw: the referee's game and sides) goes no
  // further, so the form's own trigger (a tap redraws the verdict) does not fire as well. A
  // filter in hx-trigger would do it, but needs eval, which the CSP forbids.
  function stopAtRedraw(root) {
    root.querySelectorAll("[data-redraw]").forEach(function (part) {
      if (part.dataset.stopsChange) return;
      part.dataset.stopsChange = "true";
      part.addEventListener("change", function (event) { event.stopPropagation(); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { stopAtRedraw(document); });
  document.addEventListener("htmx:load", function (event) { stopAtRedraw(event.target); });

  // The new-table form is drawn again for the game chosen, with the names it was sent; names
  // typed while that was on its way (a slow signal) would be lost to the older copy, so what
  // the boxes hold when it arrives is put back into the boxes of the same name, as soon as it
  // is in the page: not once it has settled (20 ms on), which put back over names typed in
  // the new boxes meanwhile what the old ones held.
  var typedNames = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = event.detail.target;
    if (!form || form.id !== "table-form") return;
    typedNames = {};
    form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
      typedNames[input.name] = input.value;
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var form = document.getElementById("table-form");
    if (!typedNames || !form) return;
    form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
      if (Object.prototype.hasOwnProperty.call(typedNames, input.name)) {
        input.value = typedNames[input.name];
      }
    });
    typedNames = null;
  });
})();

// The card grid is one tab stop (a roving tabindex): Tab reaches it once, the arrow keys move
// from card to card (up and down by where the cards are drawn, so any grid's shape works), and
// Space or Enter gives the card to the picked side as a tap does. Forty cards of radios would
// otherwise be forty tab stops between the side picker and the Save button.
// Focus stays on the card's checked radio, the control the form submits: a screen reader says
// the card (its fieldset's legend) and who has it ("7 of Coins, Ann, radio button, checked").
(function () {
  "use strict";

  function cardsOf(grid) {
    return Array.prototype.slice.call(grid.querySelectorAll(".card"));
  }

  function stop(card) {
    return card.querySelector('input[type="radio"]:checked') || card.querySelector('input[type="radio"]');
  }

  function cardGrid(input) {
    return input.closest && input.closest(".js .card-grid .card") ? input.closest(".card") : null;
  }

  // Exactly one radio of the grid is tabbable: the one in the card focused last, else the first
  // card's. Called again whenever checks change, since the checked radio of a card moves.
  function prepare() {
    if (!document.documentElement.classList.contains("js")) return;
    document.querySelectorAll(".card-grid").forEach(function (grid) {
      var cards = cardsOf(grid);
      if (!cards.length) return;
      var current = cards.filter(function (card) { return card.dataset.roving === "1"; })[0] || cards[0];
      cards.forEach(function (card) {
        card.dataset.roving = card === current ? "1" : "";
        var target = card === current ? stop(card) : null;
        card.querySelectorAll('input[type="radio"]').forEach(function (input) {
          input.tabIndex = input === target ? 0 : -1;
        });
      });
    });
  }

  // The nearest card in the next row down (step 1) or up (-1), by the middle of each card.
  function vertical(cards, card, step) {
    var here = card.getBoundingClientRect();
    var middle = here.left + here.width / 2;
    var best = null;
    cards.forEach(function (other) {
      var box = other.getBoundingClientRect();
      var beyond = step > 0 ? box.top > here.top + 1 : box.top < here.top - 1;
      if (!beyond) return;
      var rows = Math.abs(box.top - here.top);
      var across = Math.abs(box.left + box.width / 2 - middle);
      if (!best || rows < best.rows - 1 || (Math.abs(rows - best.rows) <= 1 && across < best.across)) {
        best = { card: other, rows: rows, across: across };
      }
    });
    return best ? best.card : null;
  }

  function focusCard(card) {
    card.closest(".card-grid").querySelectorAll(".card").forEach(function (each) {
      each.dataset.roving = each === card ? "1" : "";
    });
    prepare();
    stop(card).focus();
  }

  document.addEventListener("keydown", function (event) {
    var card = cardGrid(event.target);
    if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
    var cards = cardsOf(card.closest(".card-grid"));
    var index = cards.indexOf(card);
    var next = null;
    switch (event.key) {
      case "ArrowRight": next = cards[index + 1]; break;
      case "ArrowLeft": next = cards[index - 1]; break;
      case "ArrowDown": next = vertical(cards, card, 1); break;
      case "ArrowUp": next = vertical(cards, card, -1); break;
      case "Home": next = cards[0]; break;
      case "End": next = cards[cards.length - 1]; break;
      case " ":
      case "Enter":
        // Not the radio's own Space (a no-op on a checked radio) nor Enter (submits the form).
        event.preventDefault();
        card.click();
        focusCard(card);
        return;
      default:
        return;
    }
    // Not the radios' own arrows, which would change who has the card.
    event.preventDefault();
    if (next) focusCard(next);
  });

  // A card tapped or focused with Tab becomes the grid's tab stop.
  document.addEventListener("focusin", function (event) {
    var card = cardGrid(event.target);
    if (card && card.dataset.roving !== "1") {
      card.closest(".card-grid").querySelectorAll(".card").forEach(function (each) {
        each.dataset.roving = each === card ? "1" : "";
      });
    }
  });
  document.addEventListener("change", prepare);
  document.addEventListener("reset", function () { setTimeout(prepare, 0); });
  document.addEventListener("hand-recorded", prepare);
  document.addEventListener("DOMContentLoaded", prepare);
  document.addEventListener("htmx:afterSettle", prepare);
})();
