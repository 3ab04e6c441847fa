export * from './guard';
export * from './keys';
export * from './tokens';
