export * from './opaque-token';
export * from './temporary-password';
