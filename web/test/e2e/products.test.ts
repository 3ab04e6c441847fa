/**
 * Settings > Manage Products and the dealer's Order Products in a real browser against the real portal: the
 * admin creates a product with an image, edits it (price, image), the dealer sees it (and never an inactive
 * one), a broken image shows No Image, and the admin deletes it.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, fileNamed, pngImage, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectValue } from './pageChecks';
import { expectMessage, openSettings } from './settingsSteps';

jest.setTimeout(180_000);

interface ProductRow {
  product_id: string;
  title: string;
  price: number;
  full_image_url: string | null;
  thumbnail_url: string | null;
}

describe('The product catalogue in a real browser', () => {
  let portal: Portal;
  let adminBrowser: TestBrowser;
  let dealerBrowser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    // two profiles: each role keeps its own stored session
    adminBrowser = await launchBrowser();
    dealerBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await dealerBrowser?.close();
    await portal?.stop();
  });

  /** The catalogue as the admin API answers it, with the token the page holds. */
  async function productsOf(page: Page): Promise<ProductRow[]> {
    const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
    const res = await fetch(`${portal.url}/api/admin/products`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { products: ProductRow[] }).products;
  }

  /** The card image's address and whether it loaded. */
  async function cardImage(page: Page, title: string) {
    const image = page.getByRole('listitem', { name: title }).locator('img');
    await image.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await image.elementHandle());
    return image.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src'), width: img.naturalWidth }));
  }

  test('When the admin creates, edits and deletes a product, Then every step shows the spec message and the dealer sees only active products', async () => {
    const dealer = await createDealerAccount(portal, 'jordan@timber.test');
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await openSettings(admin, 'Manage Products');
    await admin.getByText('Dealers see only active products.', { exact: false }).waitFor();
    await admin.getByText('No products yet.', { exact: false }).waitFor();

    // the form is checked before sending, in the contract's words
    await admin.getByRole('button', { name: 'Add Product' }).click();
    const form = admin.getByRole('dialog', { name: 'Add Product' });
    const create = form.getByRole('button', { name: 'Create Product' });
    await create.click();
    await expectMessage(admin, 'Error: Please enter a title', 'error');
    await form.getByLabel(/^Title/).fill('Ridge Hub Blind');
    await form.getByLabel('Description').fill('Five-hub ground blind with silent windows');
    await form.getByLabel('Price ($)').fill('24.505');
    await create.click();
    await expectMessage(admin, 'Error: Please enter a valid price', 'error');
    await form.getByLabel('Price ($)').fill('24.5');
    await create.click();
    await expectMessage(admin, 'Error: Please select a product image', 'error');
    // a text file named .png passes the browser's look at the name; the server reads the content and says why
    await form.locator('input[type=file]').setInputFiles(await fileNamed('notes.png', 'not really a picture'));
    await create.click();
    await expectMessage(admin, 'Error: Please select a JPG, PNG or GIF image', 'error');

    await form.locator('input[type=file]').setInputFiles(await fileNamed('ridge-hub.png', pngImage(640, 480)));
    // the chosen file is previewed before it is sent
    await form.getByRole('img', { name: 'Product Image preview', exact: true }).waitFor();
    await create.click();
    await expectMessage(admin, 'Product created successfully!', 'success');
    const card = admin.getByRole('listitem', { name: 'Ridge Hub Blind' });
    await card.getByText('$24.50', { exact: true }).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    const [created] = await productsOf(admin);
    const shown = await cardImage(admin, 'Ridge Hub Blind');
    expect(shown.src).toBe(created?.thumbnail_url ?? created?.full_image_url);
    expect(shown.width).toBeGreaterThan(0);

    // an inactive product stays in the admin's list and away from dealers
    await admin.getByRole('button', { name: 'Add Product' }).click();
    await form.getByLabel(/^Title/).fill('Hidden Stand');
    await form.getByLabel('Price ($)').fill('5');
    await form.getByLabel('Status').selectOption({ label: 'Inactive' });
    await form.locator('input[type=file]').setInputFiles(await fileNamed('stand.gif', gif()));
    await create.click();
    await expectMessage(admin, 'Product created successfully!', 'success');
    await admin.getByRole('listitem', { name: 'Hidden Stand' }).getByText('Inactive', { exact: true }).waitFor();

    // edit: a new price and image; the reply's image_updated adds 'Image replaced.'
    await admin.getByRole('button', { name: 'Edit Ridge Hub Blind' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Product' });
    await expectValue(edit.getByLabel('Price ($)'), '24.50');
    await edit.getByLabel('Price ($)').fill('19.9');
    await edit.locator('input[type=file]').setInputFiles(await fileNamed('ridge-hub-2.jpg', pngAsNamed()));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectMessage(admin, 'Product updated successfully! Image replaced.', 'success');
    await card.getByText('$19.90', { exact: true }).waitFor();
    const replaced = await cardImage(admin, 'Ridge Hub Blind');
    expect(replaced.src).not.toBe(shown.src);
    expect(replaced.width).toBeGreaterThan(0);

    // edit without a new image keeps it and says nothing about it
    await admin.getByRole('button', { name: 'Edit Ridge Hub Blind' }).click();
    await edit.getByLabel('Description').fill('Five-hub ground blind, now with brush loops');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectMessage(admin, 'Product updated successfully!', 'success');
    expect((await cardImage(admin, 'Ridge Hub Blind')).src).toBe(replaced.src);

    // the dealer's Order Products: the active product with its image, description and price; never the inactive one
    const shop = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await shop.getByRole('tab', { name: 'Order Products' }).click();
    const offered = shop.getByRole('listitem', { name: 'Ridge Hub Blind' });
    await offered.getByText('$19.90', { exact: true }).waitFor();
    await offered.getByText('Five-hub ground blind, now with brush loops').waitFor();
    expect((await cardImage(shop, 'Ridge Hub Blind')).width).toBeGreaterThan(0);
    expect(await shop.getByRole('listitem', { name: 'Hidden Stand' }).count()).toBe(0);

    // an image that does not load shows the No Image placeholder
    await shop.route('**/api/product-images/**', (route) => route.fulfill({ status: 404, body: '' }));
    await shop.reload();
    await shop.getByRole('tab', { name: 'Order Products' }).click();
    await shop.getByRole('img', { name: 'Ridge Hub Blind: No Image' }).waitFor();
    await shop.unroute('**/api/product-images/**');

    // delete asks first; then the product is gone for the admin and the dealer
    await admin.getByRole('button', { name: 'Delete Ridge Hub Blind' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete Product' });
    await confirm.getByText('Ridge Hub Blind').waitFor();
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
    await expectMessage(admin, 'Product deleted successfully!', 'success');
    await card.waitFor({ state: 'detached' });
    expect((await productsOf(admin)).map((product) => product.title)).toEqual(['Hidden Stand']);

    await shop.reload();
    await shop.getByRole('tab', { name: 'Order Products' }).click();
    await shop.getByText('No products are available to order right now.').waitFor();
  });
});

/** A 1×1 GIF. */
function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** A PNG under a .jpg name: the browser reports image/jpeg, the server detects PNG; both are accepted. */
function pngAsNamed(): Buffer {
  return pngImage(800, 600, { hue: 120 });
}
