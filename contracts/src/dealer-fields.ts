import { z } from 'zod';
import { Email } from './common';
import { hasUnstorableCharacters, isBlank, OptionalEmail, Website } from './fields';

/**
 * A dealer's own fields, declared once. The contract's Dealer, the create/edit/profile request schemas, the
 * dealer.* event snapshot, the bulk-import columns, and the dealer service's column lists and JSON projection
 * are all derived from this list: a new field is added here and nowhere else.
 */

export type DealerFieldKind = 'text' | 'email' | 'state' | 'zone' | 'website';

export interface DealerFieldSpec {
  /** how forms and messages name it */
  label: string;
  kind: DealerFieldKind;
  /** characters, after trimming */
  max: number;
  /**
   * 'always': every form that carries the field must fill it (create, edit, profile, import);
   * 'onCreate': creating a dealer (one, or by import) must fill it; false: optional.
   */
  required: false | 'always' | 'onCreate';
  /** never null on a stored dealer */
  notNull?: true;
  /** part of the contract's Dealer */
  entity: boolean;
  /** carried by dealer.created / dealer.updated (what other services keep of a dealer) */
  snapshot: boolean;
  /** a column of the bulk import */
  imported: boolean;
  /** the generated website cannot be published while it is blank */
  neededToPublish?: true;
}

export const DEALER_FIELDS = {
  full_name: {
    label: 'Full name',
    kind: 'text',
    max: 200,
    required: false,
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  email: {
    label: 'Email',
    kind: 'email',
    max: 254,
    required: 'onCreate',
    notNull: true,
    entity: true,
    snapshot: true,
    imported: true,
  },
  business_name: {
    label: 'Business name',
    kind: 'text',
    max: 200,
    required: false,
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  phone: {
    label: 'Phone',
    kind: 'text',
    max: 40,
    required: 'always',
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  address: {
    label: 'Address',
    kind: 'text',
    max: 200,
    required: 'always',
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  city: {
    label: 'City',
    kind: 'text',
    max: 100,
    required: 'always',
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  state: {
    label: 'State',
    kind: 'state',
    max: 2,
    required: 'always',
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  zip_code: {
    label: 'Zip code',
    kind: 'text',
    max: 20,
    required: 'always',
    entity: true,
    snapshot: true,
    imported: true,
    neededToPublish: true,
  },
  website: {
    label: 'Website',
    kind: 'website',
    max: 500,
    required: false,
    entity: true,
    snapshot: true,
    imported: true,
  },
  description: {
    label: 'Business description',
    kind: 'text',
    max: 5000,
    required: false,
    entity: true,
    snapshot: false,
    imported: false,
    neededToPublish: true,
  },
  zone: {
    label: 'Zone',
    kind: 'zone',
    max: 100,
    required: 'onCreate',
    entity: true,
    snapshot: true,
    imported: true,
  },
  business_type: {
    label: 'Business type',
    kind: 'text',
    max: 100,
    required: false,
    entity: false,
    snapshot: false,
    imported: true,
  },
} as const satisfies Record<string, DealerFieldSpec>;

export type DealerFieldName = keyof typeof DEALER_FIELDS;
type Spec<K extends DealerFieldName> = (typeof DEALER_FIELDS)[K];
type Flagged<F extends 'entity' | 'snapshot' | 'imported'> = {
  [K in DealerFieldName]: Spec<K>[F] extends true ? K : never;
}[DealerFieldName];

const ALL_FIELDS = Object.keys(DEALER_FIELDS) as DealerFieldName[];
const flagged = <F extends 'entity' | 'snapshot' | 'imported'>(flag: F) =>
  ALL_FIELDS.filter((name) => DEALER_FIELDS[name][flag]) as Flagged<F>[];

/** The fields of the contract's Dealer that are stored as they are typed (text columns of `dealers`). */
export const DEALER_ENTITY_FIELDS = flagged('entity');
export type DealerEntityField = (typeof DEALER_ENTITY_FIELDS)[number];
/** What dealer.created / dealer.updated carry besides dealer_id. */
export const DEALER_SNAPSHOT_FIELDS = flagged('snapshot');
export type BulkImportField = 'dealer_id' | Flagged<'imported'>;
const IMPORTED = flagged('imported');
/**
 * The cells a bulk-import row may carry, in the spec's order (001 §3): the imported fields, with the row's own
 * dealer_id (kept when URL-safe) after the names.
 */
export const BULK_IMPORT_FIELDS: readonly BulkImportField[] = [
  ...IMPORTED.slice(0, 3),
  'dealer_id',
  ...IMPORTED.slice(3),
];

// ---------------------------------------------------------------------------------------------------------
// Stored shapes (responses and events)

type StoredValue<K extends DealerFieldName> =
  Spec<K> extends { notNull: true } ? z.ZodString : z.ZodNullable<z.ZodString>;

/** The stored form of some fields: text, or null when not given (never null where the field is notNull). */
export function storedDealerShape<K extends DealerFieldName>(names: readonly K[]): { [P in K]: StoredValue<P> } {
  return Object.fromEntries(
    names.map((name) => {
      const spec: DealerFieldSpec = DEALER_FIELDS[name];
      const text = spec.kind === 'state' ? z.string().describe('two letters') : z.string();
      return [name, spec.notNull ? text : text.nullable()];
    }),
  ) as { [P in K]: StoredValue<P> };
}

// ---------------------------------------------------------------------------------------------------------
// US states

/**
 * The 50 states and the District of Columbia. Territories (PR, GU, VI, AS, MP) are not accepted: the state map
 * and the dealer counts cover the 50 states, and the spec's dealer network is the continental/US-state one.
 */
// biome-ignore format: seventeen codes a line reads better than one a line
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];
const US_STATE_CODE_SET = new Set<string>(US_STATE_CODES);
export const NOT_A_US_STATE = 'Error: State must be a US state code (two letters, e.g. TX)';

/** Each accepted code with its name, in the order of the names: what a state choice lists. */
export const US_STATES: readonly { readonly code: UsStateCode; readonly name: string }[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

/** lower-cased name, spaces collapsed → code */
const CODE_BY_NAME = new Map<string, UsStateCode>(US_STATES.map((state) => [state.name.toLowerCase(), state.code]));

/**
 * The code a person meant: a code in any case ("mt", "MT") or a full name in any case and spacing
 * ("Montana", " new  york "). Anything else (a prefix such as "Mon", a territory, a typo) is null: never a guess,
 * so "Montana" can never become "MO".
 */
export function stateCodeOf(text: string): UsStateCode | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const upper = trimmed.toUpperCase();
  if (US_STATE_CODE_SET.has(upper)) return upper as UsStateCode;
  return CODE_BY_NAME.get(trimmed.toLowerCase()) ?? null;
}

/** The name of a code ("MT" → "Montana"); undefined for anything else. */
export function stateNameOf(code: string): string | undefined {
  return US_STATES.find((state) => state.code === code.toUpperCase())?.name;
}

// ---------------------------------------------------------------------------------------------------------
// Request types

/** A dealer field holding a character no text column can keep (NUL, lone surrogate), named by its label. */
export const unstorableMessage = (label: string) => `Error: ${label} contains characters that cannot be stored`;

/** Blank text is no value: stored as NULL. `undefined` (not sent) stays undefined: the field is left as it is. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

type FieldInput = string | null | undefined;
/** One dealer field as a form sends it: trimmed, bounded, checked by kind; blank is null, absent is undefined. */
export type DealerFieldType = z.ZodType<string | null | undefined, FieldInput>;

/** A website: the shared Website rule, and no scheme but http(s) — `javascript:` or `data:` are refused here. */
export const DealerWebsite = Website.refine(
  (value) => value === undefined || !/^(?!https?:\/\/)[a-z][a-z0-9+.-]*:(?!\d)/i.test(value),
  { message: 'Error: Website must be a valid URL' },
);

function baseType(name: DealerFieldName): z.ZodType<string | undefined, string | undefined> {
  const spec: DealerFieldSpec = DEALER_FIELDS[name];
  // the pipe's target takes a string (its own `optional` never sees undefined: that stops here)
  const storable = (schema: z.ZodType<string | undefined, string | undefined>) =>
    z
      .string()
      .refine((value) => !hasUnstorableCharacters(value), unstorableMessage(spec.label))
      .pipe(schema as z.ZodType<string | undefined, string>)
      .optional();
  switch (spec.kind) {
    case 'email':
      return storable(OptionalEmail);
    case 'website':
      return storable(DealerWebsite);
    case 'state':
      return storable(
        z
          .string()
          .trim()
          .toUpperCase()
          .max(2, 'Error: State must be at most 2 characters')
          .refine((value) => value === '' || US_STATE_CODE_SET.has(value), NOT_A_US_STATE),
      );
    default:
      return storable(
        z
          .string()
          .trim()
          .max(spec.max, `Error: ${spec.label} must be at most ${spec.max.toLocaleString('en-US')} characters`),
      );
  }
}

/** The request type of one dealer field (see DealerFieldType). */
export function dealerField(name: DealerFieldName): DealerFieldType {
  return baseType(name).nullable().transform(blankToNull);
}

/** An email that, when sent, must be a valid address (an edit may leave it out, never blank it). */
export const DealerEmailChange = Email.optional();

// ---------------------------------------------------------------------------------------------------------
// Forms

export type DealerForm = 'create' | 'edit' | 'profile' | 'import';

type RequiredIn<F extends DealerForm, K extends DealerFieldName> = K extends unknown
  ? Spec<K>['required'] extends 'always'
    ? K
    : Spec<K>['required'] extends 'onCreate'
      ? F extends 'create' | 'import'
        ? K
        : never
      : never
  : never;

/** Which of `names` the form must fill, from the field list. */
export function requiredFieldsOf<F extends DealerForm, K extends DealerFieldName>(
  form: F,
  names: readonly K[],
): RequiredIn<F, K>[] {
  return names.filter((name) => {
    const required = (DEALER_FIELDS[name] as DealerFieldSpec).required;
    return required === 'always' || (required === 'onCreate' && (form === 'create' || form === 'import'));
  }) as RequiredIn<F, K>[];
}

/** The form's fields, typed from the list. */
export function dealerFieldsShape<K extends DealerFieldName>(names: readonly K[]): { [P in K]: DealerFieldType } {
  return Object.fromEntries(names.map((name) => [name, dealerField(name)])) as { [P in K]: DealerFieldType };
}

/**
 * "Error: Missing required fields: a, b" (the dealer screens' wording) when any of the form's required fields is
 * blank or absent, and the output typed with those fields present: after this check they are strings.
 */
export function requireDealerFields<T extends Record<string, unknown>, R extends keyof T & string>(
  schema: z.ZodType<T, unknown>,
  required: readonly R[],
) {
  return schema
    .superRefine((value, ctx) => {
      const missing = required.filter((field) => isBlank(value[field]));
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Error: Missing required fields: ${missing.join(', ')}`,
          path: [missing[0] as string],
        });
      }
    })
    .transform((value) => value as Omit<T, R> & { [P in R]: string });
}

// ---------------------------------------------------------------------------------------------------------
// Publish readiness (000 §4/§5): one rule for the server's publish-website and the dealer's My Website screen

/** What publish readiness reads of a dealer. */
export type PublishCheckable = { [K in DealerFieldName]?: string | null } & {
  header_image_url: string | null;
  use_own_website: boolean;
};

const NEEDED_TO_PUBLISH = ALL_FIELDS.filter((name) => (DEALER_FIELDS[name] as DealerFieldSpec).neededToPublish);
export const HEADER_IMAGE_NEEDED = 'Header image';
export const GENERATED_WEBSITE_NEEDED = 'Generated website selected (not your own website)';

/**
 * What keeps a dealer's generated website from being published, by label: a complete profile (name and business
 * name, phone, address, city, state, zip code), a description, a header image and type custom. Empty when ready.
 */
export function missingForPublishing(dealer: PublishCheckable): string[] {
  const missing: string[] = NEEDED_TO_PUBLISH.filter((name) => isBlank(dealer[name])).map(
    (name) => DEALER_FIELDS[name].label,
  );
  if (!dealer.header_image_url) missing.push(HEADER_IMAGE_NEEDED);
  if (dealer.use_own_website) missing.push(GENERATED_WEBSITE_NEEDED);
  return missing;
}
