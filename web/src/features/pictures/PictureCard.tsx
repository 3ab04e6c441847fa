import type { Picture } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../format/fileSize';
import { ImageOrPlaceholder } from '../../ui/ImageOrPlaceholder';
import { useDateFormat } from '../company/useDateFormat';
import { pictureThumbnailUrl } from './pictureImages';

interface PictureCardProps {
  picture: Picture;
  onPreview: (picture: Picture) => void;
  /** the card's buttons (admin: Preview and Delete; dealer: Preview and Download) */
  actions: ReactNode;
}

/** One picture of a grid: the thumbnail (opens the preview), title, description, size in MB and date. */
export function PictureCard({ picture, onPreview, actions }: PictureCardProps) {
  const dates = useDateFormat();
  return (
    <li className="catalog-card" aria-label={picture.title}>
      <button
        type="button"
        className="catalog-card__image"
        onClick={() => onPreview(picture)}
        aria-label={`Preview ${picture.title}`}
      >
        <ImageOrPlaceholder src={pictureThumbnailUrl(picture)} alt={picture.title} />
      </button>
      <div className="catalog-card__body">
        {/* the grid sits right under the screen's h1 (no section heading between) */}
        <h2 className="catalog-card__title">{picture.title}</h2>
        {picture.description && <p className="catalog-card__text">{picture.description}</p>}
        <div className="catalog-card__row">
          <p className="catalog-card__meta">
            <span>{formatFileSize(picture.file_size)}</span> ·{' '}
            <time dateTime={picture.created_at}>{dates.date(picture.created_at)}</time>
          </p>
          {picture.category && <span className="badge">{picture.category}</span>}
        </div>
      </div>
      <div className="catalog-card__actions">{actions}</div>
    </li>
  );
}
