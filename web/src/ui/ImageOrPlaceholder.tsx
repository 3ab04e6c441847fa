import { useState } from 'react';
import './image-or-placeholder.css';

interface ImageOrPlaceholderProps {
  /** the image's address; none, or one that fails to load, shows the No Image placeholder */
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** grids load lazily; a preview that is the point of its dialog loads at once */
  loading?: 'lazy' | 'eager';
}

/**
 * A product or picture image that never shows a broken-image icon: with no address, or when the image does not
 * load (deleted, wrong type, offline), the No Image placeholder takes its place at the same size.
 */
export function ImageOrPlaceholder({ src, alt, className, loading = 'lazy' }: ImageOrPlaceholderProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = ['image-frame', className].filter(Boolean).join(' ');
  if (!src || failedSrc === src) {
    return (
      <div className={`${classes} image-frame--empty`} role="img" aria-label={`${alt}: No Image`}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="image-frame__icon">
          <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m3 16 5-5 4 4 3-3 6 6" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="15.5" cy="8.5" r="1.5" fill="currentColor" />
        </svg>
        <span>No Image</span>
      </div>
    );
  }
  return (
    <img className={classes} src={src} alt={alt} loading={loading} decoding="async" onError={() => setFailedSrc(src)} />
  );
}
