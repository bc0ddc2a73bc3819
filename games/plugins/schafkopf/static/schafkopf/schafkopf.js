// Schafkopf hand entry: taps only. The server says, per contract, which inputs apply
// (#sk-contracts, from the engine's fields_for): picking a contract copies its flags onto the form
// for the stylesheet to hide the other groups, and disables the inputs that do not apply so they
// are not sent. The script knows no rule of the game: without it every group shows and the engine
// refuses a field that does not apply. The rest is tap handling: the doubling chain on one button,
// a second tap taking a suit or a Durchmarsch back, the declarer's own chip disabled in the
// partner row, and whichever of two exclusive entries was tapped last counting (won or lost and
// the card points; a Durchmarsch and the card points).
// Listeners sit on the document because htmx swaps the whole form after each saved hand.
(function () {
  "use strict";

  function skForm() {
    var form = document.getElementById("hand-form");
    return form && form.classList.contains("sk-form") ? form : null;
  }

  function contracts() {
    var data = document.getElementById("sk-contracts");
    return data ? JSON.parse(data.textContent) : {};
  }

  function inputs(form, name) {
    return form.querySelectorAll('input[name="' + name + '"]');
  }

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function uncheck(form, name) {
    inputs(form, name).forEach(function (input) {
      input.checked = false;
    });
  }

  function setValue(form, name, value) {
    var input = form.querySelector('input[name="' + name + '"]');
    if (input) input.value = value;
  }

  function clearRamschPoints(form) {
    form.querySelectorAll(".sk-card-points").forEach(function (input) {
      input.value = "";
    });
    uncheck(form, "jungfrau");
  }

  function showDoubling(form) {
    var radio = form.querySelector('input[name="doublings"]:checked') || inputs(form, "doublings")[0];
    var button = form.querySelector(".sk-double");
    var help = document.getElementById("sk-double-help");
    if (!radio || !button) return;
    var label = radio.closest("label");
    button.dataset.level = radio.value;
    button.querySelector(".sk-double-name").textContent = label.dataset.name;
    if (help) help.textContent = label.dataset.help;
  }

  function setDoubling(form, level) {
    var radio = inputs(form, "doublings")[level];
    if (radio) radio.checked = true;
    showDoubling(form);
  }

  function syncPartner(form) {
    var declarer = checked(form, "declarer");
    var flags = contracts()[checked(form, "contract")];
    inputs(form, "partner").forEach(function (input) {
      var same = input.value !== "" && input.value === declarer;
      // Disabled rather than hidden, so the chips keep their seats (and colours) in place.
      input.disabled = same || (flags ? !applies(flags, input) : false);
      if (same) input.checked = false;
    });
  }

  function applies(flags, input) {
    var names = (flags.fields || "").split(" ");
    return names.indexOf(input.name) >= 0 || names.indexOf(input.name + "=" + input.value) >= 0;
  }

  function applyContract(form) {
    var flags = contracts()[checked(form, "contract")];
    if (!flags) return;
    Object.keys(flags).forEach(function (key) {
      if (key !== "explanation" && key !== "fields") form.dataset[key] = flags[key];
    });
    var help = document.getElementById("sk-contract-help");
    if (help) help.textContent = flags.explanation;
    // What the contract does not ask for is not sent: disabled, it keeps its value for a
    // contract that asks for it again.
    form.querySelectorAll(".sk-group:not(.sk-contract) input").forEach(function (input) {
      input.disabled = !applies(flags, input);
    });
    syncPartner(form);
  }

  function init() {
    var form = skForm();
    if (!form) return;
    applyContract(form);
    showDoubling(form);
    form.dataset.suitWas = checked(form, "suit");
    form.dataset.durchmarschWas = checked(form, "durchmarsch");
  }

  document.addEventListener("click", function (event) {
    var form = skForm();
    if (!form || !form.contains(event.target)) return;
    var button = event.target.closest(".sk-double");
    if (button) {
      var count = inputs(form, "doublings").length;
      var level = (parseInt(button.dataset.level, 10) || 0) + 1;
      setDoubling(form, level % count);
      // One bubbling change tells htmx to refresh the preview.
      form.querySelector('input[name="doublings"]:checked')
        .dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    var marsch = event.target.closest('input[name="durchmarsch"]');
    if (marsch && marsch.value === form.dataset.durchmarschWas) {
      // Like the suit: a second tap on the Durchmarsch takes it back.
      marsch.checked = false;
      form.dataset.durchmarschWas = "";
      marsch.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    var input = event.target.closest('input[name="suit"]');
    if (input) {
      // The suit is optional: a second tap on the chosen suit takes it back.
      if (input.value === form.dataset.suitWas) {
        input.checked = false;
        form.dataset.suitWas = "";
        input.dispatchEvent(new Event("change", { bubbles: true }));
      } else {
        form.dataset.suitWas = input.value;
      }
    }
  });

  document.addEventListener("change", function (event) {
    var form = skForm();
    var target = event.target;
    if (!form || !form.contains(target) || !target.name) return;
    if (target.name === "contract") applyContract(form);
    if (target.name === "declarer") syncPartner(form);
    if (target.name === "doublings") showDoubling(form);
    if (target.name === "suit") form.dataset.suitWas = checked(form, "suit");
    if (target.name === "durchmarsch") {
      form.dataset.durchmarschWas = checked(form, "durchmarsch");
      // One player took every trick: the card points and the Jungfrauen say nothing more.
      if (target.checked) clearRamschPoints(form);
    }
    if (target.name === "jungfrau" && target.checked) {
      uncheck(form, "durchmarsch");
      form.dataset.durchmarschWas = "";
      // A player who took no trick took no card points.
      var row = target.closest(".sk-ramsch-row");
      var points = row && row.querySelector(".sk-card-points");
      if (points && points.value === "") points.value = "0";
    }
    // Won or lost with the toggles, or the card points: whichever was entered last counts.
    if (target.name === "declarer_won" || (target.name === "schneider" && target.checked)) {
      setValue(form, "declarer_points", "");
    }
  });

  document.addEventListener("input", function (event) {
    var form = skForm();
    var target = event.target;
    if (!form || !form.contains(target)) return;
    if (target.classList.contains("sk-card-points") && target.value !== "") {
      uncheck(form, "durchmarsch");
      form.dataset.durchmarschWas = "";
      return;
    }
    if (target.name !== "declarer_points") return;
    if (target.value !== "") {
      // The points decide won or lost and Schneider themselves.
      uncheck(form, "declarer_won");
      uncheck(form, "schneider");
    }
  });

  // -- at a table of five the dealer sits out: every seat's parts are on the page, each marked
  // (data-offline-seat), and the line saying who sits out, one per seat (data-offline-sitter).
  // The server hides the dealer's; after each hand kept on the phone with no signal
  // (pending.js) the next seat deals, so the form offers the next hand's four.
  function dealSeat(form, dealer) {
    var field = form.querySelector('input[name="sits_out"]');
    var seat = String(dealer);
    field.setAttribute("value", seat);
    field.value = seat;
    form.querySelectorAll("[data-offline-seat]").forEach(function (part) {
      var out = part.getAttribute("data-offline-seat") === seat;
      part.hidden = out;
      if (!out) return;
      part.querySelectorAll("input").forEach(function (input) {
        input.removeAttribute("checked");
        input.checked = false;
        if (input.type !== "radio" && input.type !== "checkbox") input.value = "";
      });
    });
    form.querySelectorAll("[data-offline-sitter]").forEach(function (part) {
      part.hidden = part.getAttribute("data-offline-sitter") !== seat;
    });
  }

  document.addEventListener("pending-rendered", function (event) {
    var form = skForm();
    var field = form && form.querySelector('input[name="sits_out"]');
    var seats = form ? form.querySelectorAll("[data-offline-sitter]").length : 0;
    if (!field || !seats) return;
    // Who deals the first hand not stored, as the page came (the server's, or the one a table
    // started offline chose: offline-tables.js), before any hand was kept here.
    if (!("dealsFirst" in field.dataset)) field.dataset.dealsFirst = field.getAttribute("value") || "0";
    var first = parseInt(field.dataset.dealsFirst, 10) || 0;
    var kept = (event.detail && event.detail.hands) || [];
    dealSeat(form, (first + kept.length) % seats);
  });

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
  // A saved hand empties the form where it is (hand.js): the fresh form's contract applies again.
  document.addEventListener("hand-recorded", function () { setTimeout(init, 0); });
  // So does a hand kept on the phone with no signal (pending.js), which resets the form.
  document.addEventListener("reset", function () { setTimeout(init, 0); });
})();
