/** This feature's tables, merged into the Database type (db/schema.ts). */
export type StaticaTables = Record<never, never>;
