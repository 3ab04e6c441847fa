/**
 * What a grid of 100 pictures costs a dealer's browser (issue 8 target: at most 2 MB, by thumbnails): the bytes
 * of every image the Resources tab loads, first on opening and then scrolled to the end (grid images load lazily).
 * The numbers are printed for docs/benchmarks.md.
 */
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, pngImage, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';

jest.setTimeout(300_000);

const PICTURES = 100;
const BUDGET_BYTES = 2 * 1024 * 1024;

describe('The picture grid in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test('When a dealer opens Resources with 100 pictures and scrolls to the end, Then at most 2 MB of images arrive, all thumbnails', async () => {
    const dealer = await createDealerAccount(portal, 'grid@timber.test');
    const login = (await (
      await fetch(`${portal.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: portal.adminEmail, password: portal.adminPassword }),
      })
    ).json()) as { access_token: string };
    // photo-like originals (1200 × 800 with grain), a few kinds uploaded over and over: each upload is its own
    // picture with its own renditions
    const kinds = [0, 60, 120, 180, 240].map((hue) => new Uint8Array(pngImage(1200, 800, { hue, grain: 10 })));
    let originalBytes = 0;
    const upload = async (n: number) => {
      const image = kinds[n % kinds.length] ?? new Uint8Array();
      originalBytes += image.length;
      const form = new FormData();
      form.set('title', `Picture ${n + 1}`);
      form.set('description', 'A marketing picture');
      form.set('picture', new Blob([image], { type: 'image/png' }), `picture-${n + 1}.png`);
      const res = await fetch(`${portal.url}/api/admin/upload-picture`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${login.access_token}` },
        body: form,
      });
      expect(res.status).toBe(200);
    };
    // three uploads at a time: one upload's image work overlaps the others' transfers (the titles carry the
    // numbers; the order the pictures land in does not change what the grid loads)
    const LANES = 3;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let n = lane; n < PICTURES; n += LANES) await upload(n);
      }),
    );

    const page = await signedInPage(browser.context, portal, dealer.email, dealer.password);
    // each finished image is recorded at once; its sizes arrive later, so they are awaited when counted
    const finished: Promise<{ path: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      finished.push(
        request.sizes().then((sizes) => ({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
    });
    const imagesSoFar = () => Promise.all([...finished]);
    await page.getByRole('tab', { name: 'Resources' }).click();
    // the first thumbnail has loaded (a lazy image is in the page before its request starts, and a loaded
    // machine may not have started it by the first network-idle moment), then what else the opening loads
    await page.getByRole('listitem', { name: 'Picture 1', exact: true }).locator('img').waitFor();
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('img')).some((img) => img.complete && img.naturalWidth > 0),
      null,
      { timeout: 20_000 },
    );
    for (let waited = 0; finished.length === 0 && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    await page.waitForLoadState('networkidle');
    const opened = await imagesSoFar();
    const onOpening = sum(opened);
    const openedCount = opened.length;

    // scrolled with the wheel, 1,500 px at a time, until the page ends (every image passes the viewport)
    const atTheEnd = () =>
      page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    for (let step = 0; step < 60 && !(await atTheEnd()); step++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(100);
    }
    await page
      .getByRole('listitem', { name: `Picture ${PICTURES}`, exact: true })
      .locator('img')
      .waitFor();
    await page.waitForLoadState('networkidle');
    // every image has finished (or the count below says which did not)
    for (let waited = 0; finished.length < PICTURES && waited < 5_000; waited += 50) await page.waitForTimeout(50);
    const images = await imagesSoFar();
    const scrolled = sum(images);

    console.log(
      `grid of ${PICTURES}: opening ${openedCount} images ${kb(onOpening)}; scrolled to the end ${images.length} images ${kb(scrolled)}; originals ${kb(originalBytes)}`,
    );
    expect(images.filter((image) => !image.path.startsWith('/api/picture-files/'))).toEqual([]);
    expect(images.length).toBe(PICTURES);
    expect(openedCount).toBeGreaterThan(0);
    expect(openedCount).toBeLessThan(PICTURES);
    expect(scrolled).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

function sum(images: readonly { bytes: number }[]): number {
  return images.reduce((total, image) => total + image.bytes, 0);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
