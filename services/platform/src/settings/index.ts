export * from './system-timezone';
export * from './zoned-dates';
