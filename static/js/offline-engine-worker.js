// The worker static/js/offline-engine.js starts (a module worker, off the page's thread, so the
// page stays quick while Pyodide starts): Pyodide, the engine's zip unpacked on its path, and
// games/scoring/phone.py answering each message. Its files come from the service worker's copies
// when there is no signal (templates/pwa/service-worker.js).
let phone = null;
let starting = null;

async function start(base, zip) {
  const runtime = await import(base + "pyodide.mjs");
  const pyodide = await runtime.loadPyodide({ indexURL: base, packages: [] });
  const answer = await fetch(zip, { credentials: "same-origin" });
  if (!answer.ok) throw new Error("engine: " + answer.status);
  pyodide.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
  phone = pyodide.pyimport("games.scoring.phone");
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
    const result =
      message.type === "pending"
        ? phone.score_pending_json(message.sheet, message.hands, message.dealer)
        : phone.score_json(message.sheet, message.dealer);
    self.postMessage({ id: message.id, ok: true, result: result });
  } catch (error) {
    if (message.type === "start") starting = null;
    self.postMessage({ id: message.id, ok: false, error: String(error) });
  }
};
