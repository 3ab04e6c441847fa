import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId, useState } from 'react';
import './form-field.css';

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** what is wrong with this field, shown beside it (and named by the input's aria-describedby) */
  error?: string;
  /** a control that belongs to the input (a Show toggle): kept in the input's row */
  trailing?: ReactNode;
}

/** The ids a control is described by: its hint and its error, when it has them. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's message, under it; announced when it appears. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={`${id}-error`} className="field__error" aria-live="polite" hidden={!error}>
      {error}
    </p>
  );
}

/** A labelled, controlled input (`.field` styles); a required field's label carries a marker. */
export function InputField({
  label,
  value,
  onChange,
  hint,
  error,
  trailing,
  required,
  className,
  ...input
}: InputFieldProps) {
  const id = useId();
  const control = (
    <input
      {...input}
      id={id}
      value={value}
      required={required}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {trailing ? (
        <div className="field__row">
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** what is wrong with this text, shown beside it */
  error?: string;
}

export function TextAreaField({ label, value, onChange, hint, error, className, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...area}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A password input with its Show toggle in the same row (the spec's create-login and signup forms). The toggle is
 * a toggle button: its name stays "Show <label>" and aria-pressed says whether the password is shown.
 */
export function PasswordField(props: Omit<InputFieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <InputField
      {...props}
      className={['password-field', props.className].filter(Boolean).join(' ')}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          Show<span className="visually-hidden"> {props.label}</span>
        </button>
      }
    />
  );
}

interface SelectOption {
  value: string;
  label: string;
}

interface SelectInputProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  required?: boolean;
  className?: string;
  hint?: ReactNode;
  /** what is wrong with this choice, shown beside it */
  error?: string;
  autoComplete?: string;
}

export function SelectInput({
  label,
  value,
  options,
  onChange,
  required,
  className,
  hint,
  error,
  autoComplete,
}: SelectInputProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
