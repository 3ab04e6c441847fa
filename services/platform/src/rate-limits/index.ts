export * from './failure-back-off';
export * from './rate-limits';
export * from './rate-limits-table';
