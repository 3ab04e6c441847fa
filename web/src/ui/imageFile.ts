import type { FilePart, ImageKind } from '@portal/contracts';

/** The types a browser reports for each image kind the contract accepts. */
const TYPES_OF_KIND: Record<ImageKind, readonly string[]> = {
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
};

/** The file picker's `accept` list for a contract file part, e.g. "image/jpeg,image/pjpeg,image/png,image/gif". */
export function acceptedTypes(part: FilePart): string {
  return part.kinds.flatMap((kind) => TYPES_OF_KIND[kind]).join(',');
}

/**
 * Why a chosen file would be refused, in the contract's words (wrong kind, then too large: over `maxBytes`, so
 * exactly 10 MB passes), or undefined. The browser only knows the type the system reports for the file; the
 * server checks the content again.
 */
export function chosenFileProblem(file: Pick<File, 'type' | 'size'>, part: FilePart): string | undefined {
  const accepted = part.kinds.some((kind) => TYPES_OF_KIND[kind].includes(file.type.toLowerCase()));
  if (!accepted) return part.messages.wrongKind;
  if (file.size > part.maxBytes) return part.messages.tooLarge;
  return undefined;
}
