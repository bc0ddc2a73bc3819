// The live table: a poll that keeps the page in step with the other phones, a change to a hand
// that survives a lost connection (a new hand is kept by pending.js), and a hand being entered
// that survives a reload.
// Everything here only helps a page that also works without JavaScript.
(function () {
  "use strict";

  function handForm() {
    return document.getElementById("hand-form");
  }

  // The form for a new hand (it has a token); an edit page's form is left alone.
  function newHandForm() {
    var form = handForm();
    var token = form && form.querySelector('input[name="hand_token"]');
    return token && token.value ? form : null;
  }

  // Untouched: every input as the server rendered it.
  function pristine(form) {
    if (!form) return true;
    for (var i = 0; i < form.elements.length; i++) {
      var input = form.elements[i];
      if (!input.name || input.type === "hidden" || input.tagName === "BUTTON") continue;
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked !== input.defaultChecked) return false;
      } else if (input.tagName === "SELECT") {
        for (var j = 0; j < input.options.length; j++) {
          if (input.options[j].selected !== input.options[j].defaultSelected) return false;
        }
      } else if (input.value !== input.defaultValue) {
        return false;
      }
    }
    return true;
  }

  function versionOf(etag) {
    var digits = /t(\d+)/.exec(etag || "");
    return digits ? parseInt(digits[1], 10) : -1;
  }

  function pollNow() {
    var live = document.getElementById("live");
    if (live && window.htmx) window.htmx.trigger(live, "poll-now");
  }

  function saveStatus(key) {
    var status = document.getElementById("save-status");
    if (!status) return;
    status.textContent = key ? status.dataset[key] : "";
    status.hidden = !key;
  }

  // -- the poll: If-None-Match is the version the page shows, so an unchanged table costs the
  // server one query and answers 304 with nothing to swap.
  document.addEventListener("htmx:configRequest", function (event) {
    var live = event.detail.elt;
    if (live.id !== "live") return;
    if (document.hidden) {
      event.preventDefault();
      return;
    }
    var form = newHandForm();
    var untouched = pristine(form);
    var etag = live.dataset.etag;
    // An untouched form still at an older version than the page (it was being filled in when
    // the table changed, then cleared) asks from its own version, to be brought up to date.
    var guard = form && form.querySelector('input[name="table_version"]');
    if (untouched && guard && guard.value && versionOf(etag) > parseInt(guard.value, 10)) {
      etag = '"t' + guard.value + '"';
    }
    event.detail.headers["If-None-Match"] = etag;
    event.detail.parameters.pristine = untouched ? "1" : "0";
    live.polledFor = { form: form, untouched: untouched };
    if (!live.guardsTheEntry) {
      live.addEventListener("htmx:beforeSwap", dropIfOutrun);
      live.guardsTheEntry = true;
    }
    var signature = form && form.querySelector('input[name="form_signature"]');
    if (signature) event.detail.parameters.signature = signature.value;
  });

  // A poll answers for the hand entry as it was when the poll was sent. If a save's answer has
  // drawn another entry meanwhile (a 409 keeping the hand, its token and its version), or the
  // player has begun to fill in the untouched one, the poll's new guard or entry would replace
  // it: that answer is dropped, and the poll asked again for the page as it now is.
  var outrun = typeof WeakSet === "function" ? new WeakSet() : null;

  // On the poll's own element: a 409's answer may have replaced it (it is in #table-main),
  // and an element taken out of the page no longer passes its events up to the document.
  function dropIfOutrun(event) {
    var said = event.detail.elt.polledFor;
    event.detail.elt.polledFor = null;
    if (!said || !said.untouched || !outrun) return;
    var form = newHandForm();
    if (form === said.form && pristine(form)) return;
    event.detail.shouldSwap = false;
    outrun.add(event.detail.xhr);
    setTimeout(pollNow, 0);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var etag = event.detail.xhr && event.detail.xhr.getResponseHeader("ETag");
    var live = document.getElementById("live");
    var dropped = outrun && event.detail.xhr && outrun.has(event.detail.xhr);
    if (event.detail.elt.id === "live" && etag && live && event.detail.successful && !dropped) {
      live.dataset.etag = etag;
    }
    if (event.detail.elt === handForm() && event.detail.xhr.status && event.detail.xhr.status < 500) {
      // The server answered the save (stored, refused or kept for correction): no retry.
      pending = false;
      retryDelay = FIRST_RETRY;
      clearTimeout(retryTimer);
      saveStatus("");
    }
  });

  // This phone's own save: the page shows the new version, so the poll has nothing to say.
  document.addEventListener("hand-recorded", function (event) {
    var live = document.getElementById("live");
    var detail = event.detail || {};
    if (live && detail.version !== undefined) live.dataset.etag = '"t' + detail.version + '"';
    forgetDraft();
  });

  // -- a save that did not reach the server: keep the entry, say so, and send the same form
  // again (same hand_token, so it is stored once) when the connection is back.
  var FIRST_RETRY = 2000;
  var pending = false;
  var retryTimer = null;
  var retryDelay = FIRST_RETRY;

  function failed(event) {
    var form = handForm();
    if (!form || event.detail.elt !== form) return; // a preview or a poll: the next one will do
    if (newHandForm()) return; // a new hand: pending.js keeps it on the phone and sends it
    pending = true;
    saveStatus(navigator.onLine === false ? "offline" : "retrying");
    clearTimeout(retryTimer);
    retryTimer = setTimeout(retry, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30000);
  }

  function retry() {
    var form = handForm();
    if (!pending || !form) return;
    if (navigator.onLine === false) {
      retryTimer = setTimeout(retry, retryDelay);
      return;
    }
    saveStatus("retrying");
    // Its Save button, so the post is a save and not a shortcut button pressed earlier.
    var save = form.querySelector('button.button-primary[type="submit"]');
    if (save) save.click();
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) failed(event);
  });
  window.addEventListener("online", function () {
    if (!pending) return;
    retryDelay = FIRST_RETRY;
    clearTimeout(retryTimer);
    retry();
  });

  // -- drafts: the hand being entered is kept in the phone's storage, per table, and comes
  // back after a reload, back/forward or the browser dropping the tab while the phone slept.
  function draftKey(form) {
    return "scorekeeper:draft:" + form.getAttribute("action");
  }

  function keepDraft() {
    var form = newHandForm();
    if (!form) return;
    try {
      if (pristine(form)) {
        localStorage.removeItem(draftKey(form));
        return;
      }
      var fields = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && name !== "form_signature") fields.push([name, value]);
      });
      localStorage.setItem(draftKey(form), JSON.stringify({ fields: fields }));
    } catch (error) {
      // Storage full or turned off: the entry is simply not kept.
    }
  }

  function forgetDraft() {
    var form = newHandForm() || handForm();
    try {
      if (form) localStorage.removeItem(draftKey(form));
    } catch (error) {
      // Nothing was kept.
    }
  }

  // On load only: the browser may have put some inputs back itself (not the hidden ones);
  // the draft has them all.
  function restoreDraft() {
    var form = newHandForm();
    if (!form) return;
    var draft = null;
    try {
      draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
    } catch (error) {
      return;
    }
    if (!draft || !draft.fields) return;
    var values = {};
    draft.fields.forEach(function (pair) {
      (values[pair[0]] = values[pair[0]] || []).push(pair[1]);
    });
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken" || input.name === "form_signature") return;
      var given = values[input.name];
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = !!given && given.indexOf(input.value) >= 0;
      } else if (given) {
        // The draft's token and version too: sent again, it is stored once, and a table
        // changed meanwhile is refused with what changed rather than recorded twice.
        input.value = given[0];
      }
    });
    saveStatus("restored");
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("change", function (event) {
    var form = handForm();
    if (form && form.contains(event.target)) keepDraft();
  });
  document.addEventListener("input", function (event) {
    var form = handForm();
    if (form && form.contains(event.target)) keepDraft();
  });
  document.addEventListener("reset", function (event) {
    if (event.target !== handForm()) return;
    forgetDraft();
    // After the browser has put the inputs back: redraw the cards and the preview, and bring
    // the now empty form up to the table's version at once.
    setTimeout(function () {
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
      pollNow();
    }, 0);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-discard-draft]")) forgetDraft();
  });
  document.addEventListener("DOMContentLoaded", restoreDraft);
})();
