import type { Page } from 'playwright-core';
import { adminApiToken, apiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { LANDING_TITLE, landingPage, signIn, signOut } from './settingsSteps';

jest.setTimeout(240_000);

const LOGIN_TITLE = 'Sign in to the dealer portal';

async function api<T>(portal: Portal, route: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${portal.url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The page's address without its origin: path and query. */
const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page's address (path and query) is `address`. */
async function expectAddress(page: Page, address: string): Promise<void> {
  try {
    await page.waitForFunction((wanted) => window.location.pathname + window.location.search === wanted, address, {
      timeout: 10_000,
    });
  } catch {
    throw new Error(`the address is ${addressOf(page)}, not ${address}`);
  }
}

async function expectTitle(page: Page, title: RegExp): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(document.title), title.source);
}

describe('Addresses: Back, Forward, reload and links in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let dealer: { email: string; password: string };
  let dealerId: string;
  let orderId: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser({ width: 1440, height: 900 });
    const admin = await adminApiToken(portal);
    dealer = await createDealerAccount(portal, 'ridge@dealers.test');
    const found = await api<{ dealers: { dealer_id: string }[] }>(
      portal,
      '/api/admin/all-dealers-enhanced?q=ridge%40dealers.test',
      admin,
    );
    dealerId = found.dealers[0]?.dealer_id ?? '';
    if (!dealerId) throw new Error('the dealer was not listed');
    // a second dealer, so a search narrows the list
    await api(portal, '/api/admin/create-dealer', admin, {
      email: 'prairie@dealers.test',
      business_name: 'Prairie Supply',
      full_name: 'Pat Prairie',
      phone: '(785) 555-0100',
      address: '1 Main Street',
      city: 'Lawrence',
      state: 'KS',
      zip_code: '66044',
      zone: 'Midwest Zone',
    });
    await createProduct(portal, admin, { title: 'Hunting Blind', price: '129.99' });
    const dealerToken = await apiToken(portal, dealer.email, dealer.password);
    const { products } = await api<{ products: { product_id: string }[] }>(portal, '/api/dealer/products', dealerToken);
    const product = products[0];
    if (!product) throw new Error('no product to order');
    const submitted = await api<{ order_id: string }>(portal, '/api/dealer/submit-order', dealerToken, {
      product_orders: [{ product_id: product.product_id, quantity: 2 }],
    });
    orderId = submitted.order_id;
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test("Back from a dealer's detail returns to Manage Dealers with its search; the name is a link that opens in a new tab", async () => {
    const page = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    await expectAddress(page, '/admin/dashboard');
    const dealersTab = page.getByRole('tab', { name: 'Manage Dealers' });
    expect(await dealersTab.getAttribute('href')).toBe('/admin/dealers');
    await dealersTab.click();
    await expectAddress(page, '/admin/dealers');
    await expectTitle(page, /^Manage Dealers · .+ Dealer Portal$/);

    await page.getByLabel('Search').fill('Timber');
    await expectAddress(page, '/admin/dealers?q=Timber');
    const link = page.getByRole('link', { name: 'Timber Ridge Outdoors' });
    await link.waitFor();
    await page.getByRole('link', { name: 'Prairie Supply' }).waitFor({ state: 'detached' });
    expect(await link.getAttribute('href')).toBe(`/admin/dealers/${dealerId}?q=Timber`);

    // ctrl-click: the browser opens the dealer in a new tab (the session is shared), this page stays on the list
    const [opened] = await Promise.all([browser.context.waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
    await opened.getByRole('heading', { level: 2, name: 'Timber Ridge Outdoors' }).waitFor();
    expect(addressOf(opened)).toBe(`/admin/dealers/${dealerId}?q=Timber`);
    await opened.close();
    expect(addressOf(page)).toBe('/admin/dealers?q=Timber');

    await link.click();
    await expectAddress(page, `/admin/dealers/${dealerId}?q=Timber`);
    await page.getByRole('button', { name: '← Back to Dealers' }).waitFor();
    await expectTitle(page, /^Dealer Details · /);

    await page.goBack();
    await expectAddress(page, '/admin/dealers?q=Timber');
    await page.getByRole('heading', { name: 'All Dealers', exact: true }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('Timber');
    await page.getByRole('link', { name: 'Timber Ridge Outdoors' }).waitFor();

    // Forward reopens the dealer; its Back button returns to the same list (one step, not a new one)
    await page.goForward();
    await page.getByRole('button', { name: '← Back to Dealers' }).click();
    await expectAddress(page, '/admin/dealers?q=Timber');
    // typing the search replaced the list's address rather than adding steps: Back leaves Manage Dealers at once
    await page.goBack();
    await expectAddress(page, '/admin/dashboard');
    await page.close();
  });

  test('A reloaded order invoice address reopens the invoice; a reloaded settings sub-tab reopens it', async () => {
    const page = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    const number = orderId.slice(-8).toUpperCase();
    await page.goto(`${portal.url}/admin/orders/${orderId}`);
    const invoice = page.getByRole('dialog', { name: `Invoice — Order ${number}` });
    await invoice.waitFor();
    await expectTitle(page, new RegExp(`^Order #${number} · `));
    await page.reload();
    await invoice.waitFor();
    await invoice.getByRole('button', { name: 'Close' }).first().click();
    await expectAddress(page, '/admin/orders');
    // an order the list's own filter hides is still found for its address (looked up by its number)
    await page.goto(`${portal.url}/admin/orders/${orderId}?q=no-such-order`);
    await invoice.waitFor();
    await invoice.getByRole('button', { name: 'Close' }).first().click();
    await expectAddress(page, '/admin/orders?q=no-such-order');
    await page.goto(`${portal.url}/admin/orders`);
    await invoice.waitFor({ state: 'detached' });
    // the order's number in the list is a link to the same address
    const numberLink = page.getByRole('link', { name: `Open invoice of order ${number}` });
    expect(await numberLink.getAttribute('href')).toBe(`/admin/orders/${orderId}`);

    await page.goto(`${portal.url}/admin/settings/google-maps`);
    const googleTab = page.getByRole('tab', { name: 'Google Maps' });
    await page.reload();
    await googleTab.waitFor();
    expect(await googleTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Settings', exact: true }).getAttribute('aria-selected')).toBe('true');
    await expectTitle(page, /^Google Maps · Settings · /);
    await page.close();
  });

  test("An invoice opened from a dealer's detail has an address: reload reopens it, Back closes it", async () => {
    const page = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    const detail = `/admin/dealers/${dealerId}?q=Timber`;
    const invoiceAddress = `/admin/dealers/${dealerId}/orders/${orderId}?q=Timber`;
    await page.goto(`${portal.url}${detail}`);
    await page
      .getByRole('button', { name: /^Open invoice of order / })
      .first()
      .click();
    await expectAddress(page, invoiceAddress);
    const invoice = page.getByRole('dialog', { name: /^Invoice — Order / });
    await invoice.waitFor();
    await expectTitle(page, new RegExp(`^Order #${orderId.slice(-8).toUpperCase()} · `));
    await page.reload();
    await invoice.waitFor();
    await page.goBack();
    await expectAddress(page, detail);
    await invoice.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'Timber Ridge Outdoors' }).waitFor();
    // Forward reopens it; its Close button is the same step back
    await page.goForward();
    await invoice.getByRole('button', { name: 'Close' }).first().click();
    await expectAddress(page, detail);
    await invoice.waitFor({ state: 'detached' });
    await page.close();
  });

  test('The Pending Orders card opens Orders filtered to pending', async () => {
    const page = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    await page.getByRole('link', { name: /Pending Orders/ }).click();
    await expectAddress(page, '/admin/orders?status=pending');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    await page.getByRole('link', { name: `Open invoice of order ${orderId.slice(-8).toUpperCase()}` }).waitFor();
    await page.close();
  });

  test('A signed-out deep link opens login, then that screen; sign-out goes to landing and Back shows nothing private', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await page.goto(`${portal.url}/admin/dealers/${dealerId}`);
    await page.getByRole('heading', { name: LOGIN_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/admin/dealers/${dealerId}`);
    await page.getByLabel('Email').fill(portal.adminEmail);
    await page.getByLabel('Password').fill(portal.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectAddress(page, `/admin/dealers/${dealerId}`);
    await page.getByRole('heading', { level: 2, name: 'Timber Ridge Outdoors' }).waitFor();

    await signOut(page);
    expect(addressOf(page)).toBe('/');
    await page.goBack();
    await page.getByRole('heading', { name: LOGIN_TITLE }).waitFor();
    expect(await page.getByText('Timber Ridge Outdoors').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  test('A dealer opening an admin address lands on the dealer dashboard; its tabs and invoices have addresses', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, dealer.email, dealer.password);
    await expectAddress(page, '/dealer/overview');
    await page.goto(`${portal.url}/admin/orders`);
    await expectAddress(page, '/dealer/overview');
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();

    await page.getByRole('tab', { name: 'My Orders' }).click();
    await expectAddress(page, '/dealer/orders');
    await page.getByRole('link', { name: 'View Invoice' }).first().click();
    await expectAddress(page, `/dealer/orders/${orderId}`);
    await page.reload();
    const invoice = page.getByRole('dialog', { name: /^Invoice — Order / });
    await invoice.waitFor();
    await invoice.getByRole('button', { name: 'Close' }).first().click();
    await expectAddress(page, '/dealer/orders');
    await signOut(page);
    await page.close();
  });

  test('The landing header and footer link to the dealer locator; the title follows the screen', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await expectTitle(page, /^.+ Dealer Portal$/);
    const headerLink = page.getByRole('banner').getByRole('link', { name: 'Find a Dealer' });
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Find a Dealer' });
    expect(await headerLink.getAttribute('href')).toBe('/find-a-dealer');
    expect(await footerLink.getAttribute('href')).toBe('/find-a-dealer');
    await headerLink.click();
    await expectAddress(page, '/find-a-dealer');
    await page.getByRole('heading', { level: 1, name: 'Find a Dealer' }).waitFor();
    await expectTitle(page, /^Find a Dealer · /);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
    await page.getByRole('link', { name: 'Dealer Login' }).first().click();
    await expectAddress(page, '/login');
    await expectTitle(page, /^Sign In · /);
    await page.close();
  });
});
