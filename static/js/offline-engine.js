// The rules the phone scores pending hands with when it has no signal: the server's own pure
// engine (games/scoring and the game engines, zipped by scorekeeper/offline_engine.py) run by
// Pyodide, so there is no second set of rules to drift. Nothing is fetched until something asks
// for ScorekeeperEngine.ready, and the service worker has fetched and kept the runtime in the
// background after a visit with a signal (not on save-data), so it opens from the phone.
//
//   ScorekeeperEngine.ready            a Promise: resolves once the engine is running (rejects
//                                      when the runtime is not on this phone or this server)
//   ScorekeeperEngine.score(sheet, firstDealer)
//                                      a scoresheet (docs/scoresheet.md; an object or its JSON
//                                      text, pending hands appended as rounds) scored hand by
//                                      hand: {ok, problems: [{text, round, field}],
//                                      rounds: [{points: {side: n}}], totals: {side: n},
//                                      totals_after_each_round, finished, winners, eliminated}
//                                      (games/scoring/phone.py). Only once ready.
(function () {
  "use strict";

  // Pyodide's version: scripts/fetch_pyodide.py and scorekeeper/offline_engine.py say the same.
  var PYODIDE = "314.0.7";
  var ENGINE_ZIP = "/offline/engine.zip";
  var script = document.currentScript;
  // The static files' base, from this script's own address (bundle.js, or this file).
  var STATIC = script && script.src ? script.src.replace(/js\/[^/]*$/, "") : "/static/";

  var loading = null;
  var phone = null;

  function load() {
    if (loading) return loading;
    loading = (async function () {
      var base = STATIC + "vendor/pyodide/" + PYODIDE + "/";
      var runtime = await import(base + "pyodide.mjs");
      var pyodide = await runtime.loadPyodide({ indexURL: base, packages: [] });
      var answer = await fetch(ENGINE_ZIP, { credentials: "same-origin" });
      if (!answer.ok) throw new Error("engine: " + answer.status);
      pyodide.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/engine" });
      pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
      phone = pyodide.pyimport("games.scoring.phone");
      return engine;
    })();
    // Tried again on the next ask (the runtime may arrive later).
    loading.catch(function () { loading = null; });
    return loading;
  }

  function score(sheet, firstDealer) {
    if (!phone) throw new Error("ScorekeeperEngine is not ready");
    var text = typeof sheet === "string" ? sheet : JSON.stringify(sheet);
    return JSON.parse(phone.score_json(text, firstDealer || 0));
  }

  var engine = { score: score, version: PYODIDE };
  Object.defineProperty(engine, "ready", { get: load, enumerable: true });
  Object.defineProperty(engine, "loaded", { get: function () { return !!phone; }, enumerable: true });
  window.ScorekeeperEngine = engine;
})();
