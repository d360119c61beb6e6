import {
  marketExport,
  marketImportBody,
  marketImportPlan,
  marketItemBody,
  marketItemList,
  marketItemParams,
  marketItemSaved,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { notFound } from "../../lib/errors.ts";
import { applyImport, exportPrices, previewImport } from "./import-export.ts";
import { listMarket, marketItemLimit, removeItem, setItemPrice } from "./service.ts";
import type { MarketItem } from "./store.ts";

const security = [{ dashboardToken: [] }];
const tags = ["market"];

const view = (item: MarketItem) => ({ ...item, price: item.price.toString() });

/** The price list on the dashboard, through the service `/market set|remove|import|export` use. */
export const marketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/market/:serverId/items",
    {
      schema: {
        tags,
        summary: "The server's price list, by name, with its cap",
        security,
        params: serverIdParams,
        response: { 200: marketItemList },
      },
    },
    async (request) => ({
      items: (await listMarket(ctx, request.params.serverId)).map(view),
      cap: marketItemLimit,
    }),
  );

  app.put(
    "/api/market/:serverId/items",
    {
      schema: {
        errors: { 409: "The list has as many items as the server may (`serverCaps.marketItems`)" },
        tags,
        summary: "Add an item or change its price (as /market set); the price as typed in Discord (1.5m)",
        security,
        params: serverIdParams,
        body: marketItemBody,
        response: { 200: marketItemSaved },
      },
    },
    async (request) => {
      const saved = await setItemPrice(ctx, request.params.serverId, request.body, actorOf(request));
      return { item: view(saved.item), previous: saved.previous?.toString() ?? null };
    },
  );

  app.delete(
    "/api/market/:serverId/items/:key",
    {
      schema: {
        tags,
        summary: "Remove an item from the price list (as /market remove)",
        security,
        params: marketItemParams,
        response: { 200: marketItemSaved },
      },
    },
    async (request) => {
      const { serverId, key } = request.params;
      // By the item's exact key: the near-miss suggestions of /market remove are for typed names.
      const item = (await listMarket(ctx, serverId)).find((entry) => entry.key === key);
      if (!item) throw notFound("That item isn't on the price list (it may have been removed already).");
      const removed = await removeItem(ctx, serverId, item.name, actorOf(request));
      return { item: view(removed), previous: null };
    },
  );

  app.post(
    "/api/market/:serverId/import/preview",
    {
      schema: {
        tags,
        summary: "Dry run of a CSV import: the items it adds, changes and removes, and its invalid lines",
        security,
        params: serverIdParams,
        body: marketImportBody,
        response: { 200: marketImportPlan },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) =>
      previewImport(ctx, request.params.serverId, request.body.csv, { replace: request.body.replace }),
  );

  app.post(
    "/api/market/:serverId/import",
    {
      schema: {
        errors: { 409: "The import would put the list over the server's cap (`serverCaps.marketItems`)" },
        tags,
        summary: "Import a CSV of item,price lines in one go (any invalid line refuses the whole file)",
        security,
        params: serverIdParams,
        body: marketImportBody,
        response: { 200: marketImportPlan },
      },
    },
    async (request) =>
      applyImport(
        ctx,
        request.params.serverId,
        request.body.csv,
        { replace: request.body.replace },
        actorOf(request),
      ),
  );

  app.get(
    "/api/market/:serverId/export",
    {
      schema: {
        tags,
        summary: "The price list as CSV (item,price), as /market export sends it",
        security,
        params: serverIdParams,
        response: { 200: marketExport },
      },
    },
    async (request) => exportPrices(ctx, request.params.serverId),
  );
};
