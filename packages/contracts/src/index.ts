export * from './constants.js';
export * from './envelope.js';
export * from './auth.js';
export * from './applicant.js';
export * from './admin.js';
export * from './payments.js';
export * from './registry/index.js';
export * from './registry/schemas.js';
