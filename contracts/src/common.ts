import { z } from 'zod';

/** The JSON body of every failed call: the web shows `detail`. */
export const ErrorBody = z.object({
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `{ success: true }` plus an optional human message. */
export const Ok = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  detail: z.string().optional(),
});
export type Ok = z.infer<typeof Ok>;

/**
 * A success answer: `{ success: true }` and what the endpoint adds (its message, the record it made). Every
 * handler answers through it, so the flag is spelled once.
 */
export function succeeded(): Pick<Ok, 'success'>;
export function succeeded<Detail extends object>(detail: Detail): Pick<Ok, 'success'> & Detail;
export function succeeded(detail: object = {}): Pick<Ok, 'success'> {
  return { success: true, ...detail };
}

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }));
/** A US state code; the spec caps the field at 2 characters. */
export const UsState = z
  .string()
  .trim()
  .toUpperCase()
  .max(2, 'Error: State must be at most 2 characters')
  .regex(/^[A-Z]{0,2}$/, 'Error: State must be a two-letter code');
export const IsoDate = z.string().describe('ISO 8601 timestamp');

/** The body of a non-JSON answer (an image, an HTML page): documented, never validated. */
export const ImageBytes = z.string().meta({ format: 'binary' }).describe('the image, served with its detected type');
export const HtmlPage = z.string().describe('an HTML page');
