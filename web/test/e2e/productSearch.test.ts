/**
 * Issue 24 in a real browser: the admin gives products a SKU and a category on Manage Products; the dealer finds
 * them on Order Products by SKU and by category (the filter kept in the address), sees "No products match" with a
 * way back, and the screen stays axe-clean at desktop and phone sizes.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, fileNamed, pngImage, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText } from './pageChecks';
import { expectMessage, openSettings } from './settingsSteps';

jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/sku';

describe('Finding products by SKU and category in a real browser', () => {
  let portal: Portal;
  let adminBrowser: TestBrowser;
  let dealerBrowser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    adminBrowser = await launchBrowser({ width: 1440, height: 900 });
    dealerBrowser = await launchBrowser({ width: 1440, height: 900 });
    await mkdir(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await dealerBrowser?.close();
    await portal?.stop();
  });

  async function addProduct(admin: Page, fields: { title: string; price: string; sku: string; category: string }) {
    await admin.getByRole('button', { name: 'Add Product' }).click();
    const form = admin.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel(/^Title/).fill(fields.title);
    await form.getByLabel('Price ($)').fill(fields.price);
    await form.getByLabel('SKU').fill(fields.sku);
    await form.getByLabel('Category').fill(fields.category);
    await form.locator('input[type=file]').setInputFiles(await fileNamed('product.png', pngImage(320, 240)));
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expectMessage(admin, 'Product created successfully!', 'success');
  }

  /** The titles of the product cards Order Products shows, in order. */
  const shownTitles = (page: Page) =>
    page.getByRole('list', { name: 'Products' }).locator('.catalog-card__title').allTextContents();

  async function shots(page: Page, name: string) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  test('When the admin sets SKUs and categories, Then the dealer finds a product by SKU and by category, and clears the filters', async () => {
    const dealer = await createDealerAccount(portal, 'casey@ridge.test');
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await openSettings(admin, 'Manage Products');
    await addProduct(admin, { title: 'Tower Stand', price: '189', sku: 'TS-200', category: 'Stands' });
    await addProduct(admin, { title: 'Ridge Hub Blind', price: '249.99', sku: 'RHB-5', category: 'Blinds' });
    await addProduct(admin, { title: 'Ladder Stand', price: '129', sku: 'LS-2', category: 'Stands' });
    await admin.getByRole('listitem', { name: 'Tower Stand' }).getByText('SKU TS-200 · Stands').waitFor();

    // a SKU another product has is refused with the server's message naming it
    await admin.getByRole('button', { name: 'Edit Ladder Stand' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Product' });
    await edit.getByLabel('SKU').fill('ts-200');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectMessage(admin, 'Error: SKU "ts-200" is already used by another product', 'error');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    const shop = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await shop.getByRole('tab', { name: 'Order Products' }).click();
    await shop.getByRole('listitem', { name: 'Tower Stand' }).getByText('SKU TS-200').waitFor();
    expect(await shownTitles(shop)).toEqual(['Ladder Stand', 'Ridge Hub Blind', 'Tower Stand']);

    // by SKU, typed from the keyboard, in any case
    const search = shop.getByRole('searchbox', { name: 'Search products' });
    await search.focus();
    await shop.keyboard.type('ts-2');
    await shop.getByRole('listitem', { name: 'Ladder Stand' }).waitFor({ state: 'detached' });
    expect(await shownTitles(shop)).toEqual(['Tower Stand']);
    // a quantity chosen while filtered stays in the order when the filter changes
    await shop.getByRole('listitem', { name: 'Tower Stand' }).getByRole('spinbutton').fill('2');

    // by category: the choices are the categories of the active products
    await shop.getByRole('button', { name: 'Clear filters' }).press('Enter');
    await shop.getByRole('listitem', { name: 'Ladder Stand' }).waitFor();
    const category = shop.getByRole('combobox', { name: 'Category' });
    expect(await category.locator('option').allTextContents()).toEqual(['All categories', 'Blinds', 'Stands']);
    await category.selectOption('Stands');
    await shop.getByRole('listitem', { name: 'Ridge Hub Blind' }).waitFor({ state: 'detached' });
    expect(await shownTitles(shop)).toEqual(['Ladder Stand', 'Tower Stand']);
    expect(new URL(shop.url()).searchParams.get('category')).toBe('Stands');
    await shots(shop, 'order-products-category');

    // nothing matches: said so, with the way back
    await search.fill('decoy');
    await shop.getByText('No products match your search.').waitFor();
    expect(await shop.getByRole('list', { name: 'Products' }).count()).toBe(0);
    await expectNoAxeViolationsAtBothSizes(shop);
    await shots(shop, 'order-products-no-match');
    await shop.getByRole('button', { name: 'Clear filters' }).click();
    await shop.getByRole('listitem', { name: 'Ridge Hub Blind' }).waitFor();
    expect(await shownTitles(shop)).toEqual(['Ladder Stand', 'Ridge Hub Blind', 'Tower Stand']);
    expect(await search.inputValue()).toBe('');
    await expectText(shop.getByTestId('order-items'), '2');

    await openSettings(admin, 'Manage Products');
    await shots(admin, 'manage-products');
  });
});
