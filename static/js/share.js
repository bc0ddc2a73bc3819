// A Share button beside a link to pass on (templates/games/share_link.html): the phone's own
// share sheet where the browser has one, else the link is copied to the clipboard, else it is
// selected in its box for the phone's own Copy. The button is hidden without JavaScript
// (.js-only); the box with the link is there either way.
(function () {
  "use strict";

  function say(status, key) {
    if (!status) return;
    // Emptied first, so that the same words said twice are announced twice.
    status.textContent = "";
    window.setTimeout(function () {
      status.textContent = status.dataset[key] || "";
    }, 50);
  }

  function select(input, status) {
    input.focus();
    input.select();
    var copied = false;
    try {
      // The older way, for browsers without navigator.clipboard (or not over HTTPS).
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(status, copied ? "copied" : "selected");
  }

  function copy(input, status) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(
        function () {
          say(status, "copied");
        },
        function () {
          select(input, status);
        }
      );
    } else {
      select(input, status);
    }
  }

  function share(button) {
    var input = document.getElementById(button.dataset.share);
    if (!input) return;
    var status = button.closest(".share-link");
    status = status && status.querySelector(".share-status");
    var data = { url: input.value, title: button.dataset.shareTitle || document.title };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch(function (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (!error || error.name !== "AbortError") copy(input, status);
      });
    } else {
      copy(input, status);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-share]");
    if (button) share(button);
  });
})();
