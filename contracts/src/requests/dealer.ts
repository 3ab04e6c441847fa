import { z } from 'zod';
import { IsoDate } from '../common';
import {
  BULK_IMPORT_FIELDS,
  type BulkImportField,
  DealerEmailChange,
  type DealerFieldName,
  dealerField,
  dealerFieldsShape,
  requireDealerFields,
  requiredFieldsOf,
} from '../dealer-fields';
import type { FilePart } from '../endpoint';
import {
  FormBoolean,
  hasUnstorableCharacters,
  Id,
  isBlank,
  optionalText,
  requiredText,
  storableString,
} from '../fields';
import { commaList, listQuery, SearchParam } from '../list-query';

/** The address and contact fields every dealer form carries. */
const CONTACT_FIELDS = [
  'business_name',
  'full_name',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
] as const satisfies readonly DealerFieldName[];

function hasName(dealer: { business_name?: string | null; full_name?: string | null }): boolean {
  return !isBlank(dealer.business_name) || !isBlank(dealer.full_name);
}

/** A dealer editing its own profile. */
const PROFILE_FIELDS = [...CONTACT_FIELDS, 'description'] as const;
export const DealerProfileRequest = requireDealerFields(
  z
    .object({
      ...dealerFieldsShape(PROFILE_FIELDS),
      specialties: z.array(storableString().trim().min(1).max(100)).max(50).optional(),
      use_own_website: z.boolean().optional(),
    })
    .refine(hasName, { message: 'Error: Either Business Name or Full Name must be provided', path: ['business_name'] }),
  requiredFieldsOf('profile', PROFILE_FIELDS),
);

/** An admin creating a dealer; a login with a temporary password is created with it. */
const CREATE_FIELDS = [...CONTACT_FIELDS, 'email', 'zone'] as const;
export const CreateDealerRequest = requireDealerFields(
  z.object({ ...dealerFieldsShape(CREATE_FIELDS), use_own_website: z.boolean().default(true) }).refine(hasName, {
    message: 'Error: Either Name (business) or Full Name must be provided',
    path: ['business_name'],
  }),
  requiredFieldsOf('create', CREATE_FIELDS),
);

/**
 * A visitor applying to become a dealer (POST /api/public/dealer-application): the create form's contact fields
 * and email (no zone: the admin who approves places the dealer), a message, and the honeypot a person never
 * sees (a form that fills it is answered like any other and kept nowhere).
 */
const APPLICATION_FIELDS = [...CONTACT_FIELDS, 'email'] as const;
export const DEALER_APPLICATION_HONEYPOT = 'company_fax';
export const DealerApplicationRequest = requireDealerFields(
  z
    .object({
      ...dealerFieldsShape(APPLICATION_FIELDS),
      message: optionalText(2000),
      [DEALER_APPLICATION_HONEYPOT]: z.string().max(500).optional(),
    })
    .refine(hasName, {
      message: 'Error: Either Name (business) or Full Name must be provided',
      path: ['business_name'],
    }),
  requiredFieldsOf('create', APPLICATION_FIELDS),
);
export type DealerApplicationRequest = z.output<typeof DealerApplicationRequest>;
/** The one answer to every accepted application form: it never tells whether the email was known. */
export const DEALER_APPLICATION_RECEIVED =
  'Thank you for applying! We will review your application and reply by email.';

/**
 * One bulk-import row, checked exactly like create-dealer (same messages), plus the import's own columns. Used
 * per row by the service, so one bad row is that row's error.
 */
const IMPORT_FIELDS = [...CREATE_FIELDS, 'business_type'] as const;
export const ImportedDealerRow = requireDealerFields(
  z.object({ ...dealerFieldsShape(IMPORT_FIELDS) }).refine(hasName, {
    message: 'Error: Either Name (business) or Full Name must be provided',
    path: ['business_name'],
  }),
  requiredFieldsOf('import', IMPORT_FIELDS),
);
export type ImportedDealerRow = z.output<typeof ImportedDealerRow>;

/** An admin editing a dealer (the edit form). */
const EDIT_FIELDS = [...CONTACT_FIELDS, 'description', 'zone'] as const;
export const UpdateDealerRequest = requireDealerFields(
  z
    .object({
      ...dealerFieldsShape(EDIT_FIELDS),
      email: DealerEmailChange,
      created_at: IsoDate.refine((value) => !Number.isNaN(Date.parse(value)), 'Error: Join date must be a valid date')
        .optional()
        .describe('join date'),
    })
    .refine(hasName, {
      message: 'Error: Please provide either a Full Name or Business Name (or both)',
      path: ['full_name'],
    }),
  requiredFieldsOf('edit', EDIT_FIELDS),
);

/**
 * Pending-dealer processing; the spec does not show the action names. `approve` makes the dealer active;
 * `reject` archives it (history and notes kept, restorable). Notes, when given, are added to the dealer's notes.
 */
export const DealerActionRequest = z.object({
  dealer_id: Id,
  action: z.enum(['approve', 'reject']).describe('approve: pending → active; reject: pending → archived'),
  notes: optionalText(2000),
});

const SELECT_ZONE_AND_DEALERS = 'Error: Please select a zone and dealers';
export const BulkUpdateDealerZoneRequest = z.object({
  dealer_ids: z.array(Id, { error: SELECT_ZONE_AND_DEALERS }).min(1, SELECT_ZONE_AND_DEALERS).max(5000),
  zone: requiredText(SELECT_ZONE_AND_DEALERS, 100),
});

/** The text fields of the website-settings form; the header image comes as a file. */
export const UpdateDealerWebsiteRequest = z.object({
  use_own_website: FormBoolean,
  custom_website_url: dealerField('website'),
  custom_website_enabled: FormBoolean.default(false),
  description: dealerField('description'),
});

export const AddDealerNoteRequest = z.object({
  note_text: requiredText('Error: Please enter a note', 5000),
});

/**
 * A row as the import wizard sends it: only mapped, non-empty cells, each a string. The cells are checked per row
 * by the service (ImportedDealerRow), so one bad cell fails its row, not the import. A row with a cell that text
 * cannot hold (a NUL, a lone surrogate) is marked here with that cell's field instead of carrying it on, so no such
 * text travels past the contract.
 */
export const UNSTORABLE_CELL: unique symbol = Symbol('unstorable cell');
export type BulkImportRow = Partial<Record<BulkImportField, string>> & { [UNSTORABLE_CELL]?: BulkImportField };
const BulkImportRow = z
  .partialRecord(z.enum(BULK_IMPORT_FIELDS as [BulkImportField, ...BulkImportField[]]), z.string())
  .transform((row): BulkImportRow => {
    const bad = (Object.keys(row) as BulkImportField[]).find((field) => hasUnstorableCharacters(row[field] as string));
    return bad ? { [UNSTORABLE_CELL]: bad } : row;
  });

const EMPTY_CSV = 'Error: CSV file must have at least a header row and one data row';
/** Rows in one import call (the web client sends 1,000 at a time); the spec sets no limit of its own. */
export const MAX_IMPORT_ROWS = 10_000;
export const BulkImportDealersRequest = z.object({
  dealers: z
    .array(BulkImportRow, { error: EMPTY_CSV })
    .min(1, EMPTY_CSV)
    .superRefine((rows, ctx) => {
      if (rows.length > MAX_IMPORT_ROWS)
        ctx.addIssue({
          code: 'custom',
          message: `Error: An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows at a time; this one has ${rows.length.toLocaleString('en-US')}. Please split the file and import each part.`,
        });
    }),
});

/** Header image of the generated website: the spec's 5MB limit and messages. */
const HEADER_IMAGE_LIMITS = {
  maxBytes: 5242880,
  kinds: ['png', 'jpeg', 'gif', 'webp'],
  messages: {
    tooLarge: 'Error: Image file must be less than 5MB',
    wrongKind: 'Error: Please select an image file',
    missing: 'Error: Please select an image first',
  },
} as const;

export const HeaderImageUpload: FilePart = { field: 'image', required: true, ...HEADER_IMAGE_LIMITS };
export const AdminHeaderImageUpload: FilePart = { field: 'header_image', required: false, ...HEADER_IMAGE_LIMITS };

/** The dealer id is taken from the token; the form's dealer_id, when sent, must match it. */
export const UploadHeaderImageFields = z.object({ dealer_id: Id.optional() });

/** The generated website's query: a short-lived preview token lets its dealer see it before publishing. */
export const DealerWebsiteQuery = z.object({ preview: storableString().trim().max(200).optional() });

/** The locator asks about the dealers it shows: the 5 closest, or the one whose popup is open. */
export const MAX_LIVE_WEBSITE_DEALERS = 20;
const LIVE_WEBSITE_IDS_MESSAGE = `Error: dealer_ids must list 1 to ${MAX_LIVE_WEBSITE_DEALERS} dealer ids, separated by commas`;
export const LiveDealerWebsitesQuery = z.object({
  dealer_ids: storableString({ error: LIVE_WEBSITE_IDS_MESSAGE })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().max(100, 'Error: a dealer id is at most 100 characters'))
        .min(1, LIVE_WEBSITE_IDS_MESSAGE)
        .max(MAX_LIVE_WEBSITE_DEALERS, LIVE_WEBSITE_IDS_MESSAGE),
    )
    .describe(`up to ${MAX_LIVE_WEBSITE_DEALERS} dealer ids, separated by commas`),
});

const DEALER_SORTS = ['business_name', 'state', 'city', 'zone', 'created_at'] as const;
const dealerListFilters = {
  q: SearchParam.describe('business name, contact name, email, city, state, dealer id, phone digits (3 or more)'),
  state: commaList.describe('US state codes, comma-separated'),
  zone: commaList.describe('zone names, comma-separated'),
};
/** The active and pending dealer lists' query (all-dealers-enhanced, dealers-list, pending-dealers). */
export const DealerListQuery = listQuery({ sorts: DEALER_SORTS, filters: dealerListFilters });
export type DealerListQuery = z.infer<typeof DealerListQuery>;
/** The archived dealers' query: the dealer sorts, and when they were archived (the default, newest first). */
export const ArchivedDealerListQuery = listQuery({
  sorts: [...DEALER_SORTS, 'archived_at'],
  filters: dealerListFilters,
});
export type ArchivedDealerListQuery = z.infer<typeof ArchivedDealerListQuery>;
/** A dealer's notes, newest first, in pages. */
export const DealerNotesQuery = listQuery({ sorts: ['created_at'] });
