import { type AnyArg, contractRequest, withoutBlanks } from '../api/contractRequest';
import type { ContractRoute } from '../api/contractRoutes';
import { saveBlob } from '../ui/saveBlob';

/**
 * Downloads a CSV export the server streams (an export endpoint taking a list's query: the whole filtered set,
 * not the rows a table has loaded), fetched with the bearer token and offered to the browser's downloads as
 * `filename`. `arg` holds the export's path parameters and query. Rejects with the server's detail when it refuses.
 */
export async function downloadServerCsv(
  token: string | null,
  route: ContractRoute,
  arg: Pick<AnyArg, 'params' | 'query'>,
  filename: string,
): Promise<void> {
  const request = contractRequest(route, arg);
  const search = new URLSearchParams(
    Object.entries(withoutBlanks(request.params ?? {})).map(([name, value]) => [name, String(value)]),
  ).toString();
  let response: Response;
  try {
    response = await fetch(search ? `${request.url}?${search}` : request.url, {
      method: request.method,
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error('no answer from the server');
  }
  if (!response.ok) throw new Error((await detailOf(response)) ?? `the server answered ${response.status}`);
  saveBlob(await response.blob(), filename);
}

/** The `detail` of a refusal (every error body is `{ detail }`), without a leading "Error: ". */
async function detailOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') {
      return body.detail.replace(/^error:\s*/i, '').trim() || undefined;
    }
  } catch {
    // not JSON: the status says enough
  }
  return undefined;
}
