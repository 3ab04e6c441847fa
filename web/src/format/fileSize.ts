const MEGABYTE = 1024 * 1024;

/** A file size in MB to one decimal (000 §9): 2_516_582 bytes -> "2.4 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}
