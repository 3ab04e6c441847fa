import type { Dealer } from '@portal/contracts';
import { useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { headerImageProblem } from '../dealers/headerImage';
import { useDeleteHeaderImageMutation, useUploadHeaderImageMutation } from './ownDealerApi';
import { withDetail } from './websiteReadiness';

type Failure = Parameters<typeof errorDetail>[0];

interface HeaderImageCardProps {
  dealer: Dealer;
  onMessage: (message: string) => void;
}

/** Choose, upload and delete the header image of the generated website (image, under 5MB). */
export function HeaderImageCard({ dealer, onMessage }: HeaderImageCardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [upload, uploading] = useUploadHeaderImageMutation();
  const [remove, removing] = useDeleteHeaderImageMutation();

  function choose(chosen: File | null) {
    const problem = chosen ? headerImageProblem(chosen) : undefined;
    if (problem) onMessage(problem);
    setFile(problem ? null : chosen);
  }

  async function send() {
    const problem = headerImageProblem(file);
    if (problem || !file) return onMessage(problem ?? 'Error: Please select an image first');
    const body = new FormData();
    body.set('image', file);
    body.set('dealer_id', dealer.dealer_id);
    try {
      await upload({ body }).unwrap();
      setFile(null);
      onMessage('Image uploaded successfully!');
    } catch (error) {
      onMessage(
        isNetworkError(error as Failure)
          ? 'Network error during image upload.'
          : withDetail('Error uploading image', errorDetail(error as Failure)),
      );
    }
  }

  async function deleteImage() {
    setConfirming(false);
    try {
      await remove().unwrap();
      onMessage('Header image deleted successfully!');
    } catch (error) {
      onMessage(withDetail('Error deleting header image', errorDetail(error as Failure)));
    }
  }

  return (
    <section className="portal-card stack" aria-labelledby="header-image-title">
      <h3 id="header-image-title">Header Image</h3>
      {dealer.header_image_url ? (
        <img className="portal-header-image" src={dealer.header_image_url} alt="Your website header" />
      ) : (
        <p className="muted">No header image yet. Use a wide photo (at least 1200 px wide), under 5MB.</p>
      )}
      <div className="field">
        <label htmlFor="header-image-file">Choose an image</label>
        <input
          id="header-image-file"
          type="file"
          accept="image/*"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="button-row">
        <Button busy={uploading.isLoading} busyLabel="Uploading..." onClick={send}>
          Upload Image
        </Button>
        {dealer.header_image_url &&
          (confirming ? (
            <span className="confirm-inline">
              Delete the header image?
              <Button variant="danger" busy={removing.isLoading} busyLabel="Deleting..." onClick={deleteImage}>
                Yes, Delete Image
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete Image
            </Button>
          ))}
      </div>
    </section>
  );
}
