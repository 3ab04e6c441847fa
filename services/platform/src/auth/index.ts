export * from './guard';
export * from './keys';
export * from './session-revocations';
export * from './tokens';
