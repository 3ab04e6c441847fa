/**
 * The service worker that keeps the app itself (index.html and the built scripts and styles) for a reload without
 * signal: web/public/driver-sw.js. Scoped to the driver's pages (/delivery/); it caches no API answer (the driver's
 * routes are kept by the page, per user). Browsers allow it on https and localhost only; elsewhere the app works
 * online as before.
 */
export const DRIVER_SW_URL = '/driver-sw.js';
export const DRIVER_SW_SCOPE = '/delivery/';

let registered = false;

export function registerDriverServiceWorker(): void {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!window.isSecureContext) return;
  registered = true;
  navigator.serviceWorker
    .register(DRIVER_SW_URL, { scope: DRIVER_SW_SCOPE })
    .then(activeWorker)
    .then((worker) => shareLoadedAssets(worker))
    .catch(() => {
      // without it the app works as before, online only
      registered = false;
    });
}

/**
 * The registration's worker once it is active. Not `navigator.serviceWorker.ready`: that waits for a worker whose
 * scope holds the address the page was opened at, and a driver's page is often opened at /login.
 */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (registration.active) {
        resolve(registration.active);
        return true;
      }
      return false;
    };
    if (check()) return;
    const coming = registration.installing ?? registration.waiting;
    if (!coming) return reject(new Error('no service worker on its way'));
    coming.addEventListener('statechange', () => {
      if (coming.state === 'redundant') reject(new Error('the service worker failed to install'));
      else check();
    });
  });
}

/**
 * The worker only sees what a page it controls loads: the scripts this page loaded before (the first visit, or a
 * page opened at /login) and the screens it loads later are told to it, so a reload offline finds them all.
 */
function shareLoadedAssets(worker: ServiceWorker): void {
  const post = (urls: string[]) => {
    const assets = urls.filter((url) => new URL(url, location.origin).pathname.startsWith('/assets/'));
    if (assets.length > 0) worker.postMessage({ type: 'cache-assets', urls: assets });
  };
  post(performance.getEntriesByType('resource').map((entry) => entry.name));
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => post(list.getEntries().map((entry) => entry.name))).observe({
    type: 'resource',
  });
}
