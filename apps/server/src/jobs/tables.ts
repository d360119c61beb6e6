import type { Generated } from "kysely";

/** Durable jobs: due time, claim (locked_by/locked_until) and retry state. */
export interface JobsTables {
  jobs: {
    id: Generated<number>;
    kind: string;
    payload: string;
    dedupe_key: string | null;
    run_at: number;
    status: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    locked_by: string | null;
    locked_until: number | null;
    created_at: number;
    updated_at: number;
  };
}

declare module "../db/schema.ts" {
  interface Database extends JobsTables {}
}
