import { stateCodeOf } from '@portal/contracts';
import type { ReactNode } from 'react';
import { SelectInput } from './FormField';
import { stateOptions } from './stateOptions';

interface StateSelectProps {
  label?: string;
  /** a state code; '' is no choice */
  value: string;
  onChange: (code: string) => void;
  required?: boolean;
  className?: string;
  hint?: ReactNode;
  error?: string;
}

/**
 * A US state as a choice, never typed: names shown, codes saved ("Montana" is MT, and cannot become MO).
 * Typing a name's first letters picks it (the browser's own select type-ahead).
 */
export function StateSelect({ label = 'State', value, onChange, ...rest }: StateSelectProps) {
  // a code in another case, or a full name, is shown as the state it names
  const chosen = stateCodeOf(value) ?? value;
  return (
    <SelectInput
      {...rest}
      label={label}
      value={chosen}
      options={stateOptions(chosen)}
      onChange={onChange}
      autoComplete="address-level1"
    />
  );
}
