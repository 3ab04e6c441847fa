/** What the product and picture browser tests share: real images, a dealer account, signing in a page. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import type { Portal } from './harness';
import { landingPage, signIn } from './settingsSteps';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real RGB PNG of `width` × `height`: a colour gradient, or random pixels when `noise` (incompressible, so the
 * file is about width × height × 3 bytes: big enough to watch an upload's progress). `grain` adds a little random
 * noise to the gradient, which compresses about like a photograph.
 */
export function pngImage(width: number, height: number, { noise = false, hue = 0, grain = 0 } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    const pixels = noise || grain ? randomBytes(width * 3) : undefined;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      if (pixels && noise) {
        pixels.copy(rows, at, x * 3, x * 3 + 3);
        continue;
      }
      const jitter = (channel: number) => (pixels ? ((pixels[x * 3 + channel] ?? 0) % (2 * grain + 1)) - grain : 0);
      const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
      rows.set(
        [
          clamp(((hue + (x * 255) / width) % 256) + jitter(0)),
          clamp((y * 255) / height + jitter(1)),
          clamp(90 + 60 * Math.sin((x + y) / 40) + jitter(2)),
        ],
        at,
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes bytes to a fresh file with this name (the name the browser's file picker reports). */
export async function fileNamed(name: string, bytes: Buffer | string): Promise<string> {
  const dir = path.join(tmpdir(), `portal-e2e-${Date.now()}-${randomBytes(3).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function call(portal: Portal, route: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${portal.url}${route}`, { ...init, headers });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A dealer with a login, made through the API (the dealer screens have their own tests): its email, password and
 * dealer id.
 */
export async function createDealerAccount(
  portal: Portal,
  email: string,
): Promise<{ email: string; password: string; dealerId: string }> {
  const login = await call(portal, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: portal.adminEmail, password: portal.adminPassword }),
  });
  const created = await call(portal, '/api/admin/create-dealer', {
    method: 'POST',
    token: String(login.access_token),
    body: JSON.stringify({
      email,
      business_name: 'Timber Ridge Outdoors',
      full_name: 'Jordan Ridge',
      phone: '(406) 555-0199',
      address: '4 Pine Street',
      city: 'Missoula',
      state: 'MT',
      zip_code: '59801',
      zone: 'Western Zone',
    }),
  });
  const dealerId = (created.dealer as { dealer_id?: unknown } | undefined)?.dealer_id;
  if (typeof created.temporary_password !== 'string' || typeof dealerId !== 'string')
    throw new Error('create-dealer made no login');
  return { email, password: created.temporary_password, dealerId };
}

/** A new page of `context`, signed in from the landing page; resolves once the dashboard shows. */
export async function signedInPage(context: BrowserContext, portal: Portal, email: string, password: string) {
  const page: Page = await context.newPage();
  await landingPage(page, portal.url);
  await signIn(page, email, password);
  // the dashboard frame (Logout itself sits in the menu on a phone)
  await page.locator('.shell').waitFor();
  return page;
}

/** Whether an <img> has loaded real pixels (a broken one has naturalWidth 0), and its size. */
export function imageSize(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) =>
      img.complete ? { width: img.naturalWidth, height: img.naturalHeight, src: img.currentSrc } : null,
    );
}
