import { giveawayTotalsHeaders, pagingHeaders } from "@hearth/core";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifySchema {
    /** A public read whose answers carry an ETag and answer 304 to a matching If-None-Match (http/public-list.ts). */
    etag?: boolean;
    /**
     * A list paged by cursor that doesn't count its matches (the member search: counting every member
     * a common part matches would read the whole server): only `X-Next-Cursor` is documented.
     */
    uncounted?: boolean;
  }
}

/** The headers every page of a list carries (`@hearth/core`'s api/paging.ts), for the OpenAPI document. */
const pageHeaders = {
  [pagingHeaders.total]: {
    type: "integer",
    minimum: 0,
    description: "How many items match the query across every page.",
  },
  [pagingHeaders.next]: {
    type: "string",
    description: "The `cursor` of the next page; absent on the last page.",
  },
  link: {
    type: "string",
    description: 'The next page as a URL (`<…?cursor=…>; rel="next"`); absent on the last page.',
  },
};

/** The giveaway lists also carry the site's tiles (over every listed giveaway, filters aside). */
const giveawayTileHeaders = {
  [giveawayTotalsHeaders.total]: {
    type: "integer",
    minimum: 0,
    description: "How many giveaways are listed.",
  },
  [giveawayTotalsHeaders.running]: {
    type: "integer",
    minimum: 0,
    description: "How many of them are running.",
  },
  [giveawayTotalsHeaders.entries]: { type: "integer", minimum: 0, description: "Their entries in all." },
};

/** Public lists are also revalidated by ETag (http/public-list.ts). */
const etagHeader = {
  etag: {
    type: "string",
    description:
      "A weak validator of the body: send it back as `If-None-Match`; an unchanged list answers 304.",
  },
};

/**
 * The zod → JSON Schema transform of the OpenAPI document, plus what the schemas can't say: a list
 * route (its query takes a `cursor`) answers its page's headers (the giveaway lists their tiles' too), and a public one (no token) its
 * ETag and a 304 to a matching `If-None-Match`. Only the document changes; the routes' own
 * validation and serialisation don't see this.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as {
    querystring?: { properties?: Record<string, unknown> };
    response?: Record<string, Record<string, unknown>>;
    security?: unknown;
    tags?: string[];
    etag?: boolean;
    uncounted?: boolean;
  };
  const ok = schema.response?.["200"];
  const paged = schema.querystring?.properties?.cursor !== undefined;
  const isPublic = schema.security === undefined;
  // Public lists, and public reads that say so (`schema.etag`: /api/stats), are revalidated by ETag.
  const revalidated = isPublic && (paged || schema.etag === true);
  if (!ok || (!paged && !revalidated)) return transformed;
  const response: Record<string, Record<string, unknown>> = {
    ...schema.response,
    200: {
      ...ok,
      headers: {
        ...(paged
          ? schema.uncounted === true
            ? { [pagingHeaders.next]: pageHeaders[pagingHeaders.next] }
            : pageHeaders
          : {}),
        ...(paged && schema.tags?.includes("giveaways") ? giveawayTileHeaders : {}),
        ...(revalidated ? etagHeader : {}),
      },
    },
  };
  if (revalidated) {
    response["304"] = {
      description: "Not modified: `If-None-Match` named the list's current ETag (no body).",
      type: "null",
    };
  }
  return { ...transformed, schema: { ...transformed.schema, response } };
};
