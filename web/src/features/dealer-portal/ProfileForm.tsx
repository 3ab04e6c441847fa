import { type Dealer, DealerProfileRequest } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { errorDetail } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
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
  const set = (field: keyof ProfileValues) => (value: string) => setValues((old) => ({ ...old, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { website, ...rest } = values;
    const checked = DealerProfileRequest.safeParse(dealer.use_own_website ? values : rest);
    if (!checked.success) return setMessage(checked.error.issues[0]?.message);
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
        <InputField label="Business Name" value={values.business_name} onChange={set('business_name')} />
        <InputField label="Full Name" value={values.full_name} onChange={set('full_name')} />
        <InputField label="Phone" type="tel" required value={values.phone} onChange={set('phone')} />
        <InputField label="Address" required value={values.address} onChange={set('address')} />
        <InputField label="City" required value={values.city} onChange={set('city')} />
        <InputField
          label="State"
          required
          maxLength={2}
          value={values.state}
          onChange={(value) => set('state')(value.toUpperCase())}
        />
        <InputField label="Zip Code" required value={values.zip_code} onChange={set('zip_code')} />
        {dealer.use_own_website && (
          <InputField label="Website" type="url" value={values.website} onChange={set('website')} />
        )}
      </div>
      <Message text={message} />
      <div>
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Profile
        </Button>
      </div>
    </form>
  );
}
