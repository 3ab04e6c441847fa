import { type BodyOf, CreateDealerRequest, type Dealer, type endpoints, UpdateDealerRequest } from '@portal/contracts';

/** The text fields of the admin's create and edit forms, as typed. */
export interface DealerFormValues {
  business_name: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  website: string;
  zone: string;
  description: string;
  /** join date, YYYY-MM-DD (edit only) */
  created_at: string;
  use_own_website: boolean;
}

/**
 * The form's values of a dealer (or blank). `dayOf` gives the calendar day of an instant in the system timezone: the
 * join date shown is the day the business counts, not the UTC one.
 */
export function formValuesOf(
  dealer: Dealer | undefined,
  defaultZone: string,
  dayOf: (instant: Date) => string,
): DealerFormValues {
  return {
    business_name: dealer?.business_name ?? '',
    full_name: dealer?.full_name ?? '',
    email: dealer?.email ?? '',
    phone: dealer?.phone ?? '',
    address: dealer?.address ?? '',
    city: dealer?.city ?? '',
    state: dealer?.state ?? '',
    zip_code: dealer?.zip_code ?? '',
    website: dealer?.website ?? '',
    zone: dealer?.zone ?? defaultZone,
    description: dealer?.description ?? '',
    created_at: dealer ? joinDay(dealer.created_at, dayOf) : '',
    use_own_website: dealer?.use_own_website ?? true,
  };
}

function joinDay(iso: string, dayOf: (instant: Date) => string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso.slice(0, 10) : dayOf(instant);
}

/** A refused form: the first problem's message and, when it concerns one field, that field (to show it beside). */
type Checked<T> = { ok: true; body: T } | { ok: false; message: string; field?: keyof DealerFormValues };

type Issue = { message: string; path: readonly PropertyKey[] };

function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }) {
  if (result.success) return { ok: true, body: result.data } as const;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    message: issue?.message ?? 'Error: Invalid form',
    ...(typeof field === 'string' ? { field: field as keyof DealerFormValues } : {}),
  } as const;
}

/** The create body, checked with the contract's own rules so the messages are the spec's. */
export function createBody(values: DealerFormValues): Checked<BodyOf<(typeof endpoints)['admin.createDealer']>> {
  const { description: _description, created_at: _joined, ...fields } = values;
  return checked(CreateDealerRequest.safeParse(fields));
}

/**
 * The edit body. The join date goes only when its day was changed (`shownDay` is the day the form opened with):
 * the form holds a day, not the instant, and sending it back unchanged would move every dealer's join time to noon.
 */
export function updateBody(
  values: DealerFormValues,
  shownDay: string,
): Checked<BodyOf<(typeof endpoints)['admin.updateDealer']>> {
  const { use_own_website: _type, created_at, ...fields } = values;
  const joined = created_at && created_at !== shownDay ? new Date(`${created_at}T12:00:00Z`).toISOString() : undefined;
  return checked(UpdateDealerRequest.safeParse({ ...fields, created_at: joined }));
}
