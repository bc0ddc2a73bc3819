// Ciapanò: each player's penalty so far, as an exact fraction, on the buttons that pick who
// gets the tapped cards, so the count is in sight while tapping (the preview is further down).
// hand.js does the tapping; this only reads the radios it sets.
(function () {
  "use strict";

  function fraction(thirds) {
    var whole = Math.floor(thirds / 3);
    var rest = thirds % 3;
    if (!rest) return String(whole);
    // A no-break space keeps "4 1/3" together on a narrow button.
    return (whole ? whole + "\u00a0" : "") + rest + "/3";
  }

  function update() {
    var form = document.getElementById("hand-form");
    if (!form) return;
    form.querySelectorAll("[data-penalty]").forEach(function (counter) {
      var thirds = 0;
      form.querySelectorAll(".card").forEach(function (card) {
        var checked = card.querySelector('input[type="radio"]:checked');
        if (checked && checked.value === counter.dataset.penalty) {
          // Only penalty cards are in the grid: an ace is worth three thirds, the rest one.
          thirds += card.dataset.card.charAt(0) === "A" ? 3 : 1;
        }
      });
      counter.textContent = fraction(thirds);
    });
  }

  document.addEventListener("change", update);
  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("htmx:afterSettle", update);
})();
