export * from './client-address';
export * from './rate-limits';
export * from './rate-limits-table';
