/**
 * `Content-Disposition: attachment` naming the file (RFC 6266): a plain ASCII `filename` for old clients, and
 * `filename*` with the exact UTF-8 name. Quotes, backslashes, control characters and path separators never
 * reach the header, so a stored name cannot split it or pick a folder.
 */
export function attachmentDisposition(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  const safe = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
