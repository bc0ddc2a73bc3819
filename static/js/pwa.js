// Installable app and offline pages: the service worker (/sw.js, scorekeeper/pwa.py) keeps
// this deploy's static files and a copy of each page opened, so pages open with no signal.
// Registered after the page has loaded, so its downloads never compete with the page's own,
// and not at all on a connection the phone marks as save-data.
(function () {
  "use strict";

  function savesData() {
    return !!(navigator.connection && navigator.connection.saveData);
  }

  // -- "Offline: as of 14:32": a kept copy says when it was kept (the worker marks it), a page
  // that loses the signal says when it last heard from the server.
  var freshAt = Date.now();

  function asOf(moment) {
    var when = new Date(moment);
    var language = document.documentElement.lang || undefined;
    var today = when.toDateString() === new Date().toDateString();
    var options = today
      ? { hour: "2-digit", minute: "2-digit" }
      : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
    try {
      return when.toLocaleString(language, options);
    } catch (error) {
      return when.toLocaleString();
    }
  }

  function showOffline(moment) {
    var note = document.getElementById("offline-note");
    if (!note) return;
    note.textContent = note.dataset.asOf.replace("{time}", asOf(moment));
    note.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var kept = parseInt(document.documentElement.dataset.offlineSince || "", 10);
    if (kept) {
      freshAt = kept;
      showOffline(kept);
    } else if (navigator.onLine === false) {
      showOffline(freshAt);
    }
  });
  window.addEventListener("offline", function () { showOffline(freshAt); });
  window.addEventListener("online", function () {
    var note = document.getElementById("offline-note");
    if (note) note.hidden = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status) freshAt = Date.now();
  });

  if (!("serviceWorker" in navigator)) return; // an old browser, or plain http off localhost

  function tell(message) {
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage(message);
  }

  var VIEWER = "scorekeeper:viewer";

  // Whether the pages kept so far were kept for someone else than this page is for: a visitor
  // who became a guest by starting a table (signing in or out forgets them, below). Known from
  // the last page the server sent (a kept copy says nothing new).
  function viewerChanged() {
    if (document.documentElement.dataset.offlineSince) return false;
    var viewer = document.documentElement.dataset.viewer || "";
    try {
      var before = localStorage.getItem(VIEWER);
      localStorage.setItem(VIEWER, viewer);
      return before !== null && before !== viewer;
    } catch (error) {
      return false; // no storage: the kept pages follow as they are opened
    }
  }

  window.addEventListener("load", function () {
    if (savesData()) return;
    var again = viewerChanged();
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        // What offline use needs and this phone never opened (the rules, the referees), and
        // this page if the worker did not see it come (the first visit); all of them again
        // when they were kept for someone else.
        if (!registration.active) return;
        registration.active.postMessage({
          type: "warm",
          page: navigator.serviceWorker.controller ? null : location.href,
          again: again,
        });
      })
      .catch(function () {
        // Without it the site works as before, from the network.
      });
  });

  // A table's kept copy follows its hands: fetched again a moment after this phone recorded
  // one, or the poll brought another phone's (a few in a row make one fetch).
  var refreshTimer = null;
  function refreshLater() {
    if (savesData()) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      tell({ type: "refresh", url: location.href });
    }, 3000);
  }
  document.addEventListener("hand-recorded", refreshLater);
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.elt.id === "live" && xhr && xhr.status === 200) refreshLater();
  });

  // The phone is one person's: signing out or in forgets the pages kept for whoever used it.
  document.addEventListener("submit", function (event) {
    if (!event.target.closest("[data-forget-pages]") || !window.caches) return;
    tell({ type: "forget-pages" });
    caches.keys().then(function (names) {
      names.forEach(function (name) {
        if (name.indexOf("pages-") === 0) caches.delete(name);
      });
    });
  });
})();
