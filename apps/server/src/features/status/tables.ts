/** Uptime minutes and command counts behind `/api/stats`. */
export interface StatusTables {
  heartbeats: { minute: number };
  command_runs: { server_id: string; command: string; count: number };
}

declare module "../../db/schema.ts" {
  interface Database extends StatusTables {}
}
