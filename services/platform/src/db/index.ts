export * from './data-source';
export * from './provision';
