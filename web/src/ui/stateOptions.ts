import { US_STATES } from '@portal/contracts';

/** The choices: the empty one, then every state by name with its code as the value. */
export function stateOptions(value: string): { value: string; label: string }[] {
  const options = [{ value: '', label: 'Select a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];
  // a stored value that is no state (older data) is shown as it is, never replaced by a guess
  if (value && !US_STATES.some((state) => state.code === value)) {
    options.push({ value, label: `${value} (not a US state)` });
  }
  return options;
}
