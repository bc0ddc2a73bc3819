// Tables started with no signal (issue 33, item 4). On the new-table page kept by the service
// worker, "Start the game" with no signal keeps the table on this phone (localStorage) under
// an address the phone chooses itself, of the server's shape, and makes its page from the
// blank table page of the game kept beside it (tables/offline_views.py): that address is the
// table's for good. Hands entered there wait with pending.js. When the signal is back the
// table is sent to the new-table form with its address (stored once however often it is
// sent), then the page loads as the server has it and pending.js sends the hands in order.
// A table the server refuses stays, with why, until it is sent again or discarded.
(function () {
  "use strict";

  var DRAFTS = "scorekeeper:drafts";
  var KEPT = "scorekeeper:pending:"; // pending.js's hands, per table
  var USED = "scorekeeper:used-tokens:"; // pending.js's tokens of hands stored, per table
  // Tables stored from another page than their own, whose hands are still to send.
  var HANDS_TO_SEND = "scorekeeper:drafts-hands";
  // The table's scoresheet as of a version, from which the phone's engine scores the hands
  // waiting (pending-scores.js and window.ScorekeeperEngine, where this deploy has them).
  var SHEET = "scorekeeper:sheet:";
  var BLANK_ID = "0000000000000000"; // offline_views.BLANK_ID
  var NAMES = "scorekeeper:new-table-names"; // the names typed, over a change of game
  var RETRY = 5000;

  var sending = false;
  var retryTimer = null;
  var retryDelay = RETRY;

  function readList(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "[]");
    } catch (error) {
      return [];
    }
  }

  function writeList(key, list) {
    try {
      if (list.length) localStorage.setItem(key, JSON.stringify(list));
      else localStorage.removeItem(key);
      return true;
    } catch (error) {
      return false;
    }
  }

  function readDrafts() {
    return readList(DRAFTS);
  }

  function writeDrafts(list) {
    return writeList(DRAFTS, list);
  }

  function findDraft(list, id) {
    for (var i = 0; i < list.length; i++) if (list[i].id === id) return i;
    return -1;
  }

  function randomBytes(count) {
    var bytes = new Uint8Array(count);
    crypto.getRandomValues(bytes);
    return bytes;
  }

  // models.new_public_id: 80 random bits in base32, lower case, 16 characters.
  function newTableId() {
    var alphabet = "abcdefghijklmnopqrstuvwxyz234567";
    var bytes = randomBytes(10);
    var bits = 0;
    var value = 0;
    var id = "";
    for (var i = 0; i < bytes.length; i++) {
      value = (value << 8) | bytes[i];
      bits += 8;
      while (bits >= 5) {
        id += alphabet[(value >>> (bits - 5)) & 31];
        bits -= 5;
      }
    }
    return id;
  }

  function newToken() {
    return btoa(String.fromCharCode.apply(null, randomBytes(16)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, function (character) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[character];
    });
  }

  function tablePath(id) {
    return "/tables/" + id + "/";
  }

  async function pagesCache() {
    if (!window.caches) return null;
    var names = (await caches.keys()).filter(function (name) { return name.indexOf("pages-") === 0; });
    return names.length ? caches.open(names[0]) : null;
  }

  // -- the new-table form with no signal ------------------------------------------------------

  function tableForm() {
    return document.getElementById("table-form");
  }

  function say(form, text) {
    var note = document.getElementById("offline-start");
    if (!note) return;
    note.textContent = text;
    note.hidden = false;
  }

  function chosenGame(form) {
    var radio = form.querySelector('input[name="game"]:checked');
    return radio ? radio.value : "";
  }

  function typedNames(form) {
    var names = [];
    form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
      names.push(input.value);
    });
    return names;
  }

  // The table's page, from the game's blank: its address and its players' names in their
  // places, and a token of its own for the first hand.
  function named(text, players, escape) {
    players.forEach(function (name, seat) {
      text = text.split("\u27e6" + (seat + 1) + "\u27e7").join(escape(name));
    });
    return text;
  }

  // As Django's json_script writes a string's inside.
  function escapeJson(text) {
    return JSON.stringify(text).slice(1, -1).replace(/[<>&]/g, function (character) {
      return "\\u00" + character.charCodeAt(0).toString(16);
    });
  }

  // -- the hand form of the table's options and deal ------------------------------------------
  // The blank has every part of the hand form an option adds, each saying the options it needs
  // (data-offline-if, games/templatetags/hand_html.py offline_if), inputs whose attributes
  // some options change saying how (data-offline-attrs), and at a table whose dealer
  // sits out each seat's parts (data-offline-seat, hidden by schafkopf.js while that seat
  // deals) and the line saying who does (data-offline-sitter). The server's form for the same
  // options has the same fields (games/tables/tests/test_offline_blank_forms.py).

  // "ramsch schieberramsch", "capotto|trentino", "!hochzeit", "ramsch_tie!=all-lose": every
  // space-separated term holds, each by one of its alternatives.
  function holds(condition, options) {
    return condition.split(/\s+/).filter(Boolean).every(function (term) {
      return term.split("|").some(function (alternative) {
        var found = /^(!?)([\w-]+)(?:(!?=)(.*))?$/.exec(alternative);
        if (!found) return false;
        var value = options[found[2]];
        var on = found[3] === "=" ? String(value) === found[4]
          : found[3] === "!=" ? String(value) !== found[4]
          : !!value;
        return found[1] ? !on : on;
      });
    });
  }

  // Who deals the first hand: schafkopf.js hides that seat's parts, and deals the next seat
  // after each hand kept here. The scoreboard's current seat (its words for each seat,
  // games/hands/base.py dealer_lines) is that one, not the blank's seat 0: pending-scores.js
  // shows the current seat's words whenever no kept hand moves the deal on.
  function dealFirst(page, dealer) {
    var field = page.querySelector('#hand-form input[name="sits_out"]');
    if (field) field.setAttribute("value", String(dealer));
    var lines = page.querySelector('#scoreboard template[data-dealer="' + dealer + '"]');
    if (!lines) return;
    page.querySelectorAll("#scoreboard template[data-current]").forEach(function (current) {
      current.removeAttribute("data-current");
    });
    lines.setAttribute("data-current", "");
  }

  function formFor(html, options, dealer) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var all = Object.assign({}, pageJson(page, "offline-option-defaults") || {}, options);
    page.querySelectorAll("[data-offline-if]").forEach(function (part) {
      if (!holds(part.getAttribute("data-offline-if"), all)) part.remove();
    });
    // An input's attributes by the options (games/hands/base.py offline_attrs).
    page.querySelectorAll("[data-offline-attrs]").forEach(function (input) {
      var marks = JSON.parse(input.getAttribute("data-offline-attrs"));
      Object.keys(marks).forEach(function (condition) {
        if (!holds(condition, all)) return;
        Object.keys(marks[condition]).forEach(function (name) {
          if (marks[condition][name] === null) input.removeAttribute(name);
          else input.setAttribute(name, marks[condition][name]);
        });
      });
      input.removeAttribute("data-offline-attrs");
    });
    dealFirst(page, dealer);
    return "<!DOCTYPE html>\n" + page.documentElement.outerHTML;
  }

  function draftPage(blank, id, players, options, dealer) {
    var html = blank.split(BLANK_ID).join(id);
    // The names in the page's JSON (json_script) as JSON, everywhere else as HTML.
    var parts = html.split(/(<script[^>]*type="application\/json"[^>]*>[\s\S]*?<\/script>)/);
    html = parts
      .map(function (part, index) {
        return named(part, players, index % 2 ? escapeJson : escapeHtml);
      })
      .join("");
    html = html
      .replace(/(name="hand_token" value=")[^"]*"/, "$1" + newToken() + '"')
      // The poll asks the server about a table it does not know yet.
      .replace(/<div id="live"[^>]*><\/div>/, "");
    return formFor(html, options, dealer);
  }

  // The options as the table chose them: those that differ from the form's defaults (or, with
  // every, all of them), typed as the scoresheet has them (NewTableForm.options).
  function chosenOptions(form, every) {
    var options = {};
    form.querySelectorAll('input[name^="opt_"]').forEach(function (input) {
      var parts = input.name.slice(4).split("__");
      var value;
      if (input.type === "checkbox") {
        if (input.checked === input.defaultChecked && !every) return;
        value = input.checked;
      } else if (input.type === "radio") {
        if (!input.checked || (input.defaultChecked && !every)) return;
        value = input.value;
      } else {
        if (input.value === "" || isNaN(parseInt(input.value, 10))) return;
        value = parseInt(input.value, 10);
      }
      if (parts.length > 1) {
        options[parts[0]] = options[parts[0]] || {};
        options[parts[0]][parts[1]] = value;
      } else {
        options[parts[0]] = value;
      }
    });
    return options;
  }

  function textOf(element) {
    return element ? element.textContent.trim() : "";
  }

  // The options chosen in the words of the new-table form, as the table page's summary line
  // says them (tables/page._options_summary): the blank page a table started here is made from
  // shows the game's defaults. Every option that differs, those the scoreboard would state too:
  // the blank's scoreboard states the defaults, and is hidden where they do not hold.
  function optionsSummary(form) {
    var note = document.getElementById("offline-start");
    var pattern = note && note.dataset.labelValue ? note.dataset.labelValue : "%(label)s: %(value)s";
    function labelValue(label, value) {
      return pattern.replace("%(label)s", label).replace("%(value)s", value);
    }
    var words = [];
    form.querySelectorAll(".field.option").forEach(function (field) {
      var inputs = Array.prototype.slice.call(field.querySelectorAll('input[name^="opt_"]'));
      var legend = textOf(field.querySelector("legend"));
      if (field.classList.contains("option-checkbox")) {
        var box = inputs[0];
        if (box && box.checked && !box.defaultChecked) words.push(textOf(box.parentNode.querySelector("span")));
      } else if (field.classList.contains("option-radioselect")) {
        var radio = inputs.filter(function (input) { return input.checked; })[0];
        if (radio && !radio.defaultChecked) words.push(labelValue(legend, textOf(radio.parentNode.querySelector("span"))));
      } else if (field.classList.contains("option-mapping")) {
        var parts = inputs
          .filter(function (input) { return input.value !== input.defaultValue && input.value !== ""; })
          .map(function (input) { return textOf(field.querySelector('label[for="' + input.id + '"]')) + " " + input.value; });
        if (parts.length) words.push(labelValue(legend, parts.join(", ")));
      } else if (inputs[0] && inputs[0].value !== inputs[0].defaultValue && inputs[0].value !== "") {
        words.push(labelValue(textOf(field.querySelector("label")), inputs[0].value));
      }
    });
    return words;
  }

  function keepSheet(id, game, players, options, firstDealer) {
    var sheet = { format: "scoresheet/1", game: game, options: options, players: players, rounds: [] };
    try {
      localStorage.setItem(SHEET + id, JSON.stringify({ version: "0", sheet: sheet, firstDealer: firstDealer }));
    } catch (error) {
      // No room: its hands wait unscored.
    }
  }

  function pageJson(page, id) {
    var script = page.getElementById(id);
    return script ? JSON.parse(script.textContent) : null;
  }

  // The game's blank page for this many players, or where the options make other sides (four
  // players each for themselves) or other card faces (a French deck) the one of those
  // (offline_views.own_blank_options, which the blank lists as offline-side-options).
  async function blankPage(cache, game, count, options) {
    var path = "/tables/blank/" + game + "/" + count + "-players/";
    var kept = await cache.match(path, { ignoreVary: true });
    if (!kept) return null;
    var html = await kept.text();
    var page = new DOMParser().parseFromString(html, "text/html");
    var defaults = pageJson(page, "offline-option-defaults") || {};
    var query = (pageJson(page, "offline-side-options") || [])
      .filter(function (name) { return name in options && options[name] !== defaults[name]; })
      .map(function (name) { return name + "=" + String(options[name]); });
    if (!query.length) return html;
    var other = await cache.match(path + "?" + query.join("&"), { ignoreVary: true });
    return other ? other.text() : null;
  }

  async function startOffline(form) {
    if (!form.reportValidity()) return;
    var game = chosenGame(form);
    var players = typedNames(form)
      .map(function (name) { return name.trim(); })
      .filter(function (name) { return name; });
    var cache = await pagesCache();
    var options = chosenOptions(form, true);
    var note = document.getElementById("offline-start");
    var blank = cache && (await blankPage(cache, game, players.length, options));
    if (!blank) {
      say(form, note ? note.dataset.missing : "");
      return;
    }
    var id = newTableId();
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "refresh" && typeof value === "string") {
        fields.push([name, value]);
      }
    });
    var drafts = readDrafts();
    var label = form.querySelector('input[name="game"]:checked + span');
    var dealer = parseInt(new FormData(form).get("first_dealer"), 10);
    dealer = isNaN(dealer) ? 0 : dealer;
    drafts.push({
      id: id,
      fields: fields,
      token: newToken(),
      at: Date.now(),
      state: "waiting",
      game: label ? label.textContent : game,
      players: players,
      summary: optionsSummary(form),
      // The blank page's scoreboard line (the target) is the defaults'; its dealer is the
      // table's (dealFirst).
      defaults: !Object.keys(chosenOptions(form)).length,
      // Started by a signed-in account: sent only from a page where one is signed in, so a
      // phone signed out meanwhile does not send it as a new guest's.
      signedIn: signedIn(),
    });
    if (!writeDrafts(drafts)) {
      say(form, note ? note.dataset.missing : "");
      return;
    }
    keepSheet(id, game, players, chosenOptions(form), dealer);
    var now = String(Date.now());
    await cache.put(
      new Request(tablePath(id)),
      new Response(draftPage(blank, id, players, options, dealer), {
        status: 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "X-Scorekeeper-Kept-At": now,
          "X-Scorekeeper-Draft": "1",
        },
      })
    );
    location.assign(tablePath(id));
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = tableForm();
    if (!form || navigator.onLine !== false) return;
    var asker = event.detail.elt;
    if (asker === form) {
      event.preventDefault();
      startOffline(form);
    } else if (form.contains(asker) && asker.classList.contains("game-choice")) {
      // Another game's form is a page kept of its own: the names typed go along.
      event.preventDefault();
      try {
        sessionStorage.setItem(NAMES, JSON.stringify(typedNames(form)));
      } catch (error) {
        // Without storage the names are typed again.
      }
      location.assign(form.getAttribute("action") + "?game=" + encodeURIComponent(chosenGame(form)));
    }
  });

  // A signal the phone thinks it has but that carries nothing: kept as with none.
  document.addEventListener("htmx:sendError", function (event) {
    var form = tableForm();
    if (form && event.detail.elt === form) startOffline(form);
  });

  function restoreNames() {
    var form = tableForm();
    if (!form) return;
    var names = null;
    try {
      names = JSON.parse(sessionStorage.getItem(NAMES) || "null");
      sessionStorage.removeItem(NAMES);
    } catch (error) {
      return;
    }
    if (!names) return;
    form.querySelectorAll('input[name^="player_"]').forEach(function (input, seat) {
      if (names[seat] && !input.value) input.value = names[seat];
    });
  }

  // -- sending them when the signal is back ---------------------------------------------------

  function signedIn() {
    return !!document.querySelector("form[data-forget-pages]");
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // Why the server refused the table: the errors of the form it sent back.
  function reasonOf(html) {
    var found = new DOMParser().parseFromString(html, "text/html");
    var lines = [];
    found.querySelectorAll("#form-errors li, #form-errors p:not(.errors-title), .errorlist li").forEach(function (each) {
      var text = each.textContent.trim();
      if (text && lines.indexOf(text) < 0) lines.push(text);
    });
    return lines.join(" ");
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(sendDrafts, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 60000);
  }

  async function sendOne(draft) {
    var body = new URLSearchParams();
    draft.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("table_id", draft.id);
    body.set("first_write_token", draft.token);
    if (!/csrftoken=/.test(document.cookie)) {
      // No CSRF cookie on this phone yet: a page of the server's sets one.
      await fetch("/tables/new/", { credentials: "same-origin" });
    }
    var response = await fetch("/tables/new/", {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
    });
    if (response.ok) return { stored: true };
    if (response.status >= 500 || response.status === 429) return { later: true };
    return { status: response.status, reason: reasonOf(await response.text()) };
  }

  // The version a stored hand left the table at, which the next one is sent at: the answer's
  // hand-recorded event (tables/page.render_recorded) says it.
  function recordedVersion(response) {
    try {
      var events = JSON.parse(response.headers.get("HX-Trigger-After-Swap") || "{}");
      var version = events["hand-recorded"] && events["hand-recorded"].version;
      return version === undefined || version === null ? null : String(version);
    } catch (error) {
      return null;
    }
  }

  // The hands kept at a table stored from another page than its own, sent in order as
  // pending.js sends them on the table's page, with their tokens, each at the version the one
  // before left. A refusal stays with the hand, with why, and stops the rest: the table's page
  // shows it, to send again or discard (pending.js). False when the signal went meanwhile.
  async function sendHands(id) {
    var version = null;
    for (;;) {
      var hand = readList(KEPT + id)[0];
      if (!hand || hand.state !== "waiting") return true;
      var body = new URLSearchParams();
      hand.fields.forEach(function (pair) {
        body.append(pair[0], pair[0] === "table_version" && version !== null ? version : pair[1]);
      });
      var response;
      try {
        response = await fetch(hand.action, {
          method: "POST",
          body: body,
          credentials: "same-origin",
          headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
        });
      } catch (error) {
        return false;
      }
      if (response.status >= 500 || response.status === 429) return false;
      var list = readList(KEPT + id);
      var index = list.findIndex(function (each) { return each.token === hand.token; });
      if (response.ok) {
        version = recordedVersion(response);
        writeList(USED + id, readList(USED + id).concat([hand.token]).slice(-50));
        if (index >= 0) list.splice(index, 1);
      } else if (index >= 0) {
        list[index].state = response.status === 409 ? "conflict" : response.status === 422 ? "invalid" : "refused";
        list[index].status = response.status;
      }
      writeList(KEPT + id, list);
      // Without the new version the next one would be refused as stale: its table's page
      // sends it, from the table as it is then.
      if (!response.ok || version === null) return true;
    }
  }

  // The kept copy of a table's page becomes the server's: the draft the phone wrote is gone.
  function keepServersPage(id) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "refresh", url: location.origin + tablePath(id) });
  }

  // Each table stored from another page than its own: its hands, then its page as the server
  // has it. The list outlives a lost signal, so that none of them waits for its page.
  async function sendStoredTablesHands() {
    var ids = readList(HANDS_TO_SEND);
    for (var i = 0; i < ids.length; i++) {
      if (!(await sendHands(ids[i]))) return false;
      writeList(HANDS_TO_SEND, readList(HANDS_TO_SEND).filter(function (id) { return id !== ids[i]; }));
      keepServersPage(ids[i]);
    }
    return true;
  }

  // Every table started on this phone and waiting, whatever the page (a table's page, kept or
  // stored, loads this script while any wait: pending.js), then the hands of those stored here
  // but for this page's own table, which loads again as the server has it and sends its own.
  async function sendDrafts() {
    if (sending || navigator.onLine === false) return;
    sending = true;
    var reload = false;
    try {
      var here = currentDraftId();
      var drafts = readDrafts().filter(function (draft) {
        return draft.state === "waiting" && (!draft.signedIn || signedIn());
      });
      for (var i = 0; i < drafts.length; i++) {
        var answer;
        try {
          answer = await sendOne(drafts[i]);
        } catch (error) {
          answer = { later: true }; // no answer: the signal went again
        }
        if (answer.later) {
          retryLater();
          break;
        }
        var list = readDrafts();
        var index = findDraft(list, drafts[i].id);
        if (index < 0) continue;
        if (answer.stored) {
          retryDelay = RETRY;
          list.splice(index, 1);
          if (drafts[i].id === here) reload = true;
          else writeList(HANDS_TO_SEND, readList(HANDS_TO_SEND).concat([drafts[i].id]));
        } else {
          list[index].state = "refused";
          list[index].status = answer.status;
          list[index].reason = answer.reason;
        }
        writeDrafts(list);
      }
      if (!(await sendStoredTablesHands())) retryLater();
    } finally {
      sending = false;
    }
    if (reload) {
      // The table as the server has it; pending.js sends its hands from there.
      location.reload();
      return;
    }
    showDraft();
    listDrafts();
  }

  // -- the page of a table started here --------------------------------------------------------

  function currentDraftId() {
    var holder = document.getElementById("pending");
    return holder && holder.hasAttribute("data-draft") ? holder.dataset.table : null;
  }

  function showDraft() {
    var box = document.getElementById("draft-table");
    var id = currentDraftId();
    if (!box || !id) return;
    var draft = readDrafts()[findDraft(readDrafts(), id)];
    box.hidden = false;
    if (draft && draft.summary) {
      var summary = document.querySelector(".options-summary");
      if (summary) {
        summary.textContent = draft.summary.join(" \u00b7 ");
        summary.hidden = !draft.summary.length;
      }
      var facts = document.querySelector(".table-facts");
      if (facts && !draft.defaults) facts.hidden = true;
    }
    var refused = !!draft && draft.state === "refused";
    var reason = document.getElementById("draft-reason");
    reason.hidden = !refused;
    document.getElementById("draft-actions").hidden = !refused;
    if (refused) {
      reason.textContent = box.dataset.refused.replace("{status}", draft.status) + (draft.reason ? " " + draft.reason : "");
    }
  }

  // The home page lists them, each a link to its page.
  function listDrafts() {
    var rows = document.getElementById("drafts-list");
    if (!rows) return;
    var drafts = readDrafts();
    rows.textContent = "";
    drafts.forEach(function (draft) {
      var item = document.createElement("li");
      item.className = "table-card";
      var link = document.createElement("a");
      link.href = tablePath(draft.id);
      [["table-card-game", draft.game], ["table-card-players", (draft.players || []).join(", ")]].forEach(function (part) {
        var span = document.createElement("span");
        span.className = part[0];
        span.textContent = part[1] || "";
        link.appendChild(span);
      });
      item.appendChild(link);
      rows.appendChild(item);
    });
    document.getElementById("drafts").hidden = !drafts.length;
  }

  async function discard(id) {
    writeDrafts(readDrafts().filter(function (draft) { return draft.id !== id; }));
    try {
      localStorage.removeItem(KEPT + id);
      localStorage.removeItem(SHEET + id);
    } catch (error) {
      // Nothing kept.
    }
    var cache = await pagesCache();
    if (cache) await cache.delete(tablePath(id));
    location.assign("/");
  }

  document.addEventListener("click", function (event) {
    var id = currentDraftId();
    if (!id) return;
    if (event.target.closest("[data-draft-resend]")) {
      var list = readDrafts();
      var index = findDraft(list, id);
      if (index >= 0) {
        list[index].state = "waiting";
        writeDrafts(list);
      }
      showDraft();
      sendDrafts();
    } else if (event.target.closest("[data-draft-discard]")) {
      discard(id);
    }
  });

  window.addEventListener("online", sendDrafts);

  function start() {
    restoreNames();
    showDraft();
    listDrafts();
    if (readDrafts().length || readList(HANDS_TO_SEND).length) sendDrafts();
  }

  // Loaded by a page (the home page, the new-table form, a draft's page), or once it has loaded
  // (a table's page while tables wait: pending.js).
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
