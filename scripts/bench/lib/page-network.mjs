/**
 * A browser page's network as the browser benchmarks count it, over a CDP session of the page (Network.enable
 * first): `since()` starts a record of the requests from now; `quiet()` waits until none was in flight for
 * `quietMs` and answers the record's responses — url, type, status, content-encoding, whether it came from a cache,
 * `bytes` as they travelled (encodedDataLength: headers and body), `decoded` body bytes, and `start`/`end` times
 * (performance.now()).
 */
export function watchNetwork(cdp, { quietMs = 500 } = {}) {
  const inFlight = new Set();
  let lastActivity = performance.now();
  let record = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastActivity = performance.now();
    if (record && !record.has(e.requestId) && !e.request.url.startsWith('data:')) {
      record.set(e.requestId, {
        url: e.request.url,
        type: e.type,
        bytes: 0,
        decoded: 0,
        cached: false,
        start: performance.now(),
      });
    }
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = record?.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = record?.get(e.requestId);
    if (r) {
      r.type = e.type;
      r.status = e.response.status;
      r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
      if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) r.cached = true;
    }
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = record?.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  const finished = (e, failed) => {
    inFlight.delete(e.requestId);
    lastActivity = performance.now();
    const r = record?.get(e.requestId);
    if (r) {
      r.bytes = failed ? 0 : e.encodedDataLength;
      r.end = performance.now();
      r.done = true;
      r.failed = failed;
    }
  };
  cdp.on('Network.loadingFinished', (e) => finished(e, false));
  cdp.on('Network.loadingFailed', (e) => finished(e, true));
  return {
    since() {
      record = new Map();
    },
    async quiet(timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      while (inFlight.size > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() > deadline) throw new Error(`the page's network was not quiet in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const responses = [...(record ?? new Map()).values()];
      record = null;
      return responses;
    },
  };
}

/** The bytes of recorded `responses`: API (/api/), JS/CSS, other and total, with the API's decoded size. */
export function bytesOf(responses) {
  const sum = { api: 0, apiDecoded: 0, code: 0, other: 0, total: 0, requests: responses.length, cached: 0 };
  for (const r of responses) {
    const bytes = r.bytes ?? 0;
    if (r.cached) sum.cached += 1;
    sum.total += bytes;
    if (new URL(r.url).pathname.startsWith('/api/')) {
      sum.api += bytes;
      sum.apiDecoded += r.decoded;
    } else if (r.type === 'Script' || r.type === 'Stylesheet' || /\.(m?js|css)(\?|$)/.test(r.url)) sum.code += bytes;
    else sum.other += bytes;
  }
  return sum;
}
