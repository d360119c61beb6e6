/** This feature's tables, merged into the Database type (db/schema.ts). */
export type ServersTables = Record<never, never>;
