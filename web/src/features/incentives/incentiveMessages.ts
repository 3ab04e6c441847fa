import { failureMessage } from '../../api/errorMessage';

/** The programs' messages (spec 000 §8), verbatim. */
export const PROGRAM_CREATED = 'Program created successfully!';
export const PROGRAM_UPDATED = 'Program updated successfully!';
export const PROGRAM_DELETED = 'Program deleted successfully!';
export const CREATE_FAILED = 'Failed to create program';
export const SAVE_FAILED = 'Failed to save';
export const DELETE_FAILED = 'Failed to delete';
/** 001 §8: a CSV export that fails. */
export const EXPORT_FAILED = 'Failed to export';

/** The server's detail when it sent one ('Error: End date must not be before start date'), else the fallback. */
export function programFailure(error: unknown, fallback: string): string {
  return failureMessage(error, fallback);
}

/** What a success says: the server's own words when it sent some ('Program enabled'), else the spec's. */
export function programSuccess(reply: { detail?: string; message?: string } | undefined, fallback: string): string {
  return reply?.detail || reply?.message || fallback;
}
