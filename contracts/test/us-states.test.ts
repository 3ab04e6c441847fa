import { stateCodeOf, stateNameOf, US_STATE_CODES, US_STATES } from '../src';

describe('US states by name or code', () => {
  test('When a full name is given in any case or spacing, Then its own code comes back, never a neighbour by prefix', () => {
    expect(stateCodeOf('Montana')).toBe('MT');
    expect(stateCodeOf('new york')).toBe('NY');
    expect(stateCodeOf('  NORTH   carolina ')).toBe('NC');
    expect(stateCodeOf('Missouri')).toBe('MO');
    expect(stateCodeOf('District of Columbia')).toBe('DC');
  });

  test('When a code is given in any case, Then it is the code', () => {
    expect(stateCodeOf('mt')).toBe('MT');
    expect(stateCodeOf(' Tx ')).toBe('TX');
  });

  test('When the text names no state (a prefix, a typo, a territory, blank), Then null', () => {
    for (const text of ['Mon', 'Montan', 'MO.', 'PR', 'Puerto Rico', '', '   ', 'M'])
      expect(stateCodeOf(text)).toBeNull();
  });

  test('When the list is read, Then every accepted code has exactly one name and the names are in order', () => {
    expect(US_STATES.map((state) => state.code).sort()).toEqual([...US_STATE_CODES].sort());
    const names = US_STATES.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(stateNameOf('mt')).toBe('Montana');
    expect(stateNameOf('XX')).toBeUndefined();
  });
});
