import { type ReactNode, useEffect, useId, useState } from 'react';
import { ImageOrPlaceholder } from './ImageOrPlaceholder';
import './image-file-field.css';

interface ImageFileFieldProps {
  label: string;
  /** the picker's `accept` list (ui/imageFile.ts `acceptedTypes`) */
  accept: string;
  /** the chosen file, previewed; null shows `currentSrc` (the image kept when nothing new is chosen) */
  file: File | null;
  currentSrc?: string | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  hint?: ReactNode;
}

/** A file picker for one image with a preview of the chosen file (or of the current image). */
export function ImageFileField({ label, accept, file, currentSrc, onChange, required, hint }: ImageFileFieldProps) {
  const id = useId();
  const chosenSrc = useObjectUrl(file);
  return (
    <div className="field image-file-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="image-file-field__row">
        <div className="image-file-field__preview">
          <ImageOrPlaceholder src={chosenSrc ?? currentSrc} alt={`${label} preview`} loading="eager" />
        </div>
        <div className="image-file-field__pick">
          <input
            id={id}
            type="file"
            accept={accept}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
          {hint && (
            <p id={`${id}-hint`} className="field__hint">
              {hint}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** An object URL for a chosen file while it is shown, released after. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
