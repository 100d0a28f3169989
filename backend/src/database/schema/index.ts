// Every module's tables, gathered for Drizzle's typed client and for drizzle-kit.
export * from './admin-invites.js';
export * from './app-state.js';
export * from './audit.js';
export * from './clubs.js';
export * from './door-scans.js';
export * from './event-messages.js';
export * from './events.js';
export * from './festival-settings.js';
export * from './invites.js';
export * from './mail.js';
export * from './rate-limits.js';
export * from './registrations.js';
export * from './results.js';
export * from './sessions.js';
export * from './teams.js';
export * from './users.js';
export * from './waitlist.js';
