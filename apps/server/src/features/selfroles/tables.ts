import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface SelfRolesTables {
  /** Roles an admin allowed on panels (`whitelisted`), or that Hearth took off them (`blacklisted`). */
  selfrole_roles: {
    server_id: string;
    role_id: string;
    status: "whitelisted" | "blacklisted";
    /** Why a role is blacklisted ("gained Administrator"); null while whitelisted. */
    reason: string | null;
    /** JSON list of the panel ids a blacklisted role was taken off, so a restore puts it back. */
    removed_from: string;
    added_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** A self-role panel: what it shows and how members pick. */
  selfrole_panels: {
    id: Generated<number>;
    server_id: string;
    name: string;
    /** The name lower-cased: names are unique per server whatever their case. */
    name_key: string;
    title: string;
    description: string | null;
    display: "buttons" | "dropdown";
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** The roles of a panel, in display order, with an optional emoji (emoji markup). */
  selfrole_panel_roles: {
    panel_id: number;
    server_id: string;
    role_id: string;
    emoji: string | null;
    position: number;
  };
  /** Messages carrying a panel's components: ones Hearth posted, or its own messages bound to it. */
  selfrole_messages: {
    message_id: string;
    panel_id: number;
    server_id: string;
    channel_id: string;
    kind: "posted" | "bound";
    created_at: number;
  };
  /** A panel being built with `/selfroles create`, between the steps of the conversation. */
  selfrole_drafts: {
    id: string;
    server_id: string;
    user_id: string;
    channel_id: string;
    name: string;
    title: string;
    description: string | null;
    /** JSON list of the chosen role ids, in the order chosen. */
    role_ids: string;
    display: "buttons" | "dropdown";
    /** The page of the whitelist the role menu shows (25 roles a page). */
    page: number;
    expires_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends SelfRolesTables {}
}
