/** Dashboard tokens: only the SHA-256 of a token is stored. */
export interface AuthTables {
  dashboard_tokens: {
    id: string;
    token_hash: string;
    server_id: string;
    user_id: string;
    user_name: string;
    permission: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
    revoked_reason: string | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends AuthTables {}
}
