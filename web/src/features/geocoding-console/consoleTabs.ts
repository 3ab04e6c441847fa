/** 001 §4: the geocoding console's tabs. */
export type ConsoleTab = 'dashboard' | 'maps' | 'diagnosis' | 'repair' | 'manual' | 'test';
