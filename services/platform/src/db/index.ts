export * from './data-source';
export * from './keyset';
export * from './provision';
export * from './read-models';
export * from './row-counts';
export * from './search';
export * from './unavailable';
export * from './unique-violation';
