import { z } from 'zod';
import { Email, IsoDate, UsState } from '../common';
import type { FilePart } from '../endpoint';
import { BULK_IMPORT_FIELDS } from '../entities/dealer';
import { FormBoolean, Id, isBlank, OptionalEmail, optionalText, requiredText, requireFields, Website } from '../fields';

/**
 * A dealer's website: the shared Website rule, and no scheme but http(s) — `javascript:` or `data:` URLs are
 * refused here, and the generated website refuses them again when it renders links. `host:8080` is a port.
 */
function DealerWebsite() {
  return Website.refine((value) => value === undefined || !/^(?!https?:\/\/)[a-z][a-z0-9+.-]*:(?!\d)/i.test(value), {
    message: 'Error: Website must be a valid URL',
  });
}

/** The address and contact fields every dealer form carries. */
const contactFields = {
  business_name: optionalText(),
  full_name: optionalText(),
  phone: optionalText(40),
  address: optionalText(),
  city: optionalText(100),
  state: UsState.optional(),
  zip_code: optionalText(20),
  website: DealerWebsite(),
};

function hasName(dealer: { business_name?: string | undefined; full_name?: string | undefined }): boolean {
  return !isBlank(dealer.business_name) || !isBlank(dealer.full_name);
}

/** A dealer editing its own profile. */
export const DealerProfileRequest = z
  .object({
    ...contactFields,
    description: optionalText(5000),
    specialties: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    use_own_website: z.boolean().optional(),
  })
  .refine(hasName, { message: 'Error: Either Business Name or Full Name must be provided', path: ['business_name'] })
  .superRefine(requireFields(['phone', 'address', 'city', 'state', 'zip_code']));

/** An admin creating a dealer; a login with a temporary password is created with it. */
export const CreateDealerRequest = z
  .object({
    ...contactFields,
    email: OptionalEmail,
    zone: optionalText(100),
    use_own_website: z.boolean().default(true),
  })
  .refine(hasName, {
    message: 'Error: Either Name (business) or Full Name must be provided',
    path: ['business_name'],
  })
  .superRefine(requireFields(['email', 'phone', 'address', 'city', 'state', 'zip_code', 'zone']));

/** An admin editing a dealer (the edit form). */
export const UpdateDealerRequest = z
  .object({
    ...contactFields,
    email: Email.optional(),
    description: optionalText(5000),
    zone: optionalText(100),
    created_at: IsoDate.refine((value) => !Number.isNaN(Date.parse(value)), 'Error: Join date must be a valid date')
      .optional()
      .describe('join date'),
  })
  .refine(hasName, {
    message: 'Error: Please provide either a Full Name or Business Name (or both)',
    path: ['full_name'],
  })
  .superRefine(requireFields(['phone', 'address', 'city', 'state', 'zip_code']));

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
  custom_website_url: DealerWebsite(),
  custom_website_enabled: FormBoolean.default(false),
  description: optionalText(5000),
});

export const AddDealerNoteRequest = z.object({
  note_text: requiredText('Error: Please enter a note', 5000),
});

const BulkImportRow = z.partialRecord(z.enum(BULK_IMPORT_FIELDS), z.string().trim().max(500));
const EMPTY_CSV = 'Error: CSV file must have at least a header row and one data row';
export const BulkImportDealersRequest = z.object({
  dealers: z.array(BulkImportRow, { error: EMPTY_CSV }).min(1, EMPTY_CSV).max(10000),
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
export const DealerWebsiteQuery = z.object({ preview: z.string().trim().max(200).optional() });
