/** The header image limit (000 §5, §9): 5MB. */
export const HEADER_IMAGE_MAX_BYTES = 5242880;

/** Why a chosen header image cannot be uploaded, in the spec's words; undefined when it can. */
export function headerImageProblem(file: File | null | undefined): string | undefined {
  if (!file) return 'Error: Please select an image first';
  if (!file.type.startsWith('image/')) return 'Error: Please select an image file';
  if (file.size >= HEADER_IMAGE_MAX_BYTES) return 'Error: Image file must be less than 5MB';
  return undefined;
}

/** A link target is shown only for http(s): a `javascript:` website stays text. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
