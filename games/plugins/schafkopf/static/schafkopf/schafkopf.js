// Schafkopf hand entry: only the groups the picked contract asks for, the doubling chain on one
// button, and the declarer never offered as his own partner. In a Ramsch, a Durchmarsch and the
// card points exclude each other, and a Jungfrau has no card points. The radios and inputs stay the
// source of truth: without JavaScript every group shows and the server checks the hand.
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
    inputs(form, "partner").forEach(function (input) {
      var same = input.value !== "" && input.value === declarer;
      // Disabled rather than hidden, so the chips keep their seats (and colours) in place.
      input.disabled = same;
      if (same) input.checked = false;
    });
  }

  function applyContract(form, clearHidden) {
    var flags = contracts()[checked(form, "contract")];
    if (!flags) return;
    Object.keys(flags).forEach(function (key) {
      if (key !== "explanation") form.dataset[key] = flags[key];
    });
    var help = document.getElementById("sk-contract-help");
    if (help) help.textContent = flags.explanation;
    if (!clearHidden) return;
    // What the new contract hides must not be sent: the engine would refuse a partner in a
    // Solo or a doubled Sie that nobody can see on the screen any more.
    var suit = checked(form, "suit");
    if (suit && flags.suits.split(" ").indexOf(suit) < 0) uncheck(form, "suit");
    if (flags.declarer === "0") uncheck(form, "declarer");
    if (flags.partner === "0") uncheck(form, "partner");
    if (flags.doubling === "0") setDoubling(form, 0);
    if (flags.result !== "plain") {
      uncheck(form, "schneider");
      uncheck(form, "schwarz");
      setValue(form, "declarer_points", "");
    }
    if (flags.result === "none" || flags.result === "ramsch") {
      uncheck(form, "declarer_won");
      setValue(form, "declarer_tricks", "");
    }
    if (flags.result !== "ramsch") {
      clearRamschPoints(form);
      uncheck(form, "durchmarsch");
    }
    if (flags.laufende === "0") setValue(form, "laufende", "0");
    if (flags.klopfen === "0") setValue(form, "klopfen", "0");
    form.dataset.suitWas = checked(form, "suit");
    form.dataset.durchmarschWas = checked(form, "durchmarsch");
  }

  function init() {
    var form = skForm();
    if (!form) return;
    applyContract(form, false);
    syncPartner(form);
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
    if (target.name === "contract") applyContract(form, true);
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

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();
