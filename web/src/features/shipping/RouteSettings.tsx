import { type ShippingSettings, ShippingSettingsRequest } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { CheckField } from '../settings/shared/CheckField';
import { formProblem } from '../settings/shared/notice';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { companyAddress, formOfSettings, type RouteSettingsForm, settingsBody } from './routeSettingsForm';
import { useGeocodeDepotMutation, useGetDepotAddressQuery, useSaveShippingSettingsMutation } from './shippingApi';

/**
 * Route settings (beyond the spec, admin only): where routes start (the company address, geocoded, or any point),
 * the average speed and the time spent at each stop — Optimise and every route's miles and ETAs use them — and
 * what a proof of delivery must have.
 */
export function RouteSettings({ settings }: { settings: ShippingSettings }) {
  const [form, setForm] = useState<RouteSettingsForm>(() => formOfSettings(settings));
  const [notice, showNotice] = useTimedNotice();
  const [save, { isLoading: saving }] = useSaveShippingSettingsMutation();
  const [geocode, { isLoading: locating }] = useGeocodeDepotMutation();
  const { data: company } = useGetDepotAddressQuery();
  const depot = company ? companyAddress(company) : null;
  type TextField = {
    [K in keyof RouteSettingsForm]: RouteSettingsForm[K] extends string ? K : never;
  }[keyof RouteSettingsForm];
  const set = (field: TextField) => (value: string) => setForm({ ...form, [field]: value });

  async function fillFromCompanyAddress() {
    if (!depot) return;
    try {
      const found = await geocode({ body: { address: depot } }).unwrap();
      setForm({
        ...form,
        start_label: depot,
        latitude: found.coordinates.lat.toFixed(6),
        longitude: found.coordinates.lng.toFixed(6),
      });
      showNotice({ text: `Start point found: ${found.formatted_address}. Save to use it.`, tone: 'success' });
    } catch (error) {
      showNotice({ text: failureMessage(error, 'Could not find the company address'), tone: 'error' });
    }
  }

  async function submit() {
    const draft = settingsBody(form);
    const problem = draft.ok ? formProblem(ShippingSettingsRequest, draft.body) : draft.problem;
    if (problem || !draft.ok) {
      showNotice({ text: problem ?? 'Error: Please check the route settings', tone: 'error' });
      return;
    }
    try {
      const answer = await save({ body: draft.body }).unwrap();
      setForm(formOfSettings(answer.settings));
      showNotice({ text: answer.message, tone: 'success' });
    } catch (error) {
      showNotice({ text: failureMessage(error, 'Failed to save shipping settings'), tone: 'error' });
    }
  }

  return (
    <details className="route-settings">
      <summary>Route settings</summary>
      <form
        className="route-settings__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <InputField
          className="route-settings__label"
          label="Start point"
          value={form.start_label}
          onChange={set('start_label')}
          maxLength={300}
          placeholder="e.g. Warehouse, 12 Mill Road, Dallas, TX"
        />
        <InputField label="Latitude" inputMode="decimal" value={form.latitude} onChange={set('latitude')} />
        <InputField label="Longitude" inputMode="decimal" value={form.longitude} onChange={set('longitude')} />
        <InputField
          label="Average speed (mph)"
          inputMode="decimal"
          value={form.average_speed_mph}
          onChange={set('average_speed_mph')}
        />
        <InputField
          label="Minutes at each stop"
          inputMode="numeric"
          value={form.service_minutes}
          onChange={set('service_minutes')}
        />
        <fieldset className="route-settings__proof">
          <legend>Proof of delivery</legend>
          <CheckField
            label="Signature required"
            description="Marking an order delivered asks the recipient to sign on the driver's screen"
            checked={form.proof_signature_required}
            onChange={(checked) => setForm({ ...form, proof_signature_required: checked })}
          />
          <CheckField
            label="Photo required"
            description="At least one photo of the delivered goods"
            checked={form.proof_photo_required}
            onChange={(checked) => setForm({ ...form, proof_photo_required: checked })}
          />
        </fieldset>
        <div className="button-row route-settings__actions">
          <Button
            variant="secondary"
            onClick={fillFromCompanyAddress}
            disabled={!depot}
            busy={locating}
            busyLabel="Locating..."
            title={depot ? `Geocode ${depot}` : 'Fill in the company address in Settings first'}
          >
            Use company address
          </Button>
          <Button type="submit" busy={saving} busyLabel="Saving...">
            Save route settings
          </Button>
        </div>
      </form>
      <Message text={notice?.text} tone={notice?.tone} />
    </details>
  );
}
