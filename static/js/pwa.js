// Installable app: the service worker (/sw.js, scorekeeper/pwa.py) keeps this deploy's static
// files, so the next pages open at once on a weak signal. Registered after the page has
// loaded, so its downloads never compete with the page's own.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return; // an old browser, or plain http off localhost
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // Without it the site works as before, from the network.
    });
  });
})();
