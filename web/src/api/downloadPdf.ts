import type { FetchArgs } from '@reduxjs/toolkit/query';
import { failureDetail } from '../features/orders/orderMessages';
import { saveBlob } from '../ui/saveBlob';

/** The file name an attachment's Content-Disposition gives (path separators made inert), else `fallback`. */
export function attachmentFilename(disposition: string | null, fallback: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, '_') : '';
  return name || fallback;
}

function urlOf(request: FetchArgs): string {
  const params = request.params as Record<string, string> | undefined;
  return params ? `${request.url}?${new URLSearchParams(params)}` : request.url;
}

/**
 * Downloads the PDF a contract endpoint answers (an invoice, a statement): fetched with the bearer token as a
 * blob, then offered to the browser's downloads under the name `nameOf` makes of its Content-Disposition.
 * Resolves with the file name; rejects with the reason (the server's detail when it sent one).
 */
export async function downloadPdf(
  token: string | null,
  request: FetchArgs,
  nameOf: (disposition: string | null) => string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(urlOf(request), {
      method: request.method,
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error('no answer from the server');
  }
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // not JSON: the status says enough
    }
    throw new Error(failureDetail({ status: response.status, data }) ?? `the server answered ${response.status}`);
  }
  const filename = nameOf(response.headers.get('Content-Disposition'));
  saveBlob(await response.blob(), filename);
  return filename;
}
