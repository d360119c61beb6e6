import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface ComponentsTables {
  /** Buttons, select menus and forms built with `/components create`, with the actions they run. */
  components: {
    id: Generated<number>;
    /** Stable id used in custom ids: `cmp:<component_id>`. */
    component_id: string;
    server_id: string;
    name: string;
    /** The name lower-cased: unique per server. */
    name_key: string;
    type: string;
    /** JSON of `ComponentDefinition` (model.ts). */
    definition: string;
    post_channel_id: string | null;
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** Messages the bot posted carrying a component. */
  component_messages: {
    id: Generated<number>;
    component_id: string;
    server_id: string;
    channel_id: string;
    message_id: string;
    created_at: number;
  };
  /** Per-server settings of the feature. */
  component_settings: {
    server_id: string;
    /** Members with this role may use the `/components` admin commands without Manage Server. */
    manager_role_id: string | null;
    updated_by: string | null;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends ComponentsTables {}
}
