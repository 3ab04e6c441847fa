/**
 * Goes to a signed download link: the answer is an attachment, so the browser saves the file and the portal
 * stays on screen. `filename` is a hint for same-origin links (a signed S3 link names the file itself).
 */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
