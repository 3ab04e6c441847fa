import type { Picture } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../format/fileSize';
import { ImageOrPlaceholder } from '../../ui/ImageOrPlaceholder';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { picturePreviewUrl } from './pictureImages';

interface PicturePreviewModalProps {
  picture: Picture | null;
  onClose: () => void;
  /** buttons under the picture (the dealer's Download) */
  footer?: ReactNode;
}

/** A larger view of a picture (the 800 px rendition), with its description, size and date. */
export function PicturePreviewModal({ picture, onClose, footer }: PicturePreviewModalProps) {
  const dates = useDateFormat();
  return (
    <Modal open={picture !== null} title={picture?.title ?? 'Picture'} onClose={onClose} footer={footer} size="wide">
      {picture && (
        <figure className="picture-preview">
          <div className="picture-preview__image">
            <ImageOrPlaceholder
              key={picture.picture_id}
              src={picturePreviewUrl(picture)}
              alt={picture.title}
              loading="eager"
            />
          </div>
          <figcaption className="picture-preview__caption">
            {picture.description && <p>{picture.description}</p>}
            <p className="muted">
              {[picture.category, formatFileSize(picture.file_size), dates.date(picture.created_at)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </figcaption>
        </figure>
      )}
    </Modal>
  );
}
