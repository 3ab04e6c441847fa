/** The invoice PDF's file name from Content-Disposition, else invoice-<NUMBER>.pdf. */
export function pdfFilename(disposition: string | null, orderNumber: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, '_') : '';
  return name || `invoice-${orderNumber}.pdf`;
}
