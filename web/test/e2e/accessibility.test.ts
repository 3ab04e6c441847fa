/**
 * Accessibility of every screen, tab, sub-tab and modal of every role, in a real browser: axe-core with every WCAG
 * rule up to 2.2 AA and its best practices, at a desktop (1440×900) and a phone (390×844) size, must find nothing.
 * The violations of the whole walk are gathered and printed together (screen, size, rule, elements), so one run
 * shows everything to fix. A row deleted through a dialog (a product, an admin user) leaves the focus on the
 * screen's heading, not on <body>. Then a keyboard-only journey: sign in, open a dealer, add a note and come back,
 * with focus back on what opened the dealer.
 *
 * Needs the built portal (`npx turbo run build`, or `npm run build -w @portal/web` after a web change).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { adminApiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { pngImage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { ALL_AXE_TAGS, axeViolations } from './pageChecks';
import { LANDING_TITLE, landingPage } from './settingsSteps';

jest.setTimeout(300_000);

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const DEALER = {
  email: 'buyer@timber.test',
  business_name: 'Timber Ridge Outdoors',
  full_name: 'Jordan Ridge',
  phone: '(406) 555-0199',
  address: '4 Pine Street',
  city: 'Missoula',
  state: 'MT',
  zip_code: '59801',
  zone: 'Western Zone',
};
const SECOND_DEALER = {
  email: 'buyer@prairie.test',
  business_name: 'Prairie Blind Supply',
  full_name: 'Casey Prairie',
  phone: '(316) 555-0142',
  address: '100 Main Street',
  city: 'Wichita',
  state: 'KS',
  zip_code: '67202',
  zone: 'Midwest Zone',
};
/** a dealer whose address no geocoder finds: the geocoding console's diagnosis lists it as an error */
const UNPLACED_DEALER = {
  ...SECOND_DEALER,
  email: 'buyer@nowhere.test',
  business_name: 'Nowhere Outfitters',
  city: 'Nowhereville',
  state: 'TX',
  zip_code: '00000',
};
const SHIPMENT_NAME = 'Plains run';
const PRODUCT = 'Ridge Hub Blind';
/** a product that the walk deletes */
const SPARE_PRODUCT = 'Spare Blind Stool';
const PICTURE = 'Blind at dawn';
/** a visitor's application: a pending applicant on the admin dashboard */
const APPLICANT = {
  ...SECOND_DEALER,
  email: 'owner@willowcreek.test',
  business_name: 'Willow Creek Blinds',
  // a state no other dealer is in: the map's counts stay those of the active dealers
  city: 'Lincoln',
  state: 'NE',
  zip_code: '68508',
  message: 'We would like to carry your blinds.',
};
/** an admin user that the walk creates and deletes */
const SPARE_ADMIN = { email: 'temp.admin@portal.test', full_name: 'Terry Temp' };

describe('Every screen and modal of every role, checked with axe at desktop and phone sizes', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let page: Page;
  let adminToken: string;
  let dealerPassword: string;
  let deliveryPassword: string;

  async function api<T = Record<string, unknown>>(route: string, body?: unknown, token = adminToken): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${portal.url}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 200) return (await res.json()) as T;
      // a new dealer reaches the order service by an event, moments after it is made
      if (res.status !== 404 || attempt > 100) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function order(dealerId: string, status: 'pending' | 'confirmed'): Promise<string> {
    const created = await api<{ order: { order_id: string } }>('/api/admin/create-order', {
      dealer_id: dealerId,
      product_details: [{ product_id: 'custom_1', title: PRODUCT, price: 24.35, quantity: 2 }],
    });
    if (status === 'confirmed') {
      const res = await fetch(`${portal.url}/api/admin/update-order/${created.order.order_id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'confirmed' }),
      });
      if (res.status !== 200) throw new Error(`update-order answered ${res.status}`);
    }
    return created.order.order_id;
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser({ width: 1440, height: 900 });
    page = await browser.context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // a screen that throws shows nothing to check: say why
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    adminToken = await adminApiToken(portal);

    await createProduct(portal, adminToken, { title: PRODUCT, price: '24.35' });
    await createProduct(portal, adminToken, { title: SPARE_PRODUCT, price: '9.99' });
    await api('/api/admin/create-dealer', UNPLACED_DEALER);
    const picture = new FormData();
    picture.set('title', PICTURE);
    picture.set('description', 'A marketing picture');
    picture.set('picture', new Blob([new Uint8Array(pngImage(600, 400))], { type: 'image/png' }), 'dawn.png');
    const uploaded = await fetch(`${portal.url}/api/admin/upload-picture`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}` },
      body: picture,
    });
    if (uploaded.status !== 200) throw new Error(`upload-picture answered ${uploaded.status}`);
    const dealer = await api<{ dealer: { dealer_id: string }; temporary_password: string }>(
      '/api/admin/create-dealer',
      DEALER,
    );
    dealerPassword = dealer.temporary_password;
    const second = await api<{ dealer: { dealer_id: string } }>('/api/admin/create-dealer', SECOND_DEALER);
    await api(`/api/admin/add-dealer-note/${dealer.dealer.dealer_id}`, { note_text: 'Prefers morning deliveries' });
    await order(dealer.dealer.dealer_id, 'pending');
    const ready = await order(dealer.dealer.dealer_id, 'confirmed');
    const shipped = await order(second.dealer.dealer_id, 'confirmed');
    // the confirmations reach the shipping service by events
    for (let attempt = 0; ; attempt++) {
      const { orders } = await api<{ orders: { order_id: string }[] }>('/api/admin/ready-to-ship-orders');
      if ([ready, shipped].every((id) => orders.some((one) => one.order_id === id))) break;
      if (attempt > 100) throw new Error('the confirmed orders never became ready to ship');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await api('/api/admin/create-shipment', { order_ids: [shipped], shipment_name: SHIPMENT_NAME });
    const delivery = await api<{ temporary_password: string }>('/api/admin/create-admin-user', {
      email: 'driver@portal.test',
      full_name: 'Dana Driver',
      role: 'delivery',
    });
    deliveryPassword = delivery.temporary_password;
    const { zone: _zone, ...application } = APPLICANT;
    const applied = await fetch(`${portal.url}/api/public/dealer-application`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(application),
    });
    if (applied.status !== 201) throw new Error(`dealer-application answered ${applied.status}`);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** every violation found so far, one line each: where, size, rule, impact, what it asks and the elements */
  const found: string[] = [];

  /** The page once nothing is loading: no screen chunk, no busy list, no "Loading…" line. */
  async function settled(): Promise<void> {
    const busy = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.screen-loading, [aria-busy="true"], [role="status"]'))
          .filter((el) => el.getClientRects().length > 0)
          .filter((el) => !el.matches('[role="status"]') || /Loading/.test(el.textContent ?? ''))
          .map((el) => el.outerHTML.slice(0, 200)),
      );
    const deadline = Date.now() + 10_000;
    for (let left = await busy(); left.length > 0; left = await busy()) {
      if (Date.now() > deadline) throw new Error(`still loading after 10 s: ${left.join(' | ')}`);
      await page.waitForTimeout(100);
    }
  }

  /** Runs axe at both sizes on the page as it is, recording what it finds under `where`. */
  async function check(where: string): Promise<void> {
    await settled();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // the layout of the new width (a media query swaps tables for cards) before axe reads it
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (const violation of await axeViolations(page, undefined, { tags: ALL_AXE_TAGS })) {
        found.push(
          `${where} @${size.width}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.targets.join(' | ')}`,
        );
      }
    }
    await page.setViewportSize(SIZES[0]);
  }

  /** Opens a modal with `opener` (over any already open), checks it, and closes it with Escape. */
  async function checkModal(opener: Locator, where: string): Promise<void> {
    const openDialogs = () => page.locator('dialog[open]').count();
    const before = await openDialogs();
    const dialogsBecome = (count: number) =>
      page.waitForFunction((wanted) => document.querySelectorAll('dialog[open]').length === wanted, count);
    await opener.click();
    await dialogsBecome(before + 1);
    await check(where);
    await page.keyboard.press('Escape');
    await dialogsBecome(before);
  }

  /**
   * Confirms a deletion in the open dialog `dialog` with `confirm`, waits until `removed` has left the page, and
   * expects the focus on the screen's heading, not dropped on <body> with the removed row's button.
   */
  async function removeThroughDialog(dialog: Locator, confirm: string, removed: Locator): Promise<void> {
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await removed.waitFor({ state: 'detached' });
    const heading = page.locator('main h1');
    try {
      await becomesFocused(heading);
    } catch {
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
      throw new Error(`after the removal the focus is on ${focused}, not on the screen's heading`);
    }
  }

  /** The violations found since `from`, printed in full when there are any. */
  function expectNoneSince(from: number): void {
    const violations = found.slice(from);
    if (violations.length > 0) console.log(`axe violations:\n${violations.join('\n')}`);
    expect(violations).toEqual([]);
  }

  const mainTabs = () => page.getByRole('tablist').first().getByRole('tab');

  /** Opens a dashboard tab, then checks it and each of its sub-tabs (and theirs, e.g. the geocoding console's). */
  async function checkTab(name: string, role: string): Promise<void> {
    await mainTabs()
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
    await settled();
    await checkTabsIn(page.locator('main'), `${role} ${name}`);
  }

  /** Checks `scope` as it is when it holds no tab list; otherwise each tab of its first tab list, in turn. */
  async function checkTabsIn(scope: Locator, where: string): Promise<void> {
    const tablist = scope.locator('[role="tablist"]').first();
    if ((await scope.locator('[role="tablist"]').count()) === 0) {
      await check(where);
      return;
    }
    const tabs = tablist.getByRole('tab');
    const count = await tabs.count();
    for (let index = 0; index < count; index++) {
      const tab = tabs.nth(index);
      const label = await tab.textContent();
      await tab.click();
      await settled();
      const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
      await checkTabsIn(panel, `${where} › ${label}`);
    }
  }

  /** What opens something: a link where it has an address, a button otherwise. */
  const linkOrButton = (name: string | RegExp) =>
    page.getByRole('link', { name }).or(page.getByRole('button', { name }));

  /** the landing page's Dealer Login (a link to the login screen, or a button before it had an address) */
  const dealerLogin = () =>
    page
      .getByRole('link', { name: 'Dealer Login' })
      .or(page.getByRole('button', { name: 'Dealer Login' }))
      .first();

  async function signedIn(email: string, password: string): Promise<void> {
    await landingPage(page, portal.url);
    await dealerLogin().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('.shell').waitFor();
  }

  async function signedOut(): Promise<void> {
    await page.setViewportSize(SIZES[0]);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
  }

  test('When a visitor opens the landing page, login, an invitation and the locator, Then axe finds nothing', async () => {
    const from = found.length;
    await landingPage(page, portal.url);
    await check('landing');
    await dealerLogin().click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await check('login');
    await page.goto(`${portal.url}/?action=dealer-signup&token=invitation-token`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('dealer signup (invitation)');
    await page.goto(`${portal.url}/?view=dealer-locator`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('svg path').first().waitFor();
    await check('dealer locator');
    await page.getByLabel('Address, city or ZIP').fill(SECOND_DEALER.zip_code);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('complementary', { name: 'Closest Dealers' }).locator('.locator__result').first().waitFor();
    await check('dealer locator with results');
    await page.goto(`${portal.url}/apply`);
    await page.getByRole('heading', { level: 1, name: 'Apply to become a dealer' }).waitFor();
    await check('dealer application');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await check('dealer application with field messages');
    await page.goto(portal.url);
    await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
    expectNoneSince(from);
  });

  test('When the admin opens every tab, sub-tab and modal, Then axe finds nothing', async () => {
    const from = found.length;
    await signedIn(portal.adminEmail, portal.adminPassword);
    await page.locator('main svg path').first().waitFor();
    await checkTab('Dashboard', 'admin');
    const applicant = page.getByRole('listitem').filter({ hasText: APPLICANT.business_name });
    await checkModal(
      applicant.getByRole('button', { name: `Approve ${APPLICANT.business_name}` }),
      'admin Approve application',
    );
    await checkModal(
      applicant.getByRole('button', { name: `Reject ${APPLICANT.business_name}` }),
      'admin Reject application',
    );
    // the map's states are controls a screen reader reaches and names, not parts of a picture
    await page.getByRole('button', { name: 'Kansas, 1 dealer' }).focus();
    await shoot('state-map');
    await page.setViewportSize(SIZES[1]);
    await checkModal(page.getByRole('button', { name: 'Open menu' }), 'admin mobile menu');
    await page.getByRole('button', { name: 'View All & Manage' }).click();
    const performance = page.getByRole('dialog', { name: 'Dealer Performance Management' });
    await performance.waitFor();
    await checkTabsIn(performance, 'admin Dealer Performance Management');
    await performance.getByRole('tab', { name: 'Incentive Programs' }).click();
    await checkModal(performance.getByRole('button', { name: 'Create Program' }), 'admin Create Program');
    await page.keyboard.press('Escape');
    await performance.waitFor({ state: 'hidden' });

    await checkTab('Orders', 'admin');
    await checkModal(page.getByRole('button', { name: 'Create New Order' }), 'admin New Order');
    await linkOrButton(/^Open invoice of order/)
      .first()
      .click();
    const invoice = page.locator('dialog[open]');
    await invoice.waitFor();
    await check('admin invoice');
    await invoice.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByRole('dialog', { name: /^Record Payment/ }).waitFor();
    await check('admin Record Payment');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: /^Record Payment/ }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await invoice.waitFor({ state: 'hidden' });

    await checkTab('Shipping', 'admin');
    await page.getByRole('tab', { name: 'Orders Ready to Ship' }).click();
    await page
      .getByRole('checkbox', { name: /^Select order/ })
      .first()
      .check();
    await check('admin create shipment');
    await checkModal(linkOrButton(/^Details of order/).first(), 'admin order details');
    await page.getByRole('tab', { name: 'Generated Routes' }).click();
    const routeCard = page.getByRole('article', { name: SHIPMENT_NAME });
    await check('admin routes collapsed');
    // a card is collapsed until its name is pressed: its route, tools and Shipment details show then
    await routeCard.getByRole('button', { name: SHIPMENT_NAME, exact: true }).click();
    await routeCard.locator('.route-stop').first().waitFor();
    await check('admin route');
    await checkModal(linkOrButton('Shipment details').first(), 'admin shipment details');

    await checkTab('Pictures', 'admin');
    await checkModal(page.getByRole('button', { name: 'Upload Picture' }), 'admin Upload Picture');
    await checkModal(page.getByRole('button', { name: `Preview ${PICTURE}` }), 'admin picture preview');

    await checkTab('Manage Dealers', 'admin');
    await checkModal(page.getByRole('button', { name: 'Create Dealer' }), 'admin Create Dealer');
    await checkModal(page.getByRole('button', { name: 'Archived Dealers' }), 'admin Archived Dealers');
    await page.getByRole('checkbox', { name: `Select ${SECOND_DEALER.business_name}` }).check();
    await check('admin dealers with a selection');
    await checkModal(page.getByRole('button', { name: 'Delete Selected' }), 'admin Delete Selected');
    await page.getByRole('checkbox', { name: `Select ${SECOND_DEALER.business_name}` }).uncheck();
    await page.getByRole('table', { name: 'Dealers' }).getByText(DEALER.business_name).click();
    await page.getByRole('heading', { name: 'Admin Notes & Timeline' }).waitFor();
    await page.getByText('Prefers morning deliveries').waitFor();
    await check('admin dealer detail and notes');
    await checkModal(page.getByRole('button', { name: 'Edit Dealer' }), 'admin Edit Dealer');
    await checkModal(page.getByRole('button', { name: 'Manage Login' }), 'admin dealer login');
    await checkModal(page.getByRole('button', { name: 'Website' }), 'admin dealer website');
    await checkModal(page.getByRole('button', { name: 'Archive / Delete' }), 'admin archive or delete');
    await page.getByRole('button', { name: 'Archive / Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Archive or Delete Dealer' })
      .getByRole('button', { name: 'Delete Permanently' })
      .click();
    const confirmDelete = page.getByRole('dialog', { name: 'Confirm Permanent Deletion' });
    await confirmDelete.waitFor();
    await check('admin Confirm Permanent Deletion');
    await page.keyboard.press('Escape');
    await confirmDelete.waitFor({ state: 'hidden' });

    await checkModal(page.getByRole('button', { name: 'Payment History' }), 'admin Payment History');

    await checkTab('Settings', 'admin');
    await page.getByRole('tab', { name: 'Manage Products' }).click();
    await checkModal(page.getByRole('button', { name: 'Add Product' }), 'admin Add Product');
    await checkModal(page.getByRole('button', { name: `Edit ${PRODUCT}` }), 'admin Edit Product');
    await page.getByRole('button', { name: `Delete ${SPARE_PRODUCT}` }).click();
    const deleteProduct = page.getByRole('dialog', { name: 'Delete Product' });
    await deleteProduct.waitFor();
    await check('admin Delete Product');
    await removeThroughDialog(
      deleteProduct,
      'Delete Product',
      page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name: SPARE_PRODUCT }),
    );

    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await page.getByLabel(/^Email/).fill(SPARE_ADMIN.email);
    await page.getByLabel(/^Full Name/).fill(SPARE_ADMIN.full_name);
    await page.getByRole('button', { name: 'Create User' }).click();
    const temporaryPassword = page.getByRole('dialog', { name: 'Temporary password' });
    await temporaryPassword.waitFor();
    await check('admin new user temporary password');
    await temporaryPassword.getByRole('button', { name: 'Done' }).click();
    await temporaryPassword.waitFor({ state: 'hidden' });
    const deleteUserButton = page.getByRole('button', { name: `Delete ${SPARE_ADMIN.email}` });
    await deleteUserButton.click();
    const deleteUser = page.getByRole('dialog', { name: 'Delete user' });
    await deleteUser.waitFor();
    await check('admin Delete user');
    await removeThroughDialog(deleteUser, 'Delete User', deleteUserButton);

    await page
      .getByRole('tab', { name: /^(Map Settings|Geocoding)/ })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Diagnosis' }).click();
    await page.getByRole('button', { name: 'Run Full Diagnosis' }).click();
    const unplaced = page.locator('details', { hasText: UNPLACED_DEALER.business_name });
    await unplaced.locator('summary').click();
    await check('admin geocoding diagnosis');
    await unplaced.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: /^Geocoding history/ });
    await history.waitFor();
    await check('admin geocoding history');
    await shoot('geocoding-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Map Management' }).click();
    await checkModal(page.getByRole('button', { name: /Add Category/ }), 'admin map category');
    await checkTab('Profile', 'admin');
    await signedOut();
    expectNoneSince(from);
  });

  test('When a dealer opens every tab, an order in progress and an invoice, Then axe finds nothing and quantities step with the arrow keys', async () => {
    const from = found.length;
    await signedIn(DEALER.email, dealerPassword);
    const tabs = await mainTabs().allTextContents();
    for (const tab of tabs) {
      await checkTab(tab, 'dealer');
      if (tab === 'Order Products') {
        const quantity = page.getByRole('spinbutton', { name: `Quantity of ${PRODUCT}` });
        await quantity.fill('2');
        // the arrow keys step the quantity, within 0 to 100
        await quantity.press('ArrowUp');
        expect(await quantity.inputValue()).toBe('3');
        for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await quantity.press(key);
        expect(await quantity.inputValue()).toBe('0');
        await quantity.press('ArrowUp');
        await quantity.press('ArrowUp');
        expect(await quantity.getAttribute('aria-valuenow')).toBe('2');
        await check('dealer Order Products with a quantity');
        await checkModal(page.getByRole('button', { name: 'Submit Order' }), 'dealer order confirmation');
      }
      if (tab === 'Resources') {
        await checkModal(page.getByRole('button', { name: `Preview ${PICTURE}` }), 'dealer picture preview');
      }
      if (tab === 'My Orders') {
        await linkOrButton(/invoice/i)
          .first()
          .click();
        await page.locator('dialog[open]').waitFor();
        await check('dealer invoice');
        await page.keyboard.press('Escape');
        await page.locator('dialog[open]').waitFor({ state: 'hidden' });
      }
    }
    await signedOut();
    expectNoneSince(from);
  });

  /** Screenshots at both sizes, to look over by eye (in the system's temporary directory). */
  async function shoot(name: string): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(tmpdir(), `a11y-${name}-${size.width}.png`) });
    }
    await page.setViewportSize(SIZES[0]);
  }

  /** Whether `target` has the keyboard's focus. */
  const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

  /** Waits until `target` has the focus (it moves there a frame after a screen or dialog changes). */
  async function becomesFocused(target: Locator): Promise<void> {
    const handle = await target.elementHandle();
    await page.waitForFunction((element) => element === document.activeElement, handle, { timeout: 5000 });
  }

  /** Presses Tab (Shift+Tab `backwards`) until `target` has the focus; fails after `most` presses. */
  async function tabTo(target: Locator, { backwards = false, most = 80 } = {}): Promise<void> {
    await target.waitFor();
    for (let presses = 0; !(await isFocused(target)); presses++) {
      if (presses >= most) throw new Error(`${target} never took the focus in ${most} presses of Tab`);
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    }
  }

  /** The element that opens `name`, whether a link (a row with an address) or a button. */
  const opener = (name: string) =>
    page
      .getByRole('table', { name: 'Dealers' })
      .getByRole('link', { name, exact: true })
      .or(page.getByRole('table', { name: 'Dealers' }).getByRole('button', { name, exact: true }));

  test('When the admin signs in, opens a dealer, adds a note and goes back with the keyboard alone, Then focus returns to the dealer', async () => {
    await landingPage(page, portal.url);
    // the skip link comes first, and moves the focus into the page's main content
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    await shoot('skip-link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');

    await tabTo(dealerLogin(), { backwards: true });
    await page.keyboard.press('Enter');
    await tabTo(page.getByLabel('Email'));
    await page.keyboard.type(portal.adminEmail);
    await tabTo(page.getByLabel('Password'));
    await page.keyboard.type(portal.adminPassword);
    await page.keyboard.press('Enter');
    await page.locator('.shell').waitFor();

    // the dashboard's tabs: one Tab stop, the arrow keys move along them
    const tab = (name: string) => mainTabs().filter({ hasText: new RegExp(`^${name}$`) });
    await tabTo(tab('Dashboard'));
    for (let presses = 0; !(await isFocused(tab('Manage Dealers'))); presses++) {
      if (presses > 10) throw new Error('the arrow keys never reached Manage Dealers');
      await page.keyboard.press('ArrowRight');
    }
    expect(await tab('Manage Dealers').getAttribute('aria-selected')).toBe('true');

    const dealer = opener(DEALER.business_name);
    await tabTo(dealer);
    await shoot('dealer-row-focused');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: DEALER.business_name }).waitFor();

    await tabTo(page.getByLabel('New note'));
    await page.keyboard.type('Called about the spring order');
    await tabTo(page.getByRole('button', { name: 'Add Note' }));
    await page.keyboard.press('Enter');
    await page.getByText('Called about the spring order').waitFor();

    const back = page
      .getByRole('button', { name: /Back to Dealers/ })
      .or(page.getByRole('link', { name: /Back to Dealers/ }));
    await tabTo(back, { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Dealers' }).waitFor();
    // back where the list was left: on the dealer that was opened
    await becomesFocused(opener(DEALER.business_name));
  });

  test('When a modal closes, Then the focus is back on what opened it; When a tab opens, Then on its heading', async () => {
    await page.getByRole('button', { name: 'Create Dealer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Create Dealer' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Create Dealer' }).waitFor({ state: 'hidden' });
    await becomesFocused(page.getByRole('button', { name: 'Create Dealer' }));

    // a new screen: the focus is on its heading, so a screen reader says where it is
    await mainTabs()
      .filter({ hasText: /^Orders$/ })
      .click();
    await becomesFocused(page.getByRole('heading', { level: 1, name: 'Orders' }));
    await signedOut();
  });

  test('When a delivery user opens every tab and a dealer, Then axe finds nothing', async () => {
    const from = found.length;
    await signedIn('driver@portal.test', deliveryPassword);
    const tabs = await mainTabs().allTextContents();
    for (const tab of tabs) {
      await checkTab(tab, 'delivery');
      if (tab === 'Dealers') {
        await page.getByRole('table', { name: 'Dealers' }).getByText(DEALER.business_name).click();
        await page.locator('dialog[open]').waitFor();
        await check('delivery dealer');
        await page.keyboard.press('Escape');
        await page.locator('dialog[open]').waitFor({ state: 'hidden' });
      }
    }
    await signedOut();
    expectNoneSince(from);
  });
});
