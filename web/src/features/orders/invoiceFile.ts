import { attachmentFilename } from '../../api/downloadPdf';

/** The invoice PDF's file name from Content-Disposition, else invoice-<NUMBER>.pdf. */
export const pdfFilename = (disposition: string | null, orderNumber: string): string =>
  attachmentFilename(disposition, `invoice-${orderNumber}.pdf`);
