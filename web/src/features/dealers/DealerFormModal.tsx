import type { Dealer } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField, SelectInput, TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { DealerFields } from './DealerFields';
import { createBody, type DealerFormValues, formValuesOf, updateBody } from './dealerForm';
import { useCreateDealerMutation, useUpdateDealerMutation } from './dealersApi';
import { useZones } from './useZones';

/** How long the edit form's success notice stays before the modal closes (000 §9). */
const EDIT_NOTICE_MS = 2000;

/** The fields both forms show. */
const FORM_FIELDS: readonly (keyof DealerFormValues)[] = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'zone',
  'website',
];

interface DealerFormModalProps {
  /** absent: create a dealer */
  dealer?: Dealer;
  onClose: () => void;
}

/** Create dealer and edit dealer: one form, the edit adding description and join date. */
export function DealerFormModal({ dealer, onClose }: DealerFormModalProps) {
  const zones = useZones();
  const dates = useDateFormat();
  const [opened] = useState<DealerFormValues>(() => formValuesOf(dealer, zones[0] ?? '', dates.day));
  const [values, setValues] = useState<DealerFormValues>(opened);
  const [message, setMessage] = useState<string>();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>();
  const [create, creating] = useCreateDealerMutation();
  const [update, updating] = useUpdateDealerMutation();
  const editing = dealer !== undefined;
  const done = temporaryPassword !== undefined;
  const set = (field: keyof DealerFormValues) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  // Save was pressed: from then on the first problem shows beside its field, and goes as soon as it is fixed
  const [tried, setTried] = useState(false);
  const check = editing ? updateBody(values, opened.created_at) : createBody(values);
  const problem = tried && !check.ok ? check : null;
  const errorOf = (field: keyof DealerFormValues) => (problem?.field === field ? problem.message : undefined);
  const shownFields: readonly (keyof DealerFormValues)[] = editing ? [...FORM_FIELDS, 'created_at'] : FORM_FIELDS;
  // a problem of no field on screen is said under the form
  const formProblem = problem && !(problem.field && shownFields.includes(problem.field)) ? problem.message : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if (!check.ok) return;
    try {
      if (dealer) await saveEdit(dealer.dealer_id);
      else await saveNew();
    } catch (error) {
      setMessage(failureMessage(error, editing ? 'Failed to update dealer' : 'Failed to create dealer'));
    }
  }

  async function saveEdit(dealerId: string) {
    const checked = updateBody(values, opened.created_at);
    if (!checked.ok) return setMessage(checked.message);
    await update({ params: { dealer_id: dealerId }, body: checked.body }).unwrap();
    setMessage('Dealer updated successfully!');
    setTimeout(onClose, EDIT_NOTICE_MS);
  }

  async function saveNew() {
    const checked = createBody(values);
    if (!checked.ok) return setMessage(checked.message);
    const created = await create({ body: checked.body }).unwrap();
    setMessage('Dealer created successfully!');
    setTemporaryPassword(created.temporary_password);
  }

  const formId = editing ? 'edit-dealer-form' : 'create-dealer-form';
  return (
    <Modal
      open
      title={editing ? 'Edit Dealer' : 'Create Dealer'}
      onClose={onClose}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              busy={creating.isLoading || updating.isLoading}
              busyLabel={editing ? 'Saving...' : 'Creating...'}
            >
              {editing ? 'Save Changes' : 'Create Dealer'}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <div className="dealer-created">
          <Message text={message} />
          {temporaryPassword ? (
            <>
              <p>Share this temporary password with the dealer; they can sign in with it at once:</p>
              <p className="dealer-created__password">
                <code>{temporaryPassword}</code>
                <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(temporaryPassword)}>
                  Copy
                </Button>
              </p>
            </>
          ) : (
            <p>No login was created; use Manage Login to invite the dealer.</p>
          )}
        </div>
      ) : (
        <form id={formId} className="form-grid" onSubmit={submit} noValidate>
          <DealerFields
            values={values}
            onChange={(field, value) => set(field)(value)}
            errorOf={errorOf}
            wide
            afterZip={
              <SelectInput
                label="Zone"
                required
                value={values.zone}
                options={zones.map((zone) => ({ value: zone, label: zone }))}
                onChange={set('zone')}
                error={errorOf('zone')}
              />
            }
          />
          {editing ? (
            <>
              <TextAreaField
                label="Description"
                className="field--wide"
                rows={3}
                value={values.description}
                onChange={set('description')}
              />
              <InputField
                label="Join Date"
                type="date"
                value={values.created_at}
                onChange={set('created_at')}
                error={errorOf('created_at')}
              />
            </>
          ) : (
            <label className="checkbox-field field--wide">
              <input
                type="checkbox"
                checked={values.use_own_website}
                onChange={(event) => setValues((old) => ({ ...old, use_own_website: event.target.checked }))}
              />
              The dealer has its own website
            </label>
          )}
          <div className="field--wide">
            <Message text={message ?? formProblem} />
          </div>
        </form>
      )}
    </Modal>
  );
}
