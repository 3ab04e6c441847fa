import { useId } from 'react';

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** what turning it on does, under the label */
  description?: string;
}

/** A switch-like checkbox with its label and an optional description. */
export function CheckField({ label, checked, onChange, description }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="check-field">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>
        <span className="check-field__label">{label}</span>
        {description && <span className="check-field__description">{description}</span>}
      </label>
    </div>
  );
}
