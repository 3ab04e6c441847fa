import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId, useState } from 'react';
import './form-field.css';

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
}

/** A labelled, controlled input (`.field` styles); a required field's label carries a marker. */
export function InputField({ label, value, onChange, hint, required, className, ...input }: InputFieldProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        required={required}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ label, value, onChange, className, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <textarea {...area} id={id} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A password input with a Show/Hide toggle (the spec's create-login and signup forms). */
export function PasswordField(props: Omit<InputFieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <InputField {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-field__toggle"
        aria-label={shown ? `Hide ${props.label}` : `Show ${props.label}`}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
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
}

export function SelectInput({ label, value, options, onChange, required, className }: SelectInputProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <select id={id} value={value} required={required} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
