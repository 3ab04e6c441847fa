/** Page steps the browser tests share: screenshots to look over, and checks that wait for the page to settle. */
import { readFile } from 'node:fs/promises';
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

/** One axe-core violation, as the tests print it: the rule, its impact and the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The WCAG 2.0/2.1 A and AA rules: what axeViolations checks unless told otherwise. */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
/** Every WCAG rule up to 2.2 AA and axe's best practices (landmarks, heading order, unique landmarks, ...). */
export const ALL_AXE_TAGS = [...WCAG21_AA_TAGS, 'wcag22aa', 'best-practice'] as const;

/**
 * The violations axe-core finds on the page as it is now (axe-core, injected into the page): of the WCAG 2.1 A/AA
 * rules, or of the rules `tags` name (e.g. ALL_AXE_TAGS). `include` limits the check to one part of the page (a
 * CSS selector).
 */
export async function axeViolations(
  page: Page,
  include?: string,
  { tags = WCAG21_AA_TAGS }: { tags?: readonly string[] } = {},
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // evaluated through the debugging protocol: the portal's Content-Security-Policy refuses an injected <script>
  if (!loaded) await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(
    async ({ context, tags }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
      interface AxeResults {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      }
      const results = await axe.run(context ? { include: [context] } : document, {
        runOnly: { type: 'tag', values: tags },
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { context: include ?? null, tags: [...tags] },
  );
}

/** Checks the page with axe at a desktop (1440×900) and a phone (390×844) size; the page is left at 1440×900. */
export async function expectNoAxeViolationsAtBothSizes(page: Page, include?: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect({ size, violations: await axeViolations(page, include) }).toEqual({ size, violations: [] });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Retries an assertion until it holds (events and answers arrive a little later), for up to `ms`. */
export async function eventually(check: () => Promise<void>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
