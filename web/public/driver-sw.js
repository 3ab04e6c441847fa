/*
 * The driver's service worker (registered by web/src/features/delivery-sync for delivery users only, scope
 * /delivery/): keeps the app shell — index.html and the built scripts, styles and icons — so My Routes opens and
 * reloads without signal. It never caches an API answer: /api/ requests go to the network untouched (the page
 * keeps the signed-in driver's own routes, per user). Bump CACHE_VERSION when this file's caching changes: the
 * caches of other versions are deleted on activate.
 */
const CACHE_VERSION = 2;
const CACHE_PREFIX = 'portal-driver-shell-';
const CACHE = `${CACHE_PREFIX}v${CACHE_VERSION}`;
/** every page path answers index.html (the client routes in the browser): kept under one key */
const SHELL = '/index.html';
const PRECACHE = [SHELL, '/favicon.svg', '/driver.webmanifest', '/icons/driver-icon.svg', '/icons/driver-icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      // the entry script and styles index.html names
      const html = await (await cache.match(SHELL)).text();
      await cacheAll(cache, assetsNamedIn(html));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/**
 * The page tells which built files it has loaded (scripts loaded before this worker controlled it, lazy chunks):
 * they are kept as they are, from the browser's HTTP cache, so keeping them moves nothing over the network. The
 * page itself loads what a driver needs without signal (My Routes preloads an expanded route, the order details
 * and the route sheet); other screens say they need a connection. Following every chunk a loaded one may load
 * would download the whole driver dashboard on a phone's first sign-in.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((url) => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter(isShellAsset)
    .map((url) => url.pathname);
  // one batch at a time: an answer on the message's port means every file asked for so far is kept
  keeping = keeping.then(async () => cacheAll(await caches.open(CACHE), urls)).catch(() => undefined);
  const done = keeping.then(() => event.ports[0]?.postMessage('kept'));
  event.waitUntil(done);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // API answers are never kept here: they are per user and private
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (isShellAsset(url)) event.respondWith(networkFirst(request, url.pathname));
});

/** Built files under /assets are named by content hash and never change; the rest of the shell is small. */
function isShellAsset(url) {
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return false;
  return url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname);
}

function assetsNamedIn(html) {
  const urls = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(match[1]);
  return [...urls];
}

async function cacheAll(cache, urls) {
  await Promise.all(urls.map((url) => cached(cache, url)));
}

/** The kept answer of a built file, fetched and kept when missing; null when it cannot be had now. */
async function cached(cache, url) {
  const kept = await cache.match(url);
  if (kept) return kept;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    await cache.put(url, response.clone());
    return response;
  } catch {
    // offline now: kept next time
    return null;
  }
}

let keeping = Promise.resolve();

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      if (key === SHELL) await keepShell(cache, response.clone());
      else await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/**
 * Keeps a fresh index.html. A new release names other entry files: the built files of the previous one are
 * dropped then (the page tells this worker again what the new one loads), so the cache never grows release after
 * release.
 */
async function keepShell(cache, response) {
  const html = await response.clone().text();
  const previous = await cache.match(SHELL);
  const before = previous ? assetsNamedIn(await previous.text()) : [];
  const now = assetsNamedIn(html);
  await cache.put(SHELL, response);
  if (before.length === 0 || before.join(' ') === now.join(' ')) return;
  const keys = await cache.keys();
  await Promise.all(
    keys
      .filter((request) => new URL(request.url).pathname.startsWith('/assets/'))
      .map((request) => cache.delete(request)),
  );
  await cacheAll(cache, now);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}
