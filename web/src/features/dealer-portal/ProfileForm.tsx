import { type Dealer, DealerProfileRequest } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { errorDetail } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { DealerFields } from '../dealers/DealerFields';
import { useGetOwnDealerQuery, useSaveOwnProfileMutation } from './ownDealerApi';
import './dealer-portal.css';

type ProfileValues = Record<
  'business_name' | 'full_name' | 'phone' | 'address' | 'city' | 'state' | 'zip_code' | 'website',
  string
>;

function valuesOf(dealer: Dealer): ProfileValues {
  return {
    business_name: dealer.business_name ?? '',
    full_name: dealer.full_name ?? '',
    phone: dealer.phone ?? '',
    address: dealer.address ?? '',
    city: dealer.city ?? '',
    state: dealer.state ?? '',
    zip_code: dealer.zip_code ?? '',
    website: dealer.website ?? '',
  };
}

/** The dealer's own profile (000 §5); the website field only for dealers with their own website. */
export function ProfilePanel() {
  const { data: dealer } = useGetOwnDealerQuery();
  return dealer ? <ProfileForm dealer={dealer} /> : <p className="muted">Loading your profile…</p>;
}

function ProfileForm({ dealer }: { dealer: Dealer }) {
  const [values, setValues] = useState(() => valuesOf(dealer));
  const [message, setMessage] = useState<string>();
  const [save, { isLoading }] = useSaveOwnProfileMutation();
  // Save was pressed: from then on the first problem shows beside its field, and goes as soon as it is fixed
  const [tried, setTried] = useState(false);
  const { website, ...rest } = values;
  const checked = DealerProfileRequest.safeParse(dealer.use_own_website ? values : rest);
  const issue = tried && !checked.success ? checked.error.issues[0] : undefined;
  const issueField = issue?.path[0];
  const onScreen = typeof issueField === 'string' && issueField in values;
  const errorOf = (field: string) => (issue && issueField === field ? issue.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if (!checked.success) return;
    try {
      await save({ body: checked.data }).unwrap();
      setMessage('Profile updated successfully!');
    } catch (error) {
      const detail = errorDetail(error as Parameters<typeof errorDetail>[0]);
      setMessage(detail ? `Error updating profile: ${detail}` : 'Error updating profile');
    }
  }

  return (
    <form className="portal-card stack" onSubmit={submit} noValidate>
      <h2 className="portal-title">Business Profile</h2>
      <p className="portal-notice" role="note">
        Profile changes may take up to 2 days to appear on the dealer map and your website.
      </p>
      <div className="form-grid">
        <DealerFields
          values={values}
          onChange={(field, value) => setValues((old) => ({ ...old, [field]: value }))}
          errorOf={errorOf}
          omit={dealer.use_own_website ? ['email'] : ['email', 'website']}
        />
      </div>
      {/* a problem of no field on screen is said here, with the server's answers */}
      <Message text={message ?? (issue && !onScreen ? issue.message : undefined)} />
      <div>
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Profile
        </Button>
      </div>
    </form>
  );
}
