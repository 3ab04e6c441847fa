import type { Picture } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { Message } from '../../ui/Message';
import { loadFailureText } from '../settings/shared/notice';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { PictureCard } from './PictureCard';
import { PicturePreviewModal } from './PicturePreviewModal';
import { deleteFailureMessage } from './pictureMessages';
import { useDeletePictureMutation, useGetPicturesQuery } from './picturesApi';
import { knownCategories } from './pictureUpload';
import { UploadPictureModal } from './UploadPictureModal';
import '../products/catalog.css';
import './pictures.css';

/** The admin's Pictures tab: the library dealers download from; upload, preview and delete pictures. */
export function PicturesPanel() {
  const { data: pictures, error, isLoading } = useGetPicturesQuery();
  const [deletePicture, { isLoading: deleting }] = useDeletePictureMutation();
  const [uploading, setUploading] = useState(false);
  const [previewed, setPreviewed] = useState<Picture | null>(null);
  const [toDelete, setToDelete] = useState<Picture | null>(null);
  const [notice, showNotice] = useTimedNotice();

  async function confirmDelete(picture: Picture) {
    const result = await deletePicture({ params: { picture_id: picture.picture_id } });
    setToDelete(null);
    showNotice({ text: result.error ? deleteFailureMessage(result.error) : 'Picture deleted successfully' });
  }

  return (
    <section className="pictures-panel" aria-label="Picture library">
      <header className="pictures-panel__header">
        <p className="muted pictures-panel__lead">
          The picture library: marketing pictures dealers preview and download from their Resources tab.
        </p>
        <div className="button-row">
          {pictures && <span className="badge">{pictures.length} pictures</span>}
          <Button onClick={() => setUploading(true)}>Upload Picture</Button>
        </div>
      </header>

      <Message text={notice?.text} tone={notice?.tone} />
      {isLoading && (
        <p className="muted" role="status">
          Loading pictures…
        </p>
      )}
      {error && <Message text={loadFailureText('Error loading pictures', error)} />}
      {pictures?.length === 0 && (
        <p className="pictures-panel__empty muted">No pictures yet. Upload the first one with Upload Picture.</p>
      )}
      {pictures && pictures.length > 0 && (
        <ul className="catalog-grid" aria-label="Pictures">
          {pictures.map((picture) => (
            <PictureCard
              key={picture.picture_id}
              picture={picture}
              onPreview={setPreviewed}
              actions={
                <>
                  <Button variant="secondary" onClick={() => setPreviewed(picture)}>
                    Preview
                  </Button>
                  <Button variant="danger" onClick={() => setToDelete(picture)} aria-label={`Delete ${picture.title}`}>
                    Delete
                  </Button>
                </>
              }
            />
          ))}
        </ul>
      )}

      {uploading && (
        <UploadPictureModal
          categories={knownCategories(pictures ?? [])}
          onClose={() => setUploading(false)}
          onUploaded={(message) => {
            setUploading(false);
            showNotice({ text: message });
          }}
        />
      )}
      <PicturePreviewModal picture={previewed} onClose={() => setPreviewed(null)} />
      <ConfirmDeleteDialog
        item={toDelete}
        noun="Picture"
        consequence="The file is removed and dealers can no longer download it."
        deleting={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
