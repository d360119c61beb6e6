import { type EmbedDraft, embedLimits, parseEmbedJson } from "@hearth/core";
import type { Attachment } from "../../discord/port/port.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { embedBuilderLimits, problemsError } from "./service.ts";

/** Embeds in and out of the builder as JSON: pasted or uploaded files, and exports in messages. */

/** An embed from pasted or uploaded JSON, or a clear error naming what is wrong. */
export function importJson(text: string): { draft: EmbedDraft; name: string | null; notes: string[] } {
  const result = parseEmbedJson(text);
  if (!result.ok) throw problemsError(result.problems, "That JSON can't be imported:");
  return { draft: result.draft, name: result.name, notes: result.notes };
}

const discordCdnHosts = new Set(["cdn.discordapp.com", "media.discordapp.net"]);

/**
 * Downloads an uploaded file's text, refusing more than 1 MB: by its declared size first, then by
 * the bytes actually read (a missing or wrong Content-Length can't get past). On Discord only
 * Discord's own CDN is fetched.
 */
export async function downloadAttachment(
  attachment: Attachment,
  options: { fetch?: typeof fetch; onlyDiscordCdn?: boolean; timeoutMs?: number } = {},
): Promise<string> {
  const limit = embedLimits.importBytes;
  const tooBig = (bytes: number) =>
    badRequest(
      `${attachment.filename} is ${(bytes / 1024 / 1024).toFixed(1)} MB; the import limit is 1 MB (${limit.toLocaleString("en-US")} bytes).`,
      "file",
    );
  let url: URL;
  try {
    url = new URL(attachment.url);
  } catch {
    throw badRequest("That file has no address I can read.", "file");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw badRequest("That file has no address I can read.", "file");
  }
  if (options.onlyDiscordCdn && !discordCdnHosts.has(url.hostname)) {
    throw badRequest("Upload the JSON file to Discord with the command's **file** option.", "file");
  }
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? embedBuilderLimits.importTimeoutMs),
    });
  } catch {
    throw new AppError(503, "I couldn't download that file from Discord. Please try again in a moment.");
  }
  if (!response.ok) {
    throw new AppError(
      503,
      `Discord answered ${response.status} when I downloaded that file. Upload it again.`,
    );
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig(declared);
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooBig(read);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

/** Cuts text into pieces of at most `size` characters, never inside a character. */
function pieces(text: string, size: number): string[] {
  const characters = Array.from(text);
  const parts: string[] = [];
  for (let at = 0; at < characters.length; at += size) parts.push(characters.slice(at, at + size).join(""));
  return parts;
}

const exportHow =
  "Import it with **Import JSON** in the builder, or save it as a `.json` file and use `/embed create file:`.";
const codeBlock = (part: string) => `\`\`\`json\n${part}\n\`\`\``;
const single = (part: string) => `📤 The embed as JSON. ${exportHow}\n${codeBlock(part)}`;
const first = (count: number, part: string) =>
  `📤 The embed as JSON, in ${count} parts: copy them one after the other into one file, with nothing between them. ${exportHow}\nPart 1 of ${count}:\n${codeBlock(part)}`;
const later = (index: number, count: number, part: string) =>
  `Part ${index + 1} of ${count}:\n${codeBlock(part)}`;

/**
 * The draft as Hearth's JSON file in messages of at most 2,000 characters (Discord's limit),
 * explanation included: pretty-printed in one message when that fits, else the compact JSON cut
 * into parts, each in its own code block. Null when it takes more than `exportParts` messages.
 */
export function exportMessages(json: { pretty: string; compact: string }): string[] | null {
  const limit = embedBuilderLimits.content;
  if (single(json.pretty).length <= limit) return [single(json.pretty)];
  if (single(json.compact).length <= limit) return [single(json.compact)];
  // Every part gets the room the longest framing (the first message's) leaves; lengths in UTF-16
  // units, which never count fewer than Discord does.
  const room = limit - first(embedBuilderLimits.exportParts, "").length;
  const parts = pieces(json.compact, room);
  if (parts.length > embedBuilderLimits.exportParts) return null;
  return parts.map((part, index) =>
    index === 0 ? first(parts.length, part) : later(index, parts.length, part),
  );
}
