/** Browser steps shared by the settings and profile tests. */
import type { Page } from 'playwright-core';

export const LANDING_TITLE = 'Everything our dealers need, in one portal';

/** A fresh page on the landing view with nothing stored. */
export async function landingPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => window.localStorage.clear());
  // not a reload: a stored session has moved the page to its dashboard's address
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  // a link to /login (the header's is hidden on a phone)
  await page.getByRole('link', { name: 'Dealer Login' }).filter({ visible: true }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
}

/** Opens Settings and one of its sub-tabs on the admin dashboard. */
export async function openSettings(page: Page, section: string): Promise<void> {
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: section }).click();
}

/**
 * Waits for a message with exactly this text, styled as `tone` (messages clear after 3 s, so it is read as it
 * appears).
 */
export async function expectMessage(page: Page, text: string, tone: 'error' | 'success'): Promise<void> {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.locator(`.message.message--${tone}`).filter({ hasText: exact }).first().waitFor({ timeout: 5000 });
}
