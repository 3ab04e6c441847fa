import { endpoints } from '@portal/contracts';
import { type CallFailure, failureMessage, isNetworkError } from '../../api/errorMessage';
import { formProblem, type Notice } from '../settings/shared/notice';
import type { ProfileChange } from './profileApi';

export interface ProfileForm {
  full_name: string;
  email: string;
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const schema = endpoints['user.updateProfile'].body;

/** The spec: password fields are sent only when a new password is given. */
export function profileChange(form: ProfileForm): ProfileChange {
  const { full_name, email, current_password, new_password, confirm_password } = form;
  return new_password ? { full_name, email, current_password, new_password, confirm_password } : { full_name, email };
}

/**
 * The spec's checks, in its order: name and email present and valid, then the new password must match its
 * confirmation ('New passwords do not match'), then the contract's password rules.
 */
export function profileProblem(form: ProfileForm): Notice | null {
  const identity = formProblem(schema, { full_name: form.full_name, email: form.email });
  if (identity) return { text: identity };
  if (form.new_password && form.new_password !== form.confirm_password) {
    return { text: 'New passwords do not match', tone: 'error' };
  }
  const password = formProblem(schema, profileChange(form));
  return password ? { text: password } : null;
}

/** The spec's profile failures: 'Error: ' plus the detail or 'Failed to update profile', or the network text. */
export function profileFailureText(error: CallFailure): string {
  if (isNetworkError(error)) return 'Error: Network error occurred';
  return failureMessage(error, 'Failed to update profile');
}
