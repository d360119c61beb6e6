import type { Database, Db } from "../../db/schema.ts";

export interface MarketItem {
  key: string;
  name: string;
  price: bigint;
  updatedAt: number;
  updatedBy: string | null;
}

type Row = Database["market_items"];
const toItem = (row: Row): MarketItem => ({
  key: row.item_key,
  name: row.name,
  price: BigInt(row.price),
  updatedAt: Number(row.updated_at),
  updatedBy: row.updated_by,
});

/** The server's items, by name. */
export async function listItems(db: Db, serverId: string): Promise<MarketItem[]> {
  const rows = await db.selectFrom("market_items").selectAll().where("server_id", "=", serverId).execute();
  return rows.map(toItem).sort((a, b) => a.key.localeCompare(b.key));
}

export async function countItems(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("market_items")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findItemByKey(db: Db, serverId: string, key: string): Promise<MarketItem | null> {
  const row = await db
    .selectFrom("market_items")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("item_key", "=", key)
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

/** Adds or replaces items by key. */
export async function upsertItems(db: Db, serverId: string, items: readonly MarketItem[]): Promise<void> {
  for (let start = 0; start < items.length; start += 200) {
    const rows = items.slice(start, start + 200).map((item) => ({
      server_id: serverId,
      item_key: item.key,
      name: item.name,
      price: item.price.toString(),
      updated_at: item.updatedAt,
      updated_by: item.updatedBy,
    }));
    await db
      .insertInto("market_items")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["server_id", "item_key"]).doUpdateSet((eb) => ({
          name: eb.ref("excluded.name"),
          price: eb.ref("excluded.price"),
          updated_at: eb.ref("excluded.updated_at"),
          updated_by: eb.ref("excluded.updated_by"),
        })),
      )
      .execute();
  }
}

export async function deleteItem(db: Db, serverId: string, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom("market_items")
    .where("server_id", "=", serverId)
    .where("item_key", "=", key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listChannels(db: Db, serverId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("market_channels")
    .select("channel_id")
    .where("server_id", "=", serverId)
    .orderBy("channel_id")
    .execute();
  return rows.map((row) => row.channel_id);
}

export async function setChannel(
  db: Db,
  serverId: string,
  channelId: string,
  enabled: boolean,
): Promise<boolean> {
  if (enabled) {
    const result = await db
      .insertInto("market_channels")
      .values({ server_id: serverId, channel_id: channelId })
      .onConflict((oc) => oc.columns(["server_id", "channel_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .deleteFrom("market_channels")
    .where("server_id", "=", serverId)
    .where("channel_id", "=", channelId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
