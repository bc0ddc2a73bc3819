{% autoescape off %}// Scorekeeper's service worker, made for this deploy by scorekeeper/pwa.py (served at /sw.js).
// Static files: from the cache first when their names are hashed (they never change), else
// from the network first. Pages: always from the network, never cached (they hold a club's
// data); without a connection, a short notice. Everything else (form posts, htmx requests,
// other sites) is left to the browser.
"use strict";

const CONFIG = {{ config }};
const CACHE = "static-" + CONFIG.version;

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
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(function (name) {
            return name.startsWith("static-") && name !== CACHE;
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
  if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(CONFIG.immutable ? cacheFirst(request) : networkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
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

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  return keep(request, await fetch(request));
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

async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    return offline();
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
