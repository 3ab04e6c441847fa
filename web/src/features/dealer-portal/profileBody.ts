import type { Dealer } from '@portal/contracts';
import type { ArgOf } from '../../api/contractEndpoint';

type ProfileBody = ArgOf<'dealer.updateProfile'>['body'];

/**
 * The dealer's whole profile as PUT /api/dealer/profile takes it, with `changes` applied (the PUT replaces it).
 * A field never filled in goes as '' (the contract's field types read a blank as "none", and refuse a blank
 * required field with its message).
 */
export function profileBody(dealer: Dealer, changes: Partial<ProfileBody>): ProfileBody {
  const text = (value: string | null) => value ?? '';
  return {
    business_name: text(dealer.business_name),
    full_name: text(dealer.full_name),
    phone: text(dealer.phone),
    address: text(dealer.address),
    city: text(dealer.city),
    state: text(dealer.state),
    zip_code: text(dealer.zip_code),
    website: text(dealer.website),
    description: text(dealer.description),
    specialties: dealer.specialties,
    use_own_website: dealer.use_own_website,
    ...changes,
  };
}
