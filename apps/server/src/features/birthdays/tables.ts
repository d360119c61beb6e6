/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface BirthdaysTables {
  /** One saved birthday per member and server. */
  birthdays: {
    server_id: string;
    user_id: string;
    month: number;
    day: number;
    /** Only for the age; never shown unless `show_age` is 1. */
    year: number | null;
    show_age: number;
    /** IANA name, e.g. Europe/Berlin. */
    timezone: string;
    /** When the birthday next starts (local midnight), ms; its announcement job runs then. */
    next_at: number;
    /** The year whose announcement was claimed; a claim happens once per year, whatever runs it. */
    last_announced_year: number | null;
    /** The year whose announcement went out (or was given up); below the claimed year on a retry. */
    delivered_year: number | null;
    created_at: number;
    updated_at: number;
  };
  /** A server's birthday setup: where to announce, what to say and the role for the day. */
  birthday_settings: {
    server_id: string;
    channel_id: string;
    role_id: string | null;
    /** Null: the default message. */
    message: string | null;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends BirthdaysTables {}
}
