import 'reflect-metadata';

export * from './auth';
export * from './config';
export * from './db';
export * from './events';
export * from './http/errors';
export * from './http/handler';
export * from './log/logger';
export * from './mail';
export * from './service';
export * from './storage';
