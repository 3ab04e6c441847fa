import 'reflect-metadata';

export * from './auth';
export * from './config';
export * from './db';
export * from './events';
export * from './http/attempt-limiter';
export * from './http/error-handler';
export * from './http/errors';
export * from './http/handler';
export * from './http/request-context';
export * from './images';
export * from './log/logger';
export * from './mail';
export * from './run-process';
export * from './secrets';
export * from './service';
export * from './storage';
export * from './text';
