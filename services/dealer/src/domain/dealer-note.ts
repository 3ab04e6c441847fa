import type { DealerNote } from '@portal/contracts';
import { formatDayAndTimeIn } from '@portal/platform';

/** A note as stored: its instant, not yet written for people. */
export type NoteRecord = Omit<DealerNote, 'formatted_date'>;

/** The contract's note: its time as people in the system timezone read it, e.g. "Nov 30, 2026 at 11:30 PM CST". */
export const noteView = (note: NoteRecord, timeZone: string): DealerNote => ({
  ...note,
  formatted_date: formatDayAndTimeIn(note.created_at, timeZone),
});
