{% autoescape off %}// Scorekeeper's service worker, made for this deploy by scorekeeper/pwa.py (served at /sw.js).
// Static files: from the cache first when their names are hashed (they never change), else
// from the network first. Pages: from the network first, and a copy kept on this phone (the
// phone is one person's: the copies go when someone signs out or in, static/js/pwa.js), so
// that without a connection a page seen before opens as it was last seen, marked with when
// it was kept; a page never seen is a short notice. Everything else (form posts, htmx
// requests, other sites) is left to the browser.
"use strict";

const CONFIG = {{ config }};
const CACHE = "static-" + CONFIG.version;
// Pages outlive a deploy (an offline phone cannot fetch them again): their cache changes name
// only when what it holds does.
const PAGES = "pages-" + CONFIG.pages.version;
// What scores pending hands offline (scorekeeper/offline_engine.py): the Pyodide runtime, kept
// across deploys (once per Pyodide version), and the engine's zip and worker.
const RUNTIME = "runtime-" + CONFIG.engine.version;
const ENGINE = "engine";
// When a copy was kept, in ms since the epoch: a header of the kept answer only.
const KEPT_AT = "X-Scorekeeper-Kept-At";
// The page of a table started on this phone with no signal, not stored yet (offline-tables.js
// writes it): kept whatever the number of pages, and shown while the server knows no such
// table (404).
const DRAFT = "X-Scorekeeper-Draft";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(CONFIG.precache);
      })
      .then(function () {
        // A deploy's pages name the new files: the new worker takes over at once.
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    (async function () {
      // Every cache of an earlier version: the static files of the deploys before, and pages
      // kept in a shape this worker no longer reads.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(function (name) {
            return name !== CACHE && name !== PAGES && name !== RUNTIME && name !== ENGINE;
          })
          .map(function (name) {
            return caches.delete(name);
          })
      );
      // The page's request starts while the worker wakes up, instead of after it.
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (CONFIG.engine.runtime.indexOf(url.pathname) >= 0) {
    event.respondWith(runtimeFile(request));
  } else if (CONFIG.engine.follow.indexOf(url.pathname) >= 0) {
    event.respondWith(followingDeploy(request));
  } else if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(CONFIG.immutable ? cacheFirst(request) : networkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

self.addEventListener("message", function (event) {
  const message = event.data || {};
  if (message.type === "warm") {
    event.waitUntil(
      warm(typeof message.page === "string" ? message.page : null, message.again === true)
    );
  } else if (message.type === "refresh" && typeof message.url === "string") {
    event.waitUntil(refresh(message.url));
  } else if (message.type === "forget-pages") {
    event.waitUntil(caches.delete(PAGES));
  }
});

function keep(request, response) {
  // Only whole, same-origin answers: a partial or failed one would be served ever after.
  if (response.ok && response.status === 200 && response.type === "basic") {
    const copy = response.clone();
    caches.open(CACHE).then(function (cache) {
      return cache.put(request, copy);
    });
  }
  return response;
}

// A static file named for an earlier deploy (a page kept before it names it) is answered,
// without a network, by the same file of this deploy: "bundle.0123abcd4567.css" by
// "bundle.89ef....css".
function unhashed(path) {
  return path.replace(/\.[0-9a-f]{12}(\.\w+)$/, "$1");
}

async function sameFileOfThisDeploy(request) {
  const wanted = unhashed(new URL(request.url).pathname);
  const cache = await caches.open(CACHE);
  const kept = await cache.keys();
  for (const each of kept) {
    if (unhashed(new URL(each.url).pathname) === wanted) return cache.match(each);
  }
  return undefined;
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  try {
    return keep(request, await fetch(request));
  } catch (error) {
    const other = await sameFileOfThisDeploy(request);
    if (other) return other;
    throw error;
  }
}

async function networkFirst(request) {
  try {
    return keep(request, await fetch(request));
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

// -- the offline engine -----------------------------------------------------------------------

// A runtime file never changes under its name (the version is in its folder): from the cache.
async function runtimeFile(request) {
  const cache = await caches.open(RUNTIME);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await fetch(request.url, { credentials: "same-origin" });
  if (response.ok && response.status === 200) await cache.put(request.url, response.clone());
  return response;
}

// The engine's zip and its worker follow the deploy: asked again with a signal (a 304 then costs
// nothing), the copy kept answering without one.
async function followingDeploy(request) {
  const cache = await caches.open(ENGINE);
  try {
    const response = await fetch(request.url, { credentials: "same-origin", cache: "no-cache" });
    if (response.ok && response.status === 200) {
      await cache.put(request.url, response.clone());
      return response;
    }
  } catch (error) {
    // No signal: the copy kept.
  }
  const cached = await cache.match(request.url);
  return cached || Response.error();
}

// Fetched in the background with the pages kept for offline use (warm): each runtime file
// this phone lacks, and the engine when it changed.
async function warmEngine() {
  try {
    for (const url of CONFIG.engine.runtime) await runtimeFile(new Request(url));
    for (const url of CONFIG.engine.follow) await followingDeploy(new Request(url));
  } catch (error) {
    // No signal: the next visit tries again.
  }
}

// -- pages ------------------------------------------------------------------------------------

function keepable(response) {
  const type = response.headers.get("Content-Type") || "";
  const control = response.headers.get("Cache-Control") || "";
  return (
    response.status === 200 &&
    response.type === "basic" &&
    !response.redirected &&
    type.startsWith("text/html") &&
    !/no-store/.test(control)
  );
}

async function keepPage(request, response) {
  if (!keepable(response)) return;
  const body = await response.clone().arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, String(Date.now()));
  const cache = await caches.open(PAGES);
  await cache.put(
    new Request(request.url),
    new Response(body, { status: 200, statusText: response.statusText, headers: headers })
  );
  // The oldest copies go first once there are more than the phone needs; what starting a
  // table offline needs, and such a table's page, stay.
  const kept = [];
  for (const each of await cache.keys()) {
    const path = new URL(each.url);
    if (CONFIG.pages.lasting.indexOf(path.pathname + path.search) >= 0) continue;
    const copy = await cache.match(each);
    if (copy && copy.headers.get(DRAFT)) continue;
    kept.push(each);
  }
  for (const old of kept.slice(0, Math.max(0, kept.length - CONFIG.pages.most))) {
    await cache.delete(old);
  }
}

async function page(event) {
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch (error) {
    return (await keptPage(event.request)) || offline();
  }
  if (response.status === 404) {
    // A table started here offline that the server has not stored yet: its page, as kept.
    const draft = await keptPage(event.request, true);
    if (draft) return draft;
  }
  event.waitUntil(keepPage(event.request, response));
  return response;
}

// The copy kept of a page, marked (data-offline-since on <html>) so that the page says how old
// it is (pwa.js).
async function keptPage(request, draftOnly) {
  const url = new URL(request.url);
  url.hash = "";
  const cached = await caches.match(url.href, { cacheName: PAGES, ignoreVary: true });
  if (!cached || (draftOnly && !cached.headers.get(DRAFT))) return undefined;
  const keptAt = cached.headers.get(KEPT_AT) || "";
  const html = (await cached.text()).replace(
    /<html\b/i,
    '<html data-offline-since="' + keptAt.replace(/\D/g, "") + '"'
  );
  const headers = new Headers(cached.headers);
  headers.delete(KEPT_AT);
  headers.delete("Content-Length");
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status: 200, headers: headers });
}

// Fetched in the background once a page has loaded (pwa.js asks, unless the phone saves
// data): the pages a player may want with no signal though they never opened them here, and
// the page itself when it loaded before the worker was there to keep it; ``again``, those
// kept already too (they were kept for someone else: a visitor now a guest).
async function warm(page, again) {
  if (page) await refresh(page);
  const cache = await caches.open(PAGES);
  for (const url of CONFIG.pages.warm) {
    if (!again && (await cache.match(url, { ignoreVary: true }))) continue;
    await refresh(url);
  }
  await warmEngine();
}

async function refresh(url) {
  const address = new URL(url, self.location.origin);
  if (address.origin !== self.location.origin) return;
  try {
    // Marked, so the answer sets no cookie: a fetch begun before a sign-in must not put the
    // old CSRF and session cookies back when it ends after it (KeptCopyMiddleware).
    const request = new Request(address.href, {
      credentials: "same-origin",
      headers: { "X-Kept-Copy": "1" },
    });
    await keepPage(request, await fetch(request));
  } catch (error) {
    // No signal: the copy kept before stays.
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, function (character) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[character];
  });
}

function offline() {
  const words = CONFIG.offline;
  const html =
    '<!doctype html><html lang="' + escapeHtml(words.lang) + '"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + escapeHtml(words.title) + " · Scorekeeper</title>" +
    '<link rel="stylesheet" href="' + escapeHtml(words.css) + '"></head>' +
    '<body><main id="main" class="container offline"><h1>' + escapeHtml(words.title) + "</h1>" +
    "<p>" + escapeHtml(words.text) + "</p>" +
    // An empty address is this page's: Try again loads it again.
    '<p><a class="button button-primary" href="">' + escapeHtml(words.retry) + "</a></p>" +
    "</main></body></html>";
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'",
    },
  });
}
{% endautoescape %}
