import type { z } from 'zod';
import { asError, type CallFailure, errorDetail, isNetworkError } from '../../../api/errorMessage';
import type { MessageTone } from '../../../ui/messageTone';

type CallError = CallFailure | undefined;

/** A message shown on a settings screen or the profile form. */
export interface Notice {
  text: string;
  /** set when the text alone would not say it (e.g. 'New passwords do not match' is an error) */
  tone?: MessageTone;
}

/** A failed read, e.g. 'Error loading admin users: ' plus the server's detail or what went wrong. */
export function loadFailureText(prefix: string, error: CallError): string {
  return `${prefix}: ${errorDetail(error) ?? describeFailure(error)}`;
}

function describeFailure(error: CallError): string {
  if (isNetworkError(error)) return 'Network error';
  if (error && 'status' in error && typeof error.status === 'number') return `HTTP ${error.status}`;
  return 'Unknown error';
}

/**
 * The first problem the contract's own request schema finds in a form, as an error text, or null when the
 * form may be sent. The browser thus checks with the exact rules and messages the server applies.
 */
export function formProblem(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? 'Please check the form';
  return asError(message);
}

/** A form's first problem and the field it concerns (null when it concerns no one field, e.g. a refinement). */
export interface FieldProblem {
  field: string | null;
  text: string;
}

/**
 * The first problem the contract's request schema finds, with the field it concerns, so the form can show it
 * beside that field: the same rules and texts as formProblem.
 */
export function fieldProblem(schema: z.ZodType, values: unknown): FieldProblem | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return { field: typeof field === 'string' ? field : null, text: asError(issue?.message ?? 'Please check the form') };
}
