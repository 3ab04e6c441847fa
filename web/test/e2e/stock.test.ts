/**
 * Stock in a real browser against the real portal (issue 24): a dealer's Order Products cards say "Low stock",
 * "Backorder" or nothing (never a number), and the admin's dashboard counts the products low on stock and opens
 * Manage Products filtered to them.
 */

import { adminApiToken, apiCaller, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes } from './pageChecks';

jest.setTimeout(180_000);

describe('stock labels and the low-stock alert in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let adminToken: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    adminToken = await adminApiToken(portal);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** Sets a product's stock through the admin's product form (multipart, no new image). */
  async function setStock(productId: string, title: string, stock: { on_hand: string; level: string }) {
    const form = new FormData();
    form.set('title', title);
    form.set('price', '50.00');
    form.set('status', 'active');
    form.set('stock_on_hand', stock.on_hand);
    form.set('low_stock_threshold', stock.level);
    const res = await fetch(`${portal.url}/api/admin/update-product/${productId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(res.status).toBe(200);
  }

  test('When products are low, on backorder or untracked, Then the dealer sees the words and the admin the alert', async () => {
    const admin = apiCaller(portal, () => adminToken);
    for (const title of ['Low Cedar Blind', 'Empty Ridge Stand', 'Plain Hub Blind'])
      await createProduct(portal, adminToken, { title, price: '50.00' });
    const products = (await admin<{ products: { product_id: string; title: string }[] }>('/api/admin/products')).body
      .products;
    const idOf = (title: string) => products.find((product) => product.title === title)?.product_id ?? '';
    await setStock(idOf('Low Cedar Blind'), 'Low Cedar Blind', { on_hand: '2', level: '5' });
    await setStock(idOf('Empty Ridge Stand'), 'Empty Ridge Stand', { on_hand: '0', level: '' });

    const dealer = await createDealerAccount(portal, 'stock@timber.test');
    const page = await signedInPage(browser.context, portal, dealer.email, dealer.password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('tab', { name: 'Order Products' }).click();
    const card = (title: string) => page.getByRole('listitem', { name: title });
    await card('Low Cedar Blind').getByText('Low stock', { exact: true }).waitFor();
    await card('Empty Ridge Stand').getByText('Backorder', { exact: true }).waitFor();
    // untracked: no label; and no card shows a stock figure
    expect(
      await card('Plain Hub Blind')
        .getByText(/In stock|Low stock|Backorder/)
        .count(),
    ).toBe(0);
    expect(await page.getByText(/\bon hand\b|\breserved\b/).count()).toBe(0);
    // a product on backorder may still be ordered
    await page.getByRole('spinbutton', { name: 'Quantity of Empty Ridge Stand' }).fill('2');
    await expectNoAxeViolationsAtBothSizes(page);

    await page.close();

    // the admin, in a browser of its own (one persistent profile keeps one session)
    const adminBrowser = await launchBrowser();
    try {
      const adminPage = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
      const alert = adminPage.getByRole('status').filter({ hasText: '2 products are low on stock' });
      await alert.waitFor();
      await alert.getByRole('link', { name: 'Review products' }).click();
      await adminPage.getByText('Showing the products low on stock or on backorder.').waitFor();
      const list = adminPage.getByRole('list', { name: 'Products' });
      await list
        .getByRole('listitem', { name: 'Low Cedar Blind' })
        .getByText('2 available · 0 reserved · 2 on hand')
        .waitFor();
      await list.getByRole('listitem', { name: 'Empty Ridge Stand' }).getByText('Backorder', { exact: true }).waitFor();
      expect(await list.getByRole('listitem', { name: 'Plain Hub Blind' }).count()).toBe(0);
    } finally {
      await adminBrowser.close();
    }
  });
});
