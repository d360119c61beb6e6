import { createHash } from "node:crypto";
import { type Page, pagingHeaders } from "@hearth/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { registerCache } from "../lib/cache-registry.ts";

/**
 * Public list answers (giveaways, discovery), serialised once and kept for a moment, each with an
 * ETag. Every visitor of the site's list pages asks for the same first page, and a page refreshed
 * by the browser or the site's own timer answers 304 with no body when nothing changed.
 */

/** An answer ready to send: its JSON, its paging headers and its ETag. */
export interface PreparedList {
  body: string;
  /** The body's UTF-8 bytes, encoded once (a big page isn't re-encoded on every send). */
  bytes: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/** A weak validator of the body's bytes (weak: the same JSON, whatever the encoding on the wire). */
export function etagOf(body: string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Prepares a page: the JSON of its items (already checked against the route's schema by `serialise`),
 * `X-Total-Count`, `X-Next-Cursor` and a `Link` to the next page built on the request's own path
 * and query.
 */
export function preparePage<T>(page: Page<T>, url: string, serialise: (items: T[]) => string): PreparedList {
  const body = serialise(page.items);
  const headers: Record<string, string> = { [pagingHeaders.total]: String(page.total) };
  if (page.next !== null) {
    headers[pagingHeaders.next] = page.next;
    const [path, search = ""] = url.split("?", 2) as [string, string | undefined];
    const params = new URLSearchParams(search);
    params.set("cursor", page.next);
    headers.link = `<${path}?${params}>; rel="next"`;
  }
  return { body, bytes: Buffer.from(body), etag: etagOf(body), headers };
}

/** A public answer that isn't a page (the landing page's figures), with its ETag. */
export function prepareJson(body: string): PreparedList {
  return { body, bytes: Buffer.from(body), etag: etagOf(body), headers: {} };
}

/** Whether an `If-None-Match` header names this ETag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes don't matter.
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/**
 * Sends a prepared list: 304 without a body when the client's `If-None-Match` names its ETag, else
 * the JSON. Public lists may be stored by the browser but are revalidated on every use
 * (`Cache-Control: no-cache`), so nobody sees a list older than this process's.
 */
export function sendList(request: FastifyRequest, reply: FastifyReply, list: PreparedList) {
  reply.header("etag", list.etag).header("cache-control", "no-cache").headers(list.headers);
  if (matchesEtag(request.headers["if-none-match"], list.etag)) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(list.bytes);
}

/** A number per database (tests open many in one process), so their lists never mix. */
const ownerIds = new WeakMap<object, number>();
let lastOwnerId = 0;
function ownerId(owner: object): number {
  let id = ownerIds.get(owner);
  if (id === undefined) {
    lastOwnerId += 1;
    id = lastOwnerId;
    ownerIds.set(owner, id);
  }
  return id;
}

/**
 * A short-lived cache of prepared lists per database and key, with in-flight sharing (a burst of
 * identical requests reads the database once). `changed()` drops everything at once: writes in
 * this process are seen by the next read; another process's within `ttlMs`.
 */
export function listCache(name: string, options: { ttlMs: number; capacity: number }) {
  let generation = 0;
  const entries = new Map<string, { generation: number; expiresAt: number; list: PreparedList }>();
  const inflight = new Map<string, Promise<PreparedList>>();
  registerCache(name, { size: () => entries.size, clear: () => entries.clear() });
  return {
    options,
    changed(): void {
      generation += 1;
      entries.clear();
    },
    async get(owner: object, query: string, build: () => Promise<PreparedList>): Promise<PreparedList> {
      const key = `${ownerId(owner)}\u0000${query}`;
      const cached = entries.get(key);
      if (cached && cached.generation === generation && cached.expiresAt > Date.now()) return cached.list;
      const flightKey = `${generation}\u0000${key}`;
      const running = inflight.get(flightKey);
      if (running) return running;
      const started = generation;
      const building = build().finally(() => inflight.delete(flightKey));
      inflight.set(flightKey, building);
      const list = await building;
      if (options.ttlMs > 0 && generation === started) {
        entries.delete(key);
        entries.set(key, { generation, expiresAt: Date.now() + options.ttlMs, list });
        if (entries.size > options.capacity) entries.delete(entries.keys().next().value as string);
      }
      return list;
    },
  };
}
