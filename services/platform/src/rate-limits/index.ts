export * from './rate-limits';
export * from './rate-limits-table';
