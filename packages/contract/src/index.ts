export * from './constants.js';
export * from './common.js';
export * from './auth.js';
export * from './users.js';
export * from './notifications.js';
export * from './health.js';
