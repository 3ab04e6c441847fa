/** Browser checks of a form field's own message (shown beside it, named by its aria-describedby). */
import type { Locator } from 'playwright-core';

/** The texts of what a control is described by. */
async function descriptions(control: Locator): Promise<string[]> {
  const ids = (await control.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
  const page = control.page();
  return Promise.all(ids.map(async (id) => ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim()));
}

/** Waits until the control is marked invalid and described by a visible message with exactly this text. */
export async function expectFieldError(control: Locator, text: string): Promise<void> {
  await control.and(control.page().locator('[aria-invalid="true"]')).waitFor({ timeout: 5000 });
  expect(await descriptions(control)).toContain(text);
  const id = (await control.getAttribute('aria-describedby'))?.split(/\s+/).find((part) => part.endsWith('-error'));
  await control.page().locator(`[id="${id}"]`).waitFor({ state: 'visible' });
}

/** Waits until the control carries no message any more. */
export async function expectNoFieldError(control: Locator): Promise<void> {
  await control.and(control.page().locator(':not([aria-invalid="true"])')).waitFor({ timeout: 5000 });
  expect(await descriptions(control)).not.toContain(expect.stringMatching(/^(Please|Error)/));
}
