import { DEALER_APPLICATION_HONEYPOT, DealerApplicationRequest } from '@portal/contracts';
import type { DealerFieldName } from '../dealers/dealerFieldNames';

/** The application form as typed: the dealer fields, the message, and the honeypot a person never sees. */
export type ApplicationValues = Record<DealerFieldName | 'message' | typeof DEALER_APPLICATION_HONEYPOT, string>;
export type ApplicationField = keyof ApplicationValues;

export const EMPTY_APPLICATION: ApplicationValues = {
  business_name: '',
  full_name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  website: '',
  message: '',
  [DEALER_APPLICATION_HONEYPOT]: '',
};

export type ApplicationBody = DealerApplicationRequest;

/** The form checked with the contract's own rules (the spec's messages): the body, or the first problem and its field. */
export type CheckedApplication =
  | { ok: true; body: ApplicationBody }
  | { ok: false; message: string; field?: ApplicationField };

export function applicationBody(values: ApplicationValues): CheckedApplication {
  const result = DealerApplicationRequest.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    message: issue?.message ?? 'Error: Invalid form',
    ...(typeof field === 'string' && field in values ? { field: field as ApplicationField } : {}),
  };
}
