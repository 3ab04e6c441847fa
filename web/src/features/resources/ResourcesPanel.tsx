import type { Picture } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { PictureCard } from '../pictures/PictureCard';
import { PicturePreviewModal } from '../pictures/PicturePreviewModal';
import { downloadFailureMessage, downloadingMessage } from '../pictures/pictureMessages';
import { useDownloadPictureMutation, useGetAvailablePicturesQuery } from '../pictures/picturesApi';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { startDownload } from './startDownload';
import '../products/catalog.css';
import '../pictures/pictures.css';

/** The dealer's Resources tab: marketing pictures to preview and download (the original file). */
export function ResourcesPanel() {
  // the library changes under an open portal (an admin uploads or deletes): a tab opened again after a minute refetches
  const {
    data: pictures,
    error,
    isLoading,
  } = useGetAvailablePicturesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const [requestDownload] = useDownloadPictureMutation();
  const [previewed, setPreviewed] = useState<Picture | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, showNotice] = useTimedNotice();

  async function download(picture: Picture) {
    setPending(picture.picture_id);
    try {
      const link = await requestDownload({ params: { picture_id: picture.picture_id } }).unwrap();
      showNotice({ text: downloadingMessage(link.title || picture.title) });
      startDownload(link.download_url, link.filename);
    } catch (failure) {
      showNotice({ text: downloadFailureMessage(failure) });
    } finally {
      setPending(null);
    }
  }

  const downloadButton = (picture: Picture) => (
    <Button
      onClick={() => download(picture)}
      busy={pending === picture.picture_id}
      busyLabel="Preparing..."
      aria-label={`Download ${picture.title}`}
    >
      Download
    </Button>
  );

  return (
    <section className="pictures-panel" aria-label="Marketing pictures">
      <header className="pictures-panel__header">
        <p className="muted pictures-panel__lead">
          Marketing pictures for your store, website and social media. Download gives the full-size original.
        </p>
      </header>

      <Message text={notice?.text} tone={notice?.tone} />
      {isLoading && (
        <p className="muted" role="status">
          Loading pictures…
        </p>
      )}
      {error && <Message text="Error loading pictures. Please try again." />}
      {pictures?.length === 0 && <p className="pictures-panel__empty muted">No pictures are available yet.</p>}
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
                  {downloadButton(picture)}
                </>
              }
            />
          ))}
        </ul>
      )}

      <PicturePreviewModal
        picture={previewed}
        onClose={() => setPreviewed(null)}
        footer={previewed && downloadButton(previewed)}
      />
    </section>
  );
}
