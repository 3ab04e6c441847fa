import { type Dealer, missingForPublishing } from '@portal/contracts';
import { useState } from 'react';
import { errorDetail } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { HeaderImageCard } from './HeaderImageCard';
import {
  useDisableWebsiteMutation,
  useGetOwnDealerQuery,
  usePreviewWebsiteMutation,
  usePublishWebsiteMutation,
  useSaveOwnProfileMutation,
} from './ownDealerApi';
import { profileBody } from './profileBody';
import { withDetail } from './websiteReadiness';
import './dealer-portal.css';

type Failure = Parameters<typeof errorDetail>[0];
const detailOf = (error: unknown) => errorDetail(error as Failure);

/** My Website: own or generated site; description, header image, preview, publish and disable. */
export function MyWebsitePanel() {
  const { data: dealer, isFetching } = useGetOwnDealerQuery();
  return dealer ? (
    <WebsiteEditor dealer={dealer} refreshing={isFetching} />
  ) : (
    <p className="muted">Loading your website…</p>
  );
}

/**
 * `refreshing`: the record is being read again after a change. Each save sends the whole profile built from
 * the record, so saving again before the new record lands (Save Description, then Create Custom Website) would
 * send the old description back and undo the first save: the saving buttons wait for it.
 */
function WebsiteEditor({ dealer, refreshing }: { dealer: Dealer; refreshing: boolean }) {
  const [description, setDescription] = useState(dealer.description ?? '');
  const [message, setMessage] = useState<string>();
  const [saveProfile, saving] = useSaveOwnProfileMutation();
  const [publish, publishing] = usePublishWebsiteMutation();
  const [disable, disabling] = useDisableWebsiteMutation();
  const [preview, previewing] = usePreviewWebsiteMutation();
  const missing = missingForPublishing(dealer);
  const liveUrl = `/api/dealer-website/${encodeURIComponent(dealer.dealer_id)}`;

  async function chooseType(useOwnWebsite: boolean) {
    try {
      await saveProfile({ body: profileBody(dealer, { use_own_website: useOwnWebsite }) }).unwrap();
      setMessage(useOwnWebsite ? 'Your own website is now used.' : 'The generated website is now selected.');
    } catch (error) {
      setMessage(withDetail('Error updating profile', detailOf(error)));
    }
  }

  async function saveDescription() {
    try {
      await saveProfile({ body: profileBody(dealer, { description }) }).unwrap();
      setMessage('Business description saved successfully!');
    } catch (error) {
      setMessage(withDetail('Error saving description', detailOf(error)));
    }
  }

  async function publishSite() {
    try {
      await publish().unwrap();
      setMessage('Website published successfully! Your website is now live.');
    } catch (error) {
      setMessage(withDetail('Error publishing website', detailOf(error)));
    }
  }

  async function disableSite() {
    try {
      await disable().unwrap();
      setMessage('Website disabled successfully!');
    } catch (error) {
      setMessage(withDetail('Error disabling website', detailOf(error)));
    }
  }

  async function openPreview() {
    // opened before the call so the browser does not treat it as an unrequested pop-up
    const tab = window.open('', '_blank');
    try {
      const { preview_url } = await preview().unwrap();
      setMessage('Opening website preview...');
      if (tab) tab.location.href = preview_url;
    } catch (error) {
      tab?.close();
      setMessage(withDetail('Error generating preview', detailOf(error)));
    }
  }

  return (
    <div className="portal-stack">
      <h2 className="portal-title">My Website</h2>
      <Message text={message} />
      <section className="portal-card stack" aria-labelledby="website-type-title">
        <h3 id="website-type-title">Website type</h3>
        <div className="website-choice">
          <button
            type="button"
            className="website-choice__option"
            aria-pressed={dealer.use_own_website}
            disabled={saving.isLoading || refreshing}
            onClick={() => chooseType(true)}
          >
            <strong>My own website</strong>
            <span>Dealer map visitors are sent to the website you already run.</span>
          </button>
          <button
            type="button"
            className="website-choice__option"
            aria-pressed={!dealer.use_own_website}
            disabled={saving.isLoading || refreshing || description.trim() === ''}
            onClick={() => chooseType(false)}
          >
            <strong>Create Custom Website</strong>
            <span>A free page for your business, with your description and header image.</span>
          </button>
        </div>
        {description.trim() === '' && dealer.use_own_website && (
          <p className="field__hint">Write a business description first to create a custom website.</p>
        )}
      </section>
      <section className="portal-card stack" aria-labelledby="description-title">
        <h3 id="description-title">Business description</h3>
        <TextAreaField label="Description" rows={5} value={description} onChange={setDescription} maxLength={5000} />
        <div>
          <Button
            variant="secondary"
            busy={saving.isLoading}
            busyLabel="Saving..."
            disabled={refreshing}
            onClick={saveDescription}
          >
            Save Description
          </Button>
        </div>
      </section>
      {!dealer.use_own_website && (
        <>
          <HeaderImageCard dealer={dealer} onMessage={setMessage} />
          <section className="portal-card stack" aria-labelledby="publish-title">
            <h3 id="publish-title">Publishing</h3>
            {dealer.enable_website ? (
              <p>
                Your website is <span className="badge badge--ok">LIVE</span>{' '}
                <a href={liveUrl} target="_blank" rel="noopener noreferrer">
                  View your website
                </a>
              </p>
            ) : missing.length > 0 ? (
              <div>
                <p>Before publishing, complete:</p>
                <ul className="portal-missing">
                  {missing.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p>Everything is ready. Preview your website, then publish it.</p>
            )}
            <div className="button-row">
              <Button variant="secondary" busy={previewing.isLoading} busyLabel="Opening..." onClick={openPreview}>
                Preview Website
              </Button>
              {dealer.enable_website ? (
                <Button variant="danger" busy={disabling.isLoading} busyLabel="Disabling..." onClick={disableSite}>
                  Disable Website
                </Button>
              ) : (
                <Button
                  busy={publishing.isLoading}
                  busyLabel="Publishing..."
                  disabled={missing.length > 0 || refreshing}
                  onClick={publishSite}
                >
                  Publish Website
                </Button>
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
