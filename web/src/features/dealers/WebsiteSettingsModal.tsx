import type { Dealer, WebsiteInfo } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { type CallFailure, failureMessage, isNetworkError } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField, TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { dealerName } from './dealerFilters';
import { useGetDealerWebsiteQuery, useUpdateDealerWebsiteMutation } from './dealersApi';
import { headerImageProblem } from './headerImage';

/** The spec's pause before the website modal closes after a save. */
const SAVED_CLOSE_MS = 2000;

interface WebsiteSettingsModalProps {
  dealer: Dealer;
  onClose: () => void;
}

export function WebsiteSettingsModal({ dealer, onClose }: WebsiteSettingsModalProps) {
  const { data: info } = useGetDealerWebsiteQuery({ params: { dealer_id: dealer.dealer_id } });
  return (
    <Modal open title={`Website · ${dealerName(dealer)}`} onClose={onClose}>
      {info ? (
        <WebsiteForm dealer={dealer} info={info} onSaved={() => setTimeout(onClose, SAVED_CLOSE_MS)} />
      ) : (
        <p className="muted">Loading website settings…</p>
      )}
    </Modal>
  );
}

/** Own website or generated one; the generated site can be enabled only without an own site and with a description. */
function WebsiteForm({ dealer, info, onSaved }: { dealer: Dealer; info: WebsiteInfo; onSaved: () => void }) {
  const [ownWebsite, setOwnWebsite] = useState(info.use_own_website);
  const [url, setUrl] = useState(info.custom_website_url ?? '');
  const [description, setDescription] = useState(info.description ?? '');
  const [enabled, setEnabled] = useState(info.custom_website_enabled);
  const [image, setImage] = useState<File | null>(null);
  const [message, setMessage] = useState<string>();
  const [save, { isLoading }] = useUpdateDealerWebsiteMutation();
  const canEnable = !ownWebsite && description.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = image ? headerImageProblem(image) : undefined;
    if (problem) return setMessage(problem);
    const body = new FormData();
    body.set('use_own_website', String(ownWebsite));
    body.set('custom_website_url', ownWebsite ? url : '');
    body.set('custom_website_enabled', String(canEnable && enabled));
    body.set('description', description);
    if (image) body.set('header_image', image);
    try {
      const saved = await save({ params: { dealer_id: dealer.dealer_id }, body }).unwrap();
      setMessage(saved.message ?? 'Website settings updated successfully!');
      onSaved();
    } catch (error) {
      setMessage(
        isNetworkError(error as CallFailure)
          ? 'Error: Network error occurred while updating website settings'
          : failureMessage(error, 'Failed to update website settings'),
      );
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <fieldset className="choice-row">
        <legend>Website type</legend>
        <label className="checkbox-field">
          <input type="radio" name="website-type" checked={ownWebsite} onChange={() => setOwnWebsite(true)} />
          Dealer's own website
        </label>
        <label className="checkbox-field">
          <input type="radio" name="website-type" checked={!ownWebsite} onChange={() => setOwnWebsite(false)} />
          Generated custom website
        </label>
      </fieldset>
      {ownWebsite ? (
        <InputField label="Website URL" value={url} onChange={setUrl} placeholder="https://example.com" />
      ) : (
        <>
          <TextAreaField label="Description" rows={4} value={description} onChange={setDescription} />
          {info.header_image && <img className="header-preview" src={info.header_image} alt="Current header" />}
          <div className="field">
            <label htmlFor="admin-header-image">Header Image</label>
            <input
              id="admin-header-image"
              type="file"
              accept="image/*"
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
            />
          </div>
        </>
      )}
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={canEnable && enabled}
          disabled={!canEnable}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        Enable generated website
      </label>
      {!canEnable && (
        <p className="field__hint">
          The generated website can be enabled without an own website and with a description.
        </p>
      )}
      <Message text={message} />
      <Button type="submit" busy={isLoading} busyLabel="Saving...">
        Save Website Settings
      </Button>
    </form>
  );
}
