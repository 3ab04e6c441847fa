/**
 * The admin's Pictures tab and the dealer's Resources tab in a real browser against the real portal: upload with
 * a progress bar and the spec's checks, a grid of thumbnails only, the preview, the dealer's download of the
 * original (attachment, original name, signed and short-lived), and delete.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, fileNamed, pngImage, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectMessage } from './settingsSteps';

jest.setTimeout(180_000);

const TEN_MB = 10485760;

describe('The picture library in a real browser', () => {
  let portal: Portal;
  let adminBrowser: TestBrowser;
  let dealerBrowser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    adminBrowser = await launchBrowser();
    dealerBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await dealerBrowser?.close();
    await portal?.stop();
  });

  /** The loaded image inside `scope` (waits until it finished loading): its address and natural size. */
  async function loadedImage(page: Page, scope: Locator) {
    const image = scope.locator('img').first();
    await image.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await image.elementHandle());
    return image.evaluate((img: HTMLImageElement) => ({
      src: img.getAttribute('src') ?? '',
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
  }

  test('When the admin uploads a picture, Then the dealer previews and downloads the original, and after delete it is gone', async () => {
    const dealer = await createDealerAccount(portal, 'jordan@timber.test');
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    const imageRequests: string[] = [];
    admin.on('request', (request) => {
      // (the chosen file's own preview is a blob: address, not a request to the portal)
      if (request.resourceType() === 'image' && request.url().startsWith(portal.url)) {
        imageRequests.push(new URL(request.url()).pathname);
      }
    });
    await admin.getByRole('tab', { name: 'Pictures' }).click();
    await admin.getByText('No pictures yet.', { exact: false }).waitFor();

    // checked in the form before sending, in the spec's order and words
    await admin.getByRole('button', { name: 'Upload Picture' }).click();
    const form = admin.getByRole('dialog', { name: 'Upload Picture' });
    const send = form.getByRole('button', { name: 'Upload', exact: true });
    const picker = form.locator('input[type=file]');
    await send.click();
    await expectMessage(admin, 'Error: Please select a file first', 'error');
    const original = pngImage(600, 500, { noise: true });
    await picker.setInputFiles(await fileNamed('ridge-dawn.png', original));
    await send.click();
    await expectMessage(admin, 'Error: Please enter a title', 'error');
    await form.getByLabel(/^Title/).fill('Blind at dawn');
    await picker.setInputFiles(await fileNamed('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await expectMessage(admin, 'Error: Please select an image file', 'error');
    await picker.setInputFiles(await fileNamed('huge.png', Buffer.alloc(TEN_MB + 1)));
    await send.click();
    await expectMessage(admin, 'Error: File must be less than 10MB', 'error');
    // a text file named .png passes the browser's look at its type; the server reads the content: its detail shows
    await picker.setInputFiles(await fileNamed('notes.png', 'just some notes'));
    await send.click();
    await expectMessage(admin, 'Error: Please select an image file', 'error');

    // a connection that drops mid-upload
    await picker.setInputFiles(await fileNamed('ridge-dawn.png', original));
    await admin.route('**/api/admin/upload-picture', (route) => route.abort('connectionreset'));
    await send.click();
    await expectMessage(admin, 'Network error during upload', 'error');
    await admin.unroute('**/api/admin/upload-picture');

    // a slow upload shows its progress (XMLHttpRequest upload events)
    await form.getByLabel('Description').fill('Ridge Hub at the edge of a cut corn field');
    await form.getByLabel('Category').fill('Field');
    const cdp = await admin.context().newCDPSession(admin);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await send.click();
    await form.getByRole('button', { name: 'Uploading...' }).waitFor();
    await admin.waitForFunction(() => {
      const bar = document.querySelector('progress');
      return bar !== null && bar.value > 0 && bar.value < 100;
    });
    await expectMessage(admin, 'Picture uploaded successfully!', 'success');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // the grid: title, description, size (KB under 1 MB, else MB to one decimal), date, and a thumbnail (never the original)
    const card = admin.getByRole('listitem', { name: 'Blind at dawn' });
    await card.getByText('Ridge Hub at the edge of a cut corn field').waitFor();
    // under 1 MB a size reads in whole KB (never "0.9 MB" or "0.0 MB")
    expect(original.length).toBeLessThan(1048576);
    await card.getByText(`${Math.round(original.length / 1024)} KB`).waitFor();
    await card.getByText('Field', { exact: true }).waitFor();
    const token = await admin.evaluate(() => window.localStorage.getItem('authToken'));
    const listed = (await (
      await fetch(`${portal.url}/api/admin/pictures`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { pictures: { thumbnail_url: string; preview_url: string; file_size: number }[] };
    const [picture] = listed.pictures;
    expect(picture?.file_size).toBe(original.length);
    const thumbnail = await loadedImage(admin, card);
    expect(thumbnail.src).toBe(picture?.thumbnail_url);
    expect(Math.max(thumbnail.width, thumbnail.height)).toBeLessThanOrEqual(320);
    expect(thumbnail.width).toBeGreaterThan(0);
    expect(imageRequests.length).toBeGreaterThan(0);
    expect(imageRequests.filter((path) => !path.startsWith('/api/picture-files/'))).toEqual([]);

    // the admin's preview shows the 800 px rendition
    await card.getByRole('button', { name: 'Preview Blind at dawn' }).click();
    const preview = admin.getByRole('dialog', { name: 'Blind at dawn' });
    const large = await loadedImage(admin, preview);
    expect(large.src).toBe(picture?.preview_url);
    expect(Math.max(large.width, large.height)).toBeLessThanOrEqual(800);
    expect(large.width).toBeGreaterThan(thumbnail.width);
    await preview.getByRole('button', { name: 'Close' }).click();

    // the dealer's Resources: preview, then Download saves the original under its own name
    const shop = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await shop.getByRole('tab', { name: 'Resources' }).click();
    const resource = shop.getByRole('listitem', { name: 'Blind at dawn' });
    expect((await loadedImage(shop, resource)).src).toBe(picture?.thumbnail_url);
    await resource.getByRole('button', { name: 'Preview Blind at dawn' }).click();
    const dealerPreview = shop.getByRole('dialog', { name: 'Blind at dawn' });
    expect((await loadedImage(shop, dealerPreview)).src).toBe(picture?.preview_url);
    await dealerPreview.getByRole('button', { name: 'Close' }).click();

    const linkReply = shop.waitForResponse((response) => response.url().includes('/api/dealer/download-picture/'));
    const downloaded = shop.waitForEvent('download');
    await resource.getByRole('button', { name: 'Download Blind at dawn' }).click();
    await expectMessage(shop, 'Downloading Blind at dawn...', 'success');
    const link = (await (await linkReply).json()) as { download_url: string; filename: string; title: string };
    expect(link).toMatchObject({ filename: 'ridge-dawn.png', title: 'Blind at dawn' });
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('ridge-dawn.png');
    const saved = await download.path();
    expect(saved && (await readFile(saved)).equals(original)).toBe(true);

    // the signed link: an attachment with the original name; an altered link is refused
    const url = new URL(link.download_url, portal.url);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;.*filename="ridge-dawn\.png"/);
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
    const altered = new URL(url);
    altered.pathname = url.pathname.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await fetch(altered)).status).toBe(403);

    // delete asks first; the picture leaves the grid, the dealer's Resources, and its links stop working
    await card.getByRole('button', { name: 'Delete Blind at dawn' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete Picture' });
    await confirm.getByText('Blind at dawn').waitFor();
    await confirm.getByRole('button', { name: 'Delete Picture' }).click();
    await expectMessage(admin, 'Picture deleted successfully', 'success');
    await card.waitFor({ state: 'detached' });
    expect((await fetch(url)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(new URL(picture?.thumbnail_url ?? '', portal.url))).status).toBe(404);

    await shop.reload();
    await shop.getByRole('tab', { name: 'Resources' }).click();
    await shop.getByText('No pictures are available yet.').waitFor();
  });
});
