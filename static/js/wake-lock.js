// The phone lying in the middle of the table must not go dark between hands: while the page
// shows a game in progress (an element with data-wake-lock), ask for the screen to stay on.
// The browser drops the lock whenever the page is hidden, so it is asked for again when the
// page is shown. Where the API is missing, or the request is refused (battery saver, a browser
// that wants a tap first), nothing happens: the screen just dims as usual.
(function () {
  "use strict";

  if (!("wakeLock" in navigator)) return;

  var lock = null;
  var asking = false;

  function wanted() {
    return (
      document.visibilityState === "visible" && document.querySelector("[data-wake-lock]") !== null
    );
  }

  function release() {
    var held = lock;
    lock = null;
    if (held) held.release().catch(function () {});
  }

  function update() {
    if (!wanted()) {
      release();
      return;
    }
    if (lock || asking) return;
    asking = true;
    navigator.wakeLock.request("screen").then(
      function (sentinel) {
        asking = false;
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          if (lock === sentinel) lock = null;
        });
        // The game may have ended, or the page been hidden, while the request was pending.
        if (!wanted()) release();
      },
      function () {
        asking = false;
      }
    );
  }

  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("visibilitychange", update);
  // A swap can end the game (the attribute goes) or bring a table page in.
  document.addEventListener("htmx:afterSettle", update);
  // Some browsers grant the lock only after a tap on the page: try again then.
  document.addEventListener("click", update);
  window.addEventListener("pageshow", update);
  window.addEventListener("pagehide", release);
})();
