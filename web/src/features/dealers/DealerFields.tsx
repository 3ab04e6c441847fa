import { DEALER_FIELDS, type DealerFieldSpec } from '@portal/contracts';
import { Fragment, type ReactNode } from 'react';
import { InputField } from '../../ui/FormField';
import { StateSelect } from '../../ui/StateSelect';
import type { DealerFieldName } from './dealerFieldNames';

export type { DealerFieldName } from './dealerFieldNames';

const ALL_FIELDS: readonly DealerFieldName[] = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
];

/** The browser's autofill names: only for a visitor filling in their own business (not an admin's form). */
const AUTOFILL: Record<DealerFieldName, string> = {
  business_name: 'organization',
  full_name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zip_code: 'postal-code',
  website: 'url',
};

/** Marked required as the contract's field list says (a create or an edit must fill it). */
const isRequired = (field: DealerFieldName) => (DEALER_FIELDS[field] as DealerFieldSpec).required !== false;

interface DealerFieldsProps {
  /** the typed text of each field shown */
  values: Partial<Record<DealerFieldName, string>>;
  onChange: (field: DealerFieldName, value: string) => void;
  /** the message beside a field (shown once the form was submitted) */
  errorOf: (field: DealerFieldName) => string | undefined;
  /** fields this form does not show (the profile has no email; a dealer without its own website no website) */
  omit?: readonly DealerFieldName[];
  /** shown after the ZIP code (the admin's zone) */
  afterZip?: ReactNode;
  /** address and website across the whole grid row */
  wide?: boolean;
  /** the visitor's own details: let the browser fill them in */
  autofill?: boolean;
}

/** The dealer fields, in the one order and with the one set of labels, for a `.form-grid` form. */
export function DealerFields({ values, onChange, errorOf, omit = [], afterZip, wide, autofill }: DealerFieldsProps) {
  const shown = (field: DealerFieldName) => !omit.includes(field);
  const props = (field: DealerFieldName) => ({
    required: isRequired(field),
    value: values[field] ?? '',
    onChange: (value: string) => onChange(field, value),
    error: errorOf(field),
    ...(autofill ? { autoComplete: AUTOFILL[field] } : {}),
  });
  const wideClass = wide ? 'field--wide' : undefined;
  return (
    <>
      {ALL_FIELDS.filter(shown).map((field) => {
        switch (field) {
          case 'business_name':
            return <InputField key={field} label="Business Name" {...props(field)} />;
          case 'full_name':
            return <InputField key={field} label="Full Name" {...props(field)} />;
          case 'email':
            return <InputField key={field} label="Email" type="email" {...props(field)} />;
          case 'phone':
            return <InputField key={field} label="Phone" type="tel" {...props(field)} />;
          case 'address':
            return <InputField key={field} label="Address" className={wideClass} {...props(field)} />;
          case 'city':
            return <InputField key={field} label="City" {...props(field)} />;
          case 'state':
            return (
              <StateSelect
                key={field}
                required={isRequired('state')}
                value={values.state ?? ''}
                onChange={(value) => onChange('state', value)}
                error={errorOf('state')}
              />
            );
          case 'zip_code':
            return [
              <InputField key={field} label="Zip Code" {...props(field)} />,
              <Fragment key="after-zip">{afterZip}</Fragment>,
            ];
          default:
            return <InputField key={field} label="Website" type="url" className={wideClass} {...props(field)} />;
        }
      })}
    </>
  );
}
