import { badRequest } from '@portal/platform';
import { passwordRefusal } from '../../domain/passwords';

/**
 * Refuses (400, saying why) a password a person chose that the portal does not accept: checked wherever one
 * is set (profile, a dealer login an admin creates or changes, signup), before anything is hashed.
 */
export function assertPasswordAcceptable(password: string): void {
  const refusal = passwordRefusal(password);
  if (refusal) throw badRequest(refusal);
}
