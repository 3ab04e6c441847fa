/**
 * How the client shows dates and times: the one place for it, so every screen reads the same ("Mar 4, 2025",
 * "Mar 4, 2025, 2:30 PM"). An unreadable date is shown as given.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2025" */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "Mar 4, 2025, 2:30 PM" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 4, 2025" from a calendar date ("2025-03-04"), the same day in every time zone. */
export function formatCalendarDate(ymd: string): string {
  const date = new Date(`${ymd.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : calendarDateFormat.format(date);
}
