import { type CallFailure, errorDetail, failureMessage, isNetworkError } from '../../api/errorMessage';

/** The texts of 000 §8 for pictures, with the server's detail when it sent one. */

/** The admin's upload: 'Network error during upload', else the detail or 'Upload failed' (as an error). */
export function uploadFailureMessage(error: unknown): string {
  return isNetworkError(error as CallFailure) ? 'Network error during upload' : failureMessage(error, 'Upload failed');
}

/** The admin's delete: 'Network error during deletion', else 'Error deleting picture' (with the detail). */
export function deleteFailureMessage(error: unknown): string {
  if (isNetworkError(error as CallFailure)) return 'Network error during deletion';
  return withReason('Error deleting picture', errorDetail(error as CallFailure));
}

/** The dealer's download: 'Network error during download.', else 'Error downloading picture.' (with the detail). */
export function downloadFailureMessage(error: unknown): string {
  if (isNetworkError(error as CallFailure)) return 'Network error during download.';
  const detail = errorDetail(error as CallFailure);
  return detail ? `Error downloading picture. ${stripErrorPrefix(detail)}` : 'Error downloading picture.';
}

export function downloadingMessage(title: string): string {
  return `Downloading ${title}...`;
}

function withReason(text: string, detail: string | undefined): string {
  return detail ? `${text}: ${stripErrorPrefix(detail)}` : text;
}

/** 'Error: Picture not found' reads 'Picture not found' after a text that already says Error. */
function stripErrorPrefix(detail: string): string {
  return detail.replace(/^error:\s*/i, '');
}
