export * from './data-source';
export * from './provision';
export * from './unavailable';
export * from './unique-violation';
