/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface DesignerTables {
  /**
   * A message design waiting in its preview: nothing reaches the feature's config until the member
   * who asked for it presses Save. A draft lives one hour.
   */
  designer_drafts: {
    /** Short random id, part of the preview buttons' custom ids. */
    id: string;
    server_id: string;
    /** The member who asked for the design: only they can save, edit or retry it. */
    user_id: string;
    /** What the design is for: `welcome` or `vote`. */
    purpose: string;
    instructions: string;
    /** JSON: the purpose's design (welcome: embed + button; vote: content + embed). */
    design: string;
    /** Who wrote it: `ai`, `offline` or `edited` (changed by hand in the Edit text form). */
    source: string;
    /** 1 when an AI endpoint is configured but failed, so the offline composer wrote it. */
    fell_back: number;
    /** How many times it was generated (Try again asks for another version). */
    attempt: number;
    /** JSON: what the purpose needs to save it (the welcome channel, the vote setup options). */
    extra: string;
    created_at: number;
    expires_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends DesignerTables {}
}
