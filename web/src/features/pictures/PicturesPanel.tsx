import type { Picture } from '@portal/contracts';
import { useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { Button } from '../../ui/Button';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { InputField } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDebounced } from '../../ui/useDebounced';
import { loadFailureText } from '../settings/shared/notice';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { PictureCard } from './PictureCard';
import { PicturePreviewModal } from './PicturePreviewModal';
import { deleteFailureMessage } from './pictureMessages';
import { useDeletePictureMutation, useGetPicturePagesInfiniteQuery } from './picturesApi';
import { knownCategories } from './pictureUpload';
import { UploadPictureModal } from './UploadPictureModal';
import '../products/catalog.css';
import './pictures.css';
import { useQueryParam } from '../../app/navigation/history';
import { countOf } from '../../format/count';

const picturesOf = (page: { pictures: Picture[] }) => page.pictures;

/**
 * The admin's Pictures tab: the library dealers download from, newest first, 50 at a time (Load more), searched
 * by title or description on the server; upload, preview and delete pictures.
 */
export function PicturesPanel() {
  // in the address (?q=…), so a reload or a shared link keeps the search
  const [search, setSearch] = useQueryParam('q');
  const q = useDebounced(search.trim());
  const result = useGetPicturePagesInfiniteQuery({ query: { q } });
  const { rows: pictures, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, picturesOf);
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
          {total !== undefined && (
            <span className="badge">{q ? `${total} matching` : countOf(total, 'picture', 'pictures')}</span>
          )}
          <Button onClick={() => setUploading(true)}>Upload Picture</Button>
        </div>
      </header>

      <InputField
        className="pictures-panel__search"
        label="Search pictures"
        type="search"
        value={search}
        onChange={setSearch}
        placeholder="Title or description"
      />
      <Message text={notice?.text} tone={notice?.tone} />
      {loading && (
        <p className="muted" role="status">
          Loading pictures…
        </p>
      )}
      {error ? <Message text={loadFailureText('Error loading pictures', error)} /> : null}
      {!loading && !error && pictures.length === 0 && (
        <p className="pictures-panel__empty muted">
          {q ? 'No pictures match your search.' : 'No pictures yet. Upload the first one with Upload Picture.'}
        </p>
      )}
      {pictures.length > 0 && (
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
      <LoadMore
        shown={pictures.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="pictures"
      />

      {uploading && (
        <UploadPictureModal
          // the categories of the pictures loaded (the server lists no categories of its own)
          categories={knownCategories(pictures)}
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
