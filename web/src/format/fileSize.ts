const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

/**
 * A file size as people read it (000 §9 shows megabytes to one decimal): whole KB under 1 MB, so a small picture
 * never reads "0.0 MB" (81_920 bytes -> "80 KB"), and MB to one decimal from 1 MB (2_516_582 bytes -> "2.4 MB").
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 KB';
  const kilobytes = Math.max(1, Math.round(bytes / KILOBYTE));
  if (kilobytes < KILOBYTE) return `${kilobytes} KB`;
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}
