// Hand entry: tap cards to give them to the chosen side, steppers, and live counters.
// Everything here only speeds up a form that also works without JavaScript: the radios
// inside each card remain the source of truth and are what the form submits.
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

  function refresh(form) {
    if (!form) return;
    var labels = sideLabels(form);
    form.querySelectorAll(".card").forEach(function (card) {
      var checked = card.querySelector('input[type="radio"]:checked');
      card.dataset.side = checked ? checked.value : "";
      card.dataset.sideLabel = card.dataset.side === "" ? "" : labels[card.dataset.side] || "";
    });
    form.querySelectorAll("[data-count-cards]").forEach(function (counter) {
      var side = counter.dataset.countCards;
      counter.textContent = form.querySelectorAll('.card[data-side="' + side + '"]').length;
    });
    form.querySelectorAll("[data-count-coins]").forEach(function (counter) {
      var side = counter.dataset.countCoins;
      counter.textContent = form.querySelectorAll(
        '.card[data-side="' + side + '"][data-coin="1"]'
      ).length;
    });
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
      input.value = Math.min(Math.max(value, 0), max);
      changed(form);
    }
  });

  document.addEventListener("change", function (event) {
    var form = handForm();
    if (form && event.target !== form && form.contains(event.target)) refresh(form);
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
    if (!detail.reset || !form) return;
    form.reset();
    form.querySelectorAll(".side-pick").forEach(function (button, index) {
      button.setAttribute("aria-pressed", index === 0 ? "true" : "false");
    });
    refresh(form);
  });

  document.addEventListener("DOMContentLoaded", function () { refresh(handForm()); });
  document.addEventListener("htmx:afterSettle", function () { refresh(handForm()); });
})();
