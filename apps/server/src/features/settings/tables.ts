/** The server's feature switches (Settings tab and `/settings`). Booleans are 0/1. */
export interface SettingsTables {
  server_settings: {
    server_id: string;
    events_cheat_enabled: number;
    calculator_enabled: number;
    bank_calculator_enabled: number;
    tips_enabled: number;
    /** Tips: at most one command reply in this many carries a tip. */
    tips_every: number;
    market_checker_enabled: number;
    heist_image: number;
    /** The heist image's link (null: none). */
    heist_image_url: string | null;
    rumble_tracker_enabled: number;
    anti_pool_enabled: number;
    pool_manager_id: string | null;
    /** Anti-pool's window: one event win per member per this many hours. */
    anti_pool_window_hours: number;
    /** The Event helper's game bots, a JSON array of ids. */
    game_bot_ids: string;
    member_trigger_limit: number;
    pro_status: number;
    pro_activated_by: string | null;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends SettingsTables {}
}
