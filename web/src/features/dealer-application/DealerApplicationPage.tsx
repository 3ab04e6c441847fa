import { DEALER_APPLICATION_HONEYPOT } from '@portal/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { publicCall } from '../../api/publicCall';
import { Link } from '../../app/navigation/Link';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { DealerFields } from '../dealers/DealerFields';
import { AuthLayout } from '../login/AuthLayout';
import { type ApplicationField, type ApplicationValues, applicationBody, EMPTY_APPLICATION } from './applicationForm';
import './dealer-application.css';

const SUBMIT_FAILED = 'Error: Your application could not be sent. Please try again.';
const OFFLINE = 'Error: Unable to connect to the server. Please check your connection and try again.';

/**
 * The portal's own dealer application (Apply Now when the company names no external page): the create form's
 * dealer fields and a message, sent to POST /api/public/dealer-application. The answer is the same whether or
 * not the email is known, and is shown as it comes.
 */
export function DealerApplicationPage() {
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [received, setReceived] = useState<string>();
  // Submit was pressed: from then on the first problem shows beside its field, and goes as soon as it is fixed
  const [tried, setTried] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const doneText = useRef<HTMLParagraphElement>(null);
  const trapId = useId();

  const check = applicationBody(values);
  const problem = tried && !check.ok ? check : null;
  const errorOf = (field: ApplicationField) => (problem?.field === field ? problem.message : undefined);
  const set = (field: ApplicationField, value: string) => setValues((old) => ({ ...old, [field]: value }));
  const formProblem = problem && !problem.field ? problem.message : undefined;

  // a refused submit moves the keyboard to the field that must change
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  useEffect(() => {
    if (received) doneText.current?.focus();
  }, [received]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (!check.ok) {
      setAttempt((count) => count + 1);
      return;
    }
    setSending(true);
    const result = await publicCall('public.dealerApplication', { body: check.body });
    setSending(false);
    if (result.data) setReceived(result.data.detail);
    else setFailure(isNetworkError(result.error) ? OFFLINE : (errorDetail(result.error) ?? SUBMIT_FAILED));
  }

  if (received) {
    return (
      <AuthLayout title="Application received" wide>
        <div className="application__done">
          {/* focused when it appears, so a screen reader reads the answer at once */}
          <p ref={doneText} tabIndex={-1} className="application__done-text">
            {received}
          </p>
          <Link to="/" className="login__back">
            ← Back to Home
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Apply to become a dealer" wide>
      <p className="login__intro">
        Tell us about your business. Our team reviews every application and replies by email; once approved you receive
        an invitation to set up your dealer login.
      </p>
      <form ref={form} className="form-grid application__form" onSubmit={submit} noValidate>
        <DealerFields values={values} onChange={set} errorOf={errorOf} wide autofill />
        <TextAreaField
          label="Message (optional)"
          className="field--wide"
          rows={4}
          maxLength={2000}
          hint="What you sell, where, and anything else we should know."
          value={values.message}
          onChange={(value) => set('message', value)}
          error={errorOf('message')}
        />
        {/* the honeypot: hidden from sight and from assistive technology, so only a bot fills it in */}
        <div className="application__trap" aria-hidden="true">
          <label htmlFor={trapId}>Leave this field empty</label>
          <input
            id={trapId}
            name={DEALER_APPLICATION_HONEYPOT}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values[DEALER_APPLICATION_HONEYPOT]}
            onChange={(event) => set(DEALER_APPLICATION_HONEYPOT, event.target.value)}
          />
        </div>
        <div className="field--wide">
          <Message text={failure ?? formProblem} tone={failure ? 'error' : undefined} reveal />
        </div>
        <div className="field--wide application__actions">
          <Button type="submit" busy={sending} busyLabel="Sending...">
            Submit Application
          </Button>
          <Link to="/" className="application__cancel">
            Back to Home
          </Link>
        </div>
      </form>
      <p className="application__signin">
        Already a dealer? <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
