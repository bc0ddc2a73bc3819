// Loaded in <head>, without defer, before the page is drawn: styles keyed on .js apply from
// the first paint, so nothing that needs JavaScript flashes up and disappears.
document.documentElement.classList.replace("no-js", "js");
// The theme chosen on this phone with the switch (theme.js), set before the first paint for
// the same reason: a page never shows the other theme first. Without a choice ("Auto") there
// is no data-theme, and the stylesheet follows the phone's own setting.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem("theme");
  } catch (error) {
    return; // storage refused (private browsing, blocked cookies): follow the phone
  }
  if (theme === "light" || theme === "dark") {
    document.documentElement.setAttribute("data-theme", theme);
  }
})();
