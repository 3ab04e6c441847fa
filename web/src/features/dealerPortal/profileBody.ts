import type { BodyOf, Dealer, endpoints } from '@portal/contracts';

type ProfileBody = BodyOf<(typeof endpoints)['dealer.updateProfile']>;

/** The dealer's whole profile as PUT /api/dealer/profile takes it, with `changes` applied (the PUT replaces it). */
export function profileBody(dealer: Dealer, changes: Partial<ProfileBody>): ProfileBody {
  const text = (value: string | null) => value ?? undefined;
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
