import type { DealerTerms } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useGetDealerTermsQuery, useUpdateDealerTermsMutation } from '../orders/creditApi';
import { FooterMessage } from '../orders/FooterMessage';
import { type TermsForm, termsForm, termsToSave } from './dealerTermsForm';

/** The dealer detail's "Terms and credit": payment terms and credit limit, changed in a dialog. */
export function DealerTermsSection({ dealerId }: { dealerId: string }) {
  const { data: terms, error } = useGetDealerTermsQuery({ params: { dealer_id: dealerId } });
  const [editing, setEditing] = useState(false);
  return (
    <section className="dealer-card" aria-labelledby="dealer-terms-title">
      <h2 id="dealer-terms-title">Terms and credit</h2>
      {error ? <Message text={failureMessage(error, 'Failed to load the terms')} /> : null}
      {terms && (
        <>
          <dl className="dealer-facts">
            <dt>Payment terms</dt>
            <dd data-testid="dealer-terms-days">
              Net {terms.payment_terms_days} days{terms.terms_are_default ? ' (default)' : ''}
            </dd>
            <dt>Credit limit</dt>
            <dd data-testid="dealer-credit-limit">
              {terms.credit_limit === null ? 'No limit' : formatPrice(terms.credit_limit)}
            </dd>
          </dl>
          <div className="button-row">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Terms
            </Button>
          </div>
          {editing && <TermsDialog terms={terms} onClose={() => setEditing(false)} />}
        </>
      )}
    </section>
  );
}

function TermsDialog({ terms, onClose }: { terms: DealerTerms; onClose: () => void }) {
  const [form, setForm] = useState<TermsForm>(() => termsForm(terms));
  const [tried, setTried] = useState(false);
  const [message, setMessage] = useState<string>();
  const [save, { isLoading }] = useUpdateDealerTermsMutation();
  const checked = termsToSave(form);
  const problem = tried && 'problem' in checked ? checked : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if ('problem' in checked) return;
    try {
      await save({ params: { dealer_id: terms.dealer_id }, body: checked.body }).unwrap();
      onClose();
    } catch (failure) {
      setMessage(failureMessage(failure, 'Failed to save the terms'));
    }
  }

  return (
    <Modal
      open
      title="Edit terms and credit"
      onClose={() => {
        if (!isLoading) onClose();
      }}
      footer={
        <FormModalFooter
          formId="dealer-terms-form"
          submitLabel="Save Terms"
          busy={isLoading}
          busyLabel="Saving..."
          onCancel={onClose}
          notice={<FooterMessage text={message} tone="error" />}
        />
      }
    >
      <form id="dealer-terms-form" className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Payment terms (days)"
          required
          type="number"
          min={0}
          max={365}
          step={1}
          inputMode="numeric"
          value={form.days}
          onChange={(days) => setForm((old) => ({ ...old, days }))}
          hint="An order is due this many days after it is confirmed"
          error={problem?.field === 'days' ? problem.problem : undefined}
        />
        <InputField
          label="Credit limit ($)"
          inputMode="decimal"
          value={form.limit}
          onChange={(limit) => setForm((old) => ({ ...old, limit }))}
          hint="Blank for no limit. Orders that would go over it are held until released."
          error={problem?.field === 'limit' ? problem.problem : undefined}
        />
      </form>
    </Modal>
  );
}
