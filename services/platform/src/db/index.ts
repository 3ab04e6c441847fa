export * from './data-source';
export * from './provision';
export * from './unique-violation';
