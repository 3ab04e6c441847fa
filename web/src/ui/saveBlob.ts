/**
 * Offers `blob` as a download named `filename` (the browser's save dialog or downloads bar), through a link that
 * is clicked and removed; the object URL is released once the browser has taken the file.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
