export * from './reference.js';
export * from './accounts.js';
export * from './applicants.js';
export * from './payments.js';
export * from './admin.js';
export * from './institution.js';
export * from './records.js';
