/** Page steps the browser tests share: screenshots to look over, and checks that wait for the page to settle. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Screenshots of the page on a desktop (1280) and a phone (390) for looking over by eye; the page is left at 1280. */
export async function screenshots(
  page: Page,
  name: string,
  { dir = tmpdir(), fullPage = false }: { dir?: string; fullPage?: boolean } = {},
): Promise<void> {
  await page.screenshot({ path: path.join(dir, `${name}-1280.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(dir, `${name}-390.png`), fullPage });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** Waits until one of the elements reads exactly `text` (amounts and badges change a moment after a click). */
export async function expectText(locator: Locator, text: string): Promise<void> {
  const exactly = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await locator.filter({ hasText: exactly }).waitFor({ timeout: 5000 });
}

/** An input's value now (the clamping tests read it right after typing). */
export async function expectValue(input: Locator, value: string): Promise<void> {
  expect(await input.inputValue()).toBe(value);
}

/**
 * Starts recording the page's Content-Security-Policy violations (call before the page loads); answers a function
 * that reads what was recorded so far, one line per violation.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
