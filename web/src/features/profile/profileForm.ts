import { endpoints } from '@portal/contracts';
import { type CallFailure, failureMessage, isNetworkError } from '../../api/errorMessage';
import { type FieldProblem, fieldProblem, type Notice } from '../settings/shared/notice';
import type { ProfileChange } from './profileApi';

export interface ProfileForm {
  full_name: string;
  email: string;
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const schema = endpoints['user.updateProfile'].body;

/** How the profile is saved besides the form's fields. */
export interface ProfileChangeOptions {
  /** the email the user signs in with now: a different one needs the current password (and a confirmation link) */
  signedInEmail?: string;
  /** with a new password: end the user's other sessions (the checkbox, on by default) */
  endOtherSessions?: boolean;
}

/**
 * The spec: password fields are sent only when a new password is given; the current password also goes with a
 * changed email, which the server confirms by a link mailed to it.
 */
export function profileChange(form: ProfileForm, options: ProfileChangeOptions = {}): ProfileChange {
  const { full_name, email, current_password, new_password, confirm_password } = form;
  if (new_password) {
    const end_other_sessions = options.endOtherSessions ?? true;
    return { full_name, email, current_password, new_password, confirm_password, end_other_sessions };
  }
  const emailChanged =
    options.signedInEmail !== undefined && email.trim().toLowerCase() !== options.signedInEmail.toLowerCase();
  return emailChanged ? { full_name, email, current_password } : { full_name, email };
}

/** A problem of the profile form and the field it is shown beside (null: under the form). */
export interface ProfileProblem extends Notice {
  field: keyof ProfileForm | null;
}

const PROFILE_FIELDS: readonly (keyof ProfileForm)[] = [
  'full_name',
  'email',
  'current_password',
  'new_password',
  'confirm_password',
];

function beside({ field, text }: FieldProblem): ProfileProblem {
  const own = PROFILE_FIELDS.find((name) => name === field) ?? null;
  return { text, field: own };
}

/**
 * The spec's checks, in its order: name and email present and valid, then the new password must match its
 * confirmation ('New passwords do not match'), then the contract's password rules. Each names its field.
 */
export function profileProblem(form: ProfileForm): ProfileProblem | null {
  const identity = fieldProblem(schema, { full_name: form.full_name, email: form.email });
  if (identity) return beside(identity);
  if (form.new_password && form.new_password !== form.confirm_password) {
    return { text: 'New passwords do not match', tone: 'error', field: 'confirm_password' };
  }
  const password = fieldProblem(schema, profileChange(form));
  return password ? beside(password) : null;
}

/** The spec's profile failures: 'Error: ' plus the detail or 'Failed to update profile', or the network text. */
export function profileFailureText(error: CallFailure): string {
  if (isNetworkError(error)) return 'Error: Network error occurred';
  return failureMessage(error, 'Failed to update profile');
}
