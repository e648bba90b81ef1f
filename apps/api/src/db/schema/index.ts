export * from './companies.js';
export * from './auth.js';
export * from './users.js';
export * from './notifications.js';
export * from './catalog.js';
export * from './inventory.js';
