// The theme switch (Auto / Light / Dark, templates/games/theme_switch.html): remembered on
// this phone in localStorage, where js-class.js reads it before the next page is drawn.
// "Auto" forgets the choice, and the stylesheet follows the phone again.
(function () {
  "use strict";

  var KEY = "theme";
  var root = document.documentElement;

  function stored() {
    try {
      return window.localStorage.getItem(KEY) || "auto";
    } catch (error) {
      return "auto";
    }
  }

  function choose(theme) {
    try {
      if (theme === "auto") window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, theme);
    } catch (error) {
      // Not remembered, but this page still changes.
    }
    if (theme === "auto") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
    paintBars();
  }

  // The phone's status bar takes the header's colour: each theme-color meta (base.html) is for
  // its scheme; a chosen theme makes its own the only one that applies.
  function paintBars() {
    var chosen = root.getAttribute("data-theme");
    document.querySelectorAll('meta[name="theme-color"][data-scheme]').forEach(function (meta) {
      var scheme = meta.getAttribute("data-scheme");
      if (!chosen) meta.media = "(prefers-color-scheme: " + scheme + ")";
      else meta.media = scheme === chosen ? "all" : "not all";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    paintBars();
    var current = stored();
    document.querySelectorAll("input[data-theme-choice]").forEach(function (input) {
      input.checked = input.value === current;
      input.addEventListener("change", function () {
        if (input.checked) choose(input.value);
      });
    });
  });
})();
