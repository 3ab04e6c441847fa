import type { DealerFieldName as ContractDealerFieldName } from '@portal/contracts';

/** The dealer's contact and address fields, as every dealer form shows them (create/edit, profile, application). */
export type DealerFieldName = Extract<
  ContractDealerFieldName,
  'business_name' | 'full_name' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zip_code' | 'website'
>;
