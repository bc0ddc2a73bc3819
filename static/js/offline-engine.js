// The rules the phone scores pending hands with when it has no signal: the server's own pure
// engine (games/scoring and the game engines, zipped by scorekeeper/offline_engine.py) run by
// Pyodide in a worker (static/js/offline-engine-worker.js), so there is no second set of rules
// to drift and the page stays quick. Nothing is fetched until something asks for
// ScorekeeperEngine.ready; the service worker has fetched and kept the runtime in the background
// after a visit with a signal (not on save-data), so it starts from the phone.
//
//   ScorekeeperEngine.ready            a Promise: resolves once the engine is running (rejects
//                                      when the runtime is not on this phone or this server)
//   ScorekeeperEngine.score(sheet, firstDealer)
//                                      a Promise of a scoresheet's score (docs/scoresheet.md;
//                                      an object or its JSON text, pending hands appended as
//                                      rounds), hand by hand: {ok, problems: [{text, round,
//                                      field}], rounds: [{points: {side: n}}], totals: {side: n},
//                                      totals_after_each_round, finished, winners, eliminated}
//                                      (games/scoring/phone.py)
//   ScorekeeperEngine.pending(sheet, hands, firstDealer, numbers)
//                                      a Promise of the hands kept on this phone (each the
//                                      [name, value] fields its form would have posted,
//                                      static/js/pending.js) read by the game's own reader and
//                                      scored after the sheet's: score's answer with {stored,
//                                      pending: [{points} or {problem}], readable}; pending_text,
//                                      each hand's points as the game writes them (or null);
//                                      totals_text,
//                                      the totals as the server's scoreboard writes them in the
//                                      page's language (numbers: JSON text, {language,
//                                      decimal_separator}); and next_dealer, the seat that deals
//                                      next (null once the game is over)
//   ScorekeeperEngine.call(module, name, args)
//                                      a Promise of what a function of the engine's zip that
//                                      takes and gives JSON text answers, parsed (the referees:
//                                      games/plugins/scopa/rulings.answer_json)
(function () {
  "use strict";

  // Pyodide's version: scripts/fetch_pyodide.py and scorekeeper/offline_engine.py say the same.
  var PYODIDE = "314.0.7";
  var ENGINE_ZIP = "/offline/engine.zip";
  var RUNTIME = location.origin + "/offline/pyodide-" + PYODIDE + "/";
  var script = document.currentScript;
  // The static files' base, from this script's own address (bundle.js, or this file).
  var STATIC = script && script.src ? script.src.replace(/js\/[^/]*$/, "") : "/static/";

  var worker = null;
  var loading = null;
  var waiting = {};
  var nextId = 1;

  function call(message) {
    return new Promise(function (resolve, reject) {
      message.id = nextId++;
      waiting[message.id] = { resolve: resolve, reject: reject };
      worker.postMessage(message);
    });
  }

  function failAll(error) {
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(error); });
    waiting = {};
  }

  function load() {
    if (loading) return loading;
    try {
      worker = new Worker(STATIC + "js/offline-engine-worker.js", { type: "module" });
    } catch (error) {
      return Promise.reject(error);
    }
    worker.onmessage = function (event) {
      var answer = event.data || {};
      var pending = waiting[answer.id];
      if (!pending) return;
      delete waiting[answer.id];
      if (answer.ok) pending.resolve(answer.result);
      else pending.reject(new Error(answer.error));
    };
    worker.onerror = function (event) {
      failAll(new Error(event.message || "the engine's worker failed"));
    };
    loading = call({ type: "start", base: RUNTIME, zip: ENGINE_ZIP }).then(
      function () { return engine; }
    );
    // Tried again on the next ask (the runtime may arrive later).
    loading.catch(function () {
      loading = null;
      if (worker) worker.terminate();
      worker = null;
    });
    return loading;
  }

  function text(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function score(sheet, firstDealer) {
    return load().then(function () {
      return call({ type: "score", sheet: text(sheet), dealer: firstDealer || 0 });
    }).then(JSON.parse);
  }

  function pending(sheet, hands, firstDealer, numbers) {
    return load().then(function () {
      return call({
        type: "pending", sheet: text(sheet), hands: JSON.stringify(hands), dealer: firstDealer || 0,
        numbers: numbers || "{}"
      });
    }).then(JSON.parse);
  }

  function callEngine(module, name, args) {
    return load().then(function () {
      return call({ type: "call", module: module, name: name, args: args });
    }).then(JSON.parse);
  }

  var engine = { score: score, pending: pending, call: callEngine, version: PYODIDE };
  Object.defineProperty(engine, "ready", { get: load, enumerable: true });
  window.ScorekeeperEngine = engine;
})();
