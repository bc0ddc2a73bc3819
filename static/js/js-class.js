// Loaded in <head>, without defer, before the page is drawn: styles keyed on .js apply from
// the first paint, so nothing that needs JavaScript flashes up and disappears.
document.documentElement.classList.replace("no-js", "js");
