import { z } from 'zod';

/**
 * Field builders shared by the request and entity schemas. The spec's messages are passed in by the
 * caller so each rule keeps its exact wording.
 */

/**
 * A NUL character or a lone UTF-16 surrogate: PostgreSQL cannot store the first in text, and the second is
 * not valid Unicode (it cannot be encoded as UTF-8), so text holding either is refused at the door.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a character no text column can keep (NUL, lone surrogate). */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** The message of a text field holding such a character (the field's name is put before it). */
export const UNSTORABLE_TEXT = 'contains characters that cannot be stored (a NUL or an invalid Unicode character)';

/** A string that holds no unstorable character; every request text type is built on it. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnstorableCharacters(value), UNSTORABLE_TEXT);
}

/** A record id (dealer_id, order_id, ...): opaque, never empty. */
export const Id = storableString().trim().min(1).max(100);

/** A required text field: missing, not a string, or blank all answer `message`. */
export function requiredText(message: string, max = 200) {
  return storableString({ error: message }).trim().min(1, message).max(max);
}

/** An optional text field; blank means "not given". */
export function optionalText(max = 200) {
  return storableString().trim().max(max).optional();
}

/**
 * Money in dollars, as the spec's JSON carries it (price, total_value, amount): at most 2 decimals.
 * Services keep integer cents internally and convert at the edge.
 */
export const Money = z
  .number()
  .nonnegative('Error: Amount must not be negative')
  .multipleOf(0.01, 'Error: Amount must have at most 2 decimals')
  .describe('US dollars, at most 2 decimals');

/** A boolean that may arrive as a JSON boolean or as a multipart text field ('true', 'false', '1', '0'). */
export const FormBoolean = z.union([z.boolean(), z.stringbool()]);

/**
 * A website: dealers often type `example.com`, which the locator prefixes with https://, so the scheme
 * is optional; blank means none.
 */
export const Website = storableString()
  .trim()
  .max(500)
  .regex(/^$|^(https?:\/\/)?[^\s/$.?#][^\s.]*\.[^\s]+$/i, 'Error: Website must be a valid URL')
  .optional();

/** Built once: building a zod schema per check costs ten times the check (bulk imports check thousands). */
const EmailFormat = z.email();

/** An email that may be left blank (required-ness is checked with the form's other fields). */
export const OptionalEmail = storableString()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => value === '' || EmailFormat.safeParse(value).success, 'Please enter a valid email address')
  .optional();

/** A calendar date, YYYY-MM-DD. */
export const DateOnly = z.iso.date();

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
export const Coordinates = z.object({ lat: Latitude, lng: Longitude });
export type Coordinates = z.infer<typeof Coordinates>;

/** Path parameters of one id, e.g. `idParams('dealer_id')` for `/api/.../{dealer_id}`. */
export function idParams<K extends string>(name: K) {
  return z.object({ [name]: Id } as { [P in K]: typeof Id });
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
