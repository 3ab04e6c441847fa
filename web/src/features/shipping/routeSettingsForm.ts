import type { CompanySettings, ShippingSettings } from '@portal/contracts';

/** The route settings as typed (every field text until it is sent). */
export interface RouteSettingsForm {
  start_label: string;
  latitude: string;
  longitude: string;
  average_speed_mph: string;
  service_minutes: string;
  /** proof of delivery: a drawn signature, at least one photo */
  proof_signature_required: boolean;
  proof_photo_required: boolean;
}

export const BOTH_COORDINATES = 'Error: Enter both the latitude and the longitude of the start point, or neither';
export const COORDINATES_NUMBERS =
  'Error: The start point needs a latitude from -90 to 90 and a longitude from -180 to 180';

export function formOfSettings(settings: ShippingSettings): RouteSettingsForm {
  return {
    start_label: settings.start_label ?? '',
    latitude: settings.start_coordinates ? String(settings.start_coordinates.lat) : '',
    longitude: settings.start_coordinates ? String(settings.start_coordinates.lng) : '',
    average_speed_mph: String(settings.average_speed_mph),
    service_minutes: String(settings.service_minutes),
    proof_signature_required: settings.proof_signature_required,
    proof_photo_required: settings.proof_photo_required,
  };
}

/** A typed number, or NaN when the text is not one ('' is not 0). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

export type SettingsBody =
  | {
      ok: true;
      body: {
        start_label?: string;
        start_coordinates: { lat: number; lng: number } | null;
        average_speed_mph: number;
        service_minutes: number;
        proof_signature_required: boolean;
        proof_photo_required: boolean;
      };
    }
  | { ok: false; problem: string };

/**
 * The body of PUT shipping-settings from the form. The coordinates go together (both or neither); the speed and
 * service time are checked by the server's own schema after this (the caller runs it).
 */
export function settingsBody(form: RouteSettingsForm): SettingsBody {
  const hasLat = form.latitude.trim() !== '';
  const hasLng = form.longitude.trim() !== '';
  if (hasLat !== hasLng) return { ok: false, problem: BOTH_COORDINATES };
  let start: { lat: number; lng: number } | null = null;
  if (hasLat) {
    const lat = numberOf(form.latitude);
    const lng = numberOf(form.longitude);
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return { ok: false, problem: COORDINATES_NUMBERS };
    start = { lat, lng };
  }
  const label = form.start_label.trim();
  return {
    ok: true,
    body: {
      ...(label ? { start_label: label } : {}),
      start_coordinates: start,
      average_speed_mph: numberOf(form.average_speed_mph),
      service_minutes: numberOf(form.service_minutes),
      proof_signature_required: form.proof_signature_required,
      proof_photo_required: form.proof_photo_required,
    },
  };
}

/** The company's address on one line, for geocoding the start point; null when it has none. */
export function companyAddress(
  company: Pick<CompanySettings, 'address' | 'city' | 'state' | 'zip_code'>,
): string | null {
  const place = [company.city.trim(), [company.state.trim(), company.zip_code.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const line = [company.address.trim(), place].filter(Boolean).join(', ');
  return company.address.trim() || company.city.trim() ? line : null;
}
