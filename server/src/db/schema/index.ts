export * from './users.js';
export * from './mail.js';
export * from './providers.js';
export * from './activations.js';
export * from './jobs.js';
export * from './audit.js';
