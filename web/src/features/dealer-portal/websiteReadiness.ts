/** "Error uploading image: detail" — the dealer screens' wording, with 'Unknown error' when no detail came. */
export function withDetail(prefix: string, detail: string | undefined): string {
  return `${prefix}: ${detail ?? 'Unknown error'}`;
}
