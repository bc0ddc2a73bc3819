// The season and game pickers scroll sideways on a phone: bring the chosen chip into view, on
// load and after htmx swaps in new standings.
(function () {
  function showCurrentChips(root) {
    root.querySelectorAll(".scope-chips").forEach(function (row) {
      var current = row.querySelector('[aria-current="page"]');
      if (current) {
        row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
      }
    });
  }
  document.addEventListener("DOMContentLoaded", function () { showCurrentChips(document); });
  document.addEventListener("htmx:afterSettle", function (event) { showCurrentChips(event.target); });
})();
