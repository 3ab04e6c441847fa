/** The dealer's contact and address fields, as every dealer form shows them (create/edit, profile, application). */
export type DealerFieldName =
  | 'business_name'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'website';
