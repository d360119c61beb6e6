/** This feature's tables, merged into the Database type (db/schema.ts). */
export type ModerationTables = Record<never, never>;
