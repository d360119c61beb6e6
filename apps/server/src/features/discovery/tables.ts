/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface DiscoveryTables {
  discovery_entries: {
    /** One entry per server; also the entry's id on the wire. */
    server_id: string;
    /** The normalised full invite URL, https://discord.gg/<code>. */
    invite: string;
    description: string;
    /** JSON array of tags. */
    tags: string;
    /** 1 public (listed), 0 private. */
    is_public: number;
    /** 1 when staff pinned the server; no API sets it. */
    advertised: number;
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends DiscoveryTables {}
}
