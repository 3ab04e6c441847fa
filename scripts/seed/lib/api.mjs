/** The portal's public HTTP API as the seed uses it: JSON and multipart requests with a bearer token. */

export class ApiError extends Error {
  constructor(method, path, status, body) {
    const detail = typeof body?.detail === 'string' ? body.detail : JSON.stringify(body ?? '').slice(0, 300);
    super(`${method} ${path} answered ${status}: ${detail}`);
    this.status = status;
    this.detail = detail;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Answers worth asking again: the portal is busy or a part of it restarts (the gateway's 502/503/504). */
const TRANSIENT = new Set([502, 503, 504]);

export class Api {
  constructor(baseUrl, { token, timeoutMs = 60_000 } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.token = token;
    this.timeoutMs = timeoutMs;
    this.requests = 0;
  }

  /** `json` (an object) or `form` (FormData); answers the parsed JSON body. Retries transient failures. */
  async request(method, path, { json, form } = {}) {
    for (let attempt = 1; ; attempt++) {
      let res;
      try {
        this.requests++;
        res = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: json !== undefined ? JSON.stringify(json) : form,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        if (attempt >= 6) throw new Error(`${method} ${this.baseUrl}${path} failed: ${err.cause?.code ?? err.message}`);
        await sleep(200 * 2 ** attempt);
        continue;
      }
      const text = await res.text();
      let body;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = { detail: text.slice(0, 300) };
      }
      if (res.ok) return body;
      if (TRANSIENT.has(res.status) && attempt < 6) {
        await sleep(250 * 2 ** attempt);
        continue;
      }
      throw new ApiError(method, path, res.status, body);
    }
  }

  get(path) {
    return this.request('GET', path);
  }
  post(path, json = {}) {
    return this.request('POST', path, { json });
  }
  put(path, json) {
    return this.request('PUT', path, { json });
  }
  postForm(path, fields, files) {
    return this.request('POST', path, { form: formData(fields, files) });
  }
  putForm(path, fields, files) {
    return this.request('PUT', path, { form: formData(fields, files) });
  }
}

function formData(fields, files = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== null) form.append(name, String(value));
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  return form;
}

/** Signs in; answers an Api that carries the token. */
export async function signIn(baseUrl, email, password) {
  const anonymous = new Api(baseUrl);
  const body = await anonymous.post('/api/auth/login', { email, password });
  if (body.user?.role !== 'admin') throw new Error(`${email} is not an admin (role ${body.user?.role})`);
  return new Api(baseUrl, { token: body.access_token });
}

/**
 * Runs `work` again while it throws what `isLag` accepts (another service has not heard an event yet), for up to
 * `timeoutMs`. Events travel in well under a second; the limit is for a loaded machine.
 */
export async function eventually(work, isLag, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    try {
      return await work();
    } catch (err) {
      if (!isLag(err) || Date.now() > deadline) throw err;
      await sleep(wait);
    }
  }
}

/** Polls `check` until it answers true or `timeoutMs` passes; answers the last answer. */
export async function waitFor(check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(wait);
  }
}

/** Runs `work(item, index)` over `items` with at most `concurrency` at a time; the first error stops the rest. */
export async function pool(items, concurrency, work) {
  let next = 0;
  let failed;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failed) throw failed;
}
