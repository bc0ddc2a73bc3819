// Hands entered with no signal: kept on the phone (localStorage, per table, with the form's
// token) so that they survive a reload, a closed browser and a restarted phone; shown on top of
// the history as waiting, with their count under the table's heading; sent in order when the
// signal is back (the online event, and every page load). The token makes each one stored
// once however often it is sent. A hand the server refuses stays, with why, until it is sent
// again or discarded: nothing is dropped without the player saying so.
(function () {
  "use strict";

  var KEPT = "scorekeeper:pending:";
  // Tokens of hands this phone saw stored: a page kept from before (the service worker's copy)
  // may carry one, and a new hand sent with it would be answered as the old one.
  var USED = "scorekeeper:used-tokens:";
  var FIRST_RETRY = 2000;

  var sending = null; // the token of the kept hand on its way
  var chained = false; // the last kept hand sent was stored: the next writes on from it
  var retryTimer = null;
  var retryDelay = FIRST_RETRY;
  var formToken = null; // the token the hand form's own save carried

  function handForm() {
    return document.getElementById("hand-form");
  }

  function tokenInput(form) {
    return form && form.querySelector('input[name="hand_token"]');
  }

  function newHandForm() {
    var form = handForm();
    var token = tokenInput(form);
    return token && token.value ? form : null;
  }

  function words() {
    return document.getElementById("pending");
  }

  // Hands wait while there is no signal, and on the page of a table started offline until the
  // table is stored (offline-tables.js takes data-draft away then).
  function heldBack() {
    var holder = words();
    return navigator.onLine === false || !!(holder && holder.hasAttribute("data-draft"));
  }

  function read(prefix) {
    var holder = words();
    if (!holder) return [];
    try {
      return JSON.parse(localStorage.getItem(prefix + holder.dataset.table) || "[]");
    } catch (error) {
      return [];
    }
  }

  function write(prefix, list) {
    var holder = words();
    if (!holder) return false;
    try {
      if (list.length) localStorage.setItem(prefix + holder.dataset.table, JSON.stringify(list));
      else localStorage.removeItem(prefix + holder.dataset.table);
      return true;
    } catch (error) {
      return false; // storage full or turned off
    }
  }

  function find(list, token) {
    for (var i = 0; i < list.length; i++) if (list[i].token === token) return i;
    return -1;
  }

  function freshToken() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function markUsed(token) {
    var used = read(USED);
    if (used.indexOf(token) >= 0) return;
    used.push(token);
    write(USED, used.slice(-50));
  }

  function saveStatus(shown) {
    var status = document.getElementById("save-status");
    if (!status) return;
    status.textContent = shown ? status.dataset.offline : "";
    status.hidden = !shown;
  }

  function currentVersion() {
    var input = document.querySelector('#hand-form input[name="table_version"]');
    return input && input.value ? input.value : null;
  }

  // -- keeping a hand: the form's fields as it would have posted them, then an empty form with
  // a new token for the next hand.
  function keep(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    var token = tokenInput(form).value;
    var list = read(KEPT);
    if (find(list, token) < 0) {
      list.push({ token: token, action: form.getAttribute("action"), fields: fields, at: Date.now(), state: "waiting" });
    }
    // Not kept (no storage): the hand stays in the form, as before, for the player to save.
    if (!write(KEPT, list)) return false;
    form.reset();
    tokenInput(form).value = freshToken();
    form.querySelectorAll(".side-pick").forEach(function (button, index) {
      button.setAttribute("aria-pressed", index === 0 ? "true" : "false");
    });
    saveStatus(true);
    render();
    return true;
  }

  // -- sending: a hidden copy of the form per kept hand, posted by htmx like the form itself,
  // so the answer is drawn as any save's (the hand in the history, or the 409 with what
  // changed and the hand ready to record as the next one).
  function flush() {
    clearTimeout(retryTimer);
    if (sending || heldBack() || !window.htmx) return;
    var next = read(KEPT)[0];
    if (!next || next.state !== "waiting") return;
    var version = chained || next.rebase ? currentVersion() : null;
    var copy = document.createElement("form");
    copy.hidden = true;
    copy.method = "post";
    copy.action = next.action;
    copy.dataset.pendingToken = next.token;
    next.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[0] === "table_version" && version !== null ? version : pair[1];
      copy.appendChild(input);
    });
    var csrf = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (csrf) copy.appendChild(csrf.cloneNode());
    document.body.appendChild(copy);
    sending = next.token;
    window.htmx.ajax("POST", next.action, { source: copy, target: "#table-main", swap: "outerHTML" });
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30000);
  }

  // What the server said to a kept hand, whichever form carried it (the hidden copy, or the
  // hand form when the player records it after a 409 or a correction).
  function answered(token, status) {
    var list = read(KEPT);
    var index = find(list, token);
    if (status >= 200 && status < 300) markUsed(token);
    if (index < 0) return;
    var hand = list[index];
    if (status >= 200 && status < 300) {
      list.splice(index, 1);
      // The player dealt with a refused one: the others follow on from the table as it is.
      if (hand.state !== "waiting") list.forEach(function (each) { each.rebase = true; });
      chained = true;
      retryDelay = FIRST_RETRY;
    } else if (status === 0 || status >= 500) {
      hand.state = "waiting";
      chained = false;
      retryLater();
    } else {
      hand.state = status === 409 ? "conflict" : status === 422 ? "invalid" : "refused";
      hand.status = status;
      chained = false;
    }
    write(KEPT, list);
    if (!list.length) saveStatus(false);
  }

  function discard(token) {
    var list = read(KEPT);
    var index = find(list, token);
    if (index < 0) return;
    list.splice(index, 1);
    list.forEach(function (each) { each.rebase = true; });
    write(KEPT, list);
  }

  // -- showing them: the count, and each kept hand on top of the history, the latest first.
  function count(holder, number) {
    var form = "other";
    try {
      form = new Intl.PluralRules(document.documentElement.lang || undefined).select(number);
    } catch (error) {
      // An old browser: the "other" form.
    }
    return (form === "one" ? holder.dataset.one : holder.dataset.other).replace("{number}", number);
  }

  function timeOf(moment) {
    try {
      return new Date(moment).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
    } catch (error) {
      return new Date(moment).toLocaleTimeString();
    }
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function row(holder, hand) {
    var item = element("li", "history-pending");
    item.dataset.pending = hand.token;
    var line = element("p");
    line.appendChild(element("strong", "", holder.dataset.waiting));
    line.appendChild(document.createTextNode(" · " + timeOf(hand.at)));
    item.appendChild(line);
    if (hand.state !== "waiting") {
      var reason = { conflict: holder.dataset.conflict, invalid: holder.dataset.invalid }[hand.state] ||
        holder.dataset.refused.replace("{status}", hand.status);
      item.appendChild(element("p", "pending-reason", reason));
      var actions = element("p", "inline-form");
      var resend = element("button", "button button-small", holder.dataset.resend);
      resend.type = "button";
      resend.dataset.pendingResend = hand.token;
      var drop = element("button", "button button-small button-danger", holder.dataset.discard);
      drop.type = "button";
      drop.dataset.pendingDiscard = hand.token;
      actions.appendChild(resend);
      actions.appendChild(document.createTextNode(" "));
      actions.appendChild(drop);
      item.appendChild(actions);
    }
    return item;
  }

  // "Record hand 4" after three hands stored and two waiting is "Record hand 6".
  function heading(waiting) {
    var title = document.getElementById("record-heading");
    var number = title && parseInt(title.dataset.number || "", 10);
    if (!number || !title.dataset.words) return;
    title.textContent = title.dataset.words.replace("{number}", number + waiting);
  }

  function render() {
    draw();
    rendered();
  }

  function draw() {
    var holder = words();
    if (!holder) return;
    var list = read(KEPT);
    holder.hidden = !list.length;
    document.getElementById("pending-count").textContent = list.length ? count(holder, list.length) : "";
    heading(list.length);
    document.querySelectorAll(".history-pending").forEach(function (old) { old.remove(); });
    var history = document.getElementById("history");
    if (!history || !list.length) return;
    var rows = document.getElementById("history-list");
    if (!rows) {
      rows = element("ol", "history");
      rows.id = "history-list";
      history.querySelector("h2").after(rows);
    }
    var first = rows.firstChild;
    list.forEach(function (hand) { rows.insertBefore(row(holder, hand), first); first = rows.firstChild; });
  }

  // Drawn: static/js/pending-scores.js adds their points and the totals with them.
  function rendered() {
    var holder = words();
    if (holder) document.dispatchEvent(new CustomEvent("pending-rendered", { detail: { hands: read(KEPT) } }));
  }

  // -- wiring
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = newHandForm();
    if (!form || event.detail.elt !== form) return;
    if (heldBack()) {
      event.preventDefault();
      keep(form);
      return;
    }
    formToken = tokenInput(form).value;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // The element that asked: htmx names the target instead when the answer swapped it away.
    var config = event.detail.requestConfig;
    var source = (config && config.elt) || event.detail.elt;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (source && source.dataset && source.dataset.pendingToken) {
      sending = null;
      source.remove();
      answered(source.dataset.pendingToken, status);
    } else if (formToken && source && source.id === "hand-form") {
      var token = formToken;
      formToken = null;
      if (!token) return;
      if (status === 0 || status >= 500) {
        // No answer: kept like a hand entered offline, and sent when the connection is back.
        var form = newHandForm();
        if (form && tokenInput(form).value === token && keep(form)) retryLater();
        return;
      }
      answered(token, status);
    } else {
      return;
    }
    // After the answer has been drawn (the new version in the forms): the next one.
    setTimeout(function () {
      render();
      flush();
    }, 50);
  });

  // A kept hand's answer leaves the hand being entered as it is (htmx swaps in the new guard),
  // and the focus where it is.
  document.addEventListener("hand-recorded", function (event) {
    if (event.target && event.target.dataset && event.target.dataset.pendingToken && event.detail) {
      event.detail.reset = false;
      event.detail.background = true;
    }
  }, true);

  document.addEventListener("htmx:afterSettle", render);

  document.addEventListener("click", function (event) {
    var resend = event.target.closest("[data-pending-resend]");
    var drop = event.target.closest("[data-pending-discard]");
    if (resend) {
      var list = read(KEPT);
      var index = find(list, resend.dataset.pendingResend);
      if (index >= 0) {
        list[index].state = "waiting";
        list[index].rebase = true;
        write(KEPT, list);
      }
    } else if (drop) {
      discard(drop.dataset.pendingDiscard);
    } else if (event.target.closest("[data-discard-draft]")) {
      // The 409's "Discard" for a kept hand: the player chose to drop it.
      var form = handForm();
      if (form && tokenInput(form)) discard(tokenInput(form).value);
      return;
    } else {
      return;
    }
    render();
    flush();
  });

  // Tables started on this phone with no signal wait to be sent by offline-tables.js, which a
  // table's page loads only while there are any (not in the bundle: the first load stays light).
  function sendTablesStartedHere() {
    var holder = words();
    if (!holder || !holder.dataset.draftsScript || document.querySelector("script[data-drafts]")) return;
    if (document.querySelector('script[src*="offline-tables"]')) return; // the page's own
    try {
      if (!localStorage.getItem("scorekeeper:drafts") && !localStorage.getItem("scorekeeper:drafts-hands")) return;
    } catch (error) {
      return;
    }
    var script = document.createElement("script");
    script.src = holder.dataset.draftsScript;
    script.dataset.drafts = "";
    document.head.appendChild(script);
  }

  window.addEventListener("online", function () {
    retryDelay = FIRST_RETRY;
    flush();
    sendTablesStartedHere();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = newHandForm();
    if (form) {
      // A page kept from before may carry a token already stored or kept: a new one.
      var token = tokenInput(form).value;
      if (read(USED).indexOf(token) >= 0 || find(read(KEPT), token) >= 0) tokenInput(form).value = freshToken();
    }
    render();
    if (read(KEPT).length) saveStatus(true);
    flush();
    sendTablesStartedHere();
  });
})();
