// The worker static/js/offline-engine.js starts (a module worker, off the page's thread, so the
// page stays quick while Pyodide starts): Pyodide, the engine's zip unpacked on its path, and
// games/scoring/phone.py answering each message (and, for the referees, the module a "call"
// names). Its files come from the service worker's copies
// when there is no signal (templates/pwa/service-worker.js).
let pyodide = null;
let phone = null;
let starting = null;

async function start(base, zip) {
  const runtime = await import(base + "pyodide.mjs");
  const started = await runtime.loadPyodide({ indexURL: base, packages: [] });
  const answer = await fetch(zip, { credentials: "same-origin" });
  if (!answer.ok) throw new Error("engine: " + answer.status);
  started.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/engine" });
  started.runPython("import sys\nsys.path.insert(0, '/engine')");
  phone = started.pyimport("games.scoring.phone");
  pyodide = started;
}

self.onmessage = async function (event) {
  const message = event.data || {};
  try {
    if (message.type === "start") {
      if (!starting) starting = start(message.base, message.zip);
      await starting;
      self.postMessage({ id: message.id, ok: true });
      return;
    }
    if (!phone) throw new Error("not started");
    let result;
    if (message.type === "call") {
      // A function of the engine's zip taking and giving JSON text (the referees' answer).
      result = pyodide.pyimport(message.module)[message.name](...message.args);
    } else if (message.type === "pending") {
      result = phone.score_pending_json(message.sheet, message.hands, message.dealer, message.numbers || "{}");
    } else {
      result = phone.score_json(message.sheet, message.dealer);
    }
    self.postMessage({ id: message.id, ok: true, result: result });
  } catch (error) {
    if (message.type === "start") starting = null;
    self.postMessage({ id: message.id, ok: false, error: String(error) });
  }
};
