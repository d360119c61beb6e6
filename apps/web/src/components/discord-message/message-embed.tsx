import type { SandboxEmbed } from "@hearth/core";
import { colorOf } from "./lookups";
import { DiscordMarkdown } from "./markdown";

/** Images the page may show: our own, data: URLs and Discord's CDN (the content security policy's list). */
function safeImage(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("data:image/") || url.startsWith("/")) return url;
  if (/^https:\/\/(cdn\.discordapp\.com|media\.discordapp\.net)\//.test(url)) return url;
  return null;
}

/** Discord's stock avatars (users without one of their own), by index: their background colours. */
const defaultAvatarColors = ["#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245", "#eb459e"];

/**
 * Discord's default avatar (`cdn.discordapp.com/embed/avatars/<n>.png`, what a sandbox member
 * without a picture has) drawn here instead of fetched: it is a stock picture, and the sandbox often
 * runs where Discord's CDN can't be reached.
 */
function DefaultAvatar({ index, className }: { index: number; className: string }) {
  return (
    <svg viewBox="0 0 32 32" role="img" aria-label="Default avatar" className={className}>
      <rect width="32" height="32" rx="16" fill={defaultAvatarColors[index % 6]} />
      <path
        d="M11 12.5a2 2 0 1 1 4 0 2 2 0 0 1-4 0zm6 0a2 2 0 1 1 4 0 2 2 0 0 1-4 0zM9 20c2 3 4.5 4 7 4s5-1 7-4"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function EmbedImage({ url, alt, className }: { url: string | undefined; alt: string; className: string }) {
  const stock = url ? /^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/(\d+)\.png/.exec(url) : null;
  if (stock) return <DefaultAvatar index={Number(stock[1])} className={className} />;
  const src = safeImage(url);
  if (src) return <img src={src} alt={alt} className={className} loading="lazy" />;
  if (!url || alt === "") return null;
  // Anywhere else (a member's image host): named, not fetched, as the page's policy allows no other origin.
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="block text-xs break-all text-[#00a8fc]"
    >
      🖼 {alt}: {url}
    </a>
  );
}

/** One embed with every part Discord shows: colour bar, author, title, fields, thumbnail, image, footer, time. */
export function MessageEmbed({ embed }: { embed: SandboxEmbed }) {
  const fields = embed.fields ?? [];
  const timestamp = embed.timestamp ? Date.parse(embed.timestamp) : Number.NaN;
  return (
    <article
      aria-label={embed.title ? `Embed: ${embed.title}` : "Embed"}
      className="mt-1 grid max-w-[520px] rounded border-l-4 bg-[#2b2d31] py-2 pr-4 pl-3 text-sm"
      style={{ borderLeftColor: colorOf(embed.color) ?? "#1e1f22" }}
    >
      <div className="flex gap-4">
        <div className="min-w-0 flex-1">
          {embed.author && (
            <div className="mt-1 flex items-center gap-2 text-xs font-semibold text-white">
              {embed.author.iconUrl && (
                <EmbedImage url={embed.author.iconUrl} alt="" className="size-6 rounded-full" />
              )}
              {embed.author.url ? (
                <a
                  href={embed.author.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="hover:underline"
                >
                  {embed.author.name}
                </a>
              ) : (
                <span>{embed.author.name}</span>
              )}
            </div>
          )}
          {/* Discord shows a mention in a title or a field's name as written (<@id>), no pill. */}
          {embed.title && (
            <div className="mt-1 font-semibold text-white">
              {embed.url ? (
                <a
                  href={embed.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-[#00a8fc] hover:underline"
                >
                  <DiscordMarkdown text={embed.title} mentions={false} />
                </a>
              ) : (
                <DiscordMarkdown text={embed.title} mentions={false} />
              )}
            </div>
          )}
          {embed.description && (
            <div className="mt-1 break-words whitespace-pre-wrap text-[#dbdee1]">
              <DiscordMarkdown text={embed.description} />
            </div>
          )}
          {fields.length > 0 && (
            <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
              {fields.map((field, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: fields have no identity beyond their place.
                  key={index}
                  className={field.inline ? "min-w-0" : "min-w-0 sm:col-span-3"}
                >
                  <dt className="text-xs font-semibold text-white">
                    <DiscordMarkdown text={field.name} mentions={false} />
                  </dt>
                  <dd className="break-words whitespace-pre-wrap text-[#dbdee1]">
                    <DiscordMarkdown text={field.value} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        {embed.thumbnail && (
          <EmbedImage
            url={embed.thumbnail.url}
            alt="Thumbnail"
            className="mt-1 size-20 shrink-0 rounded object-cover"
          />
        )}
      </div>
      {embed.image && (
        <EmbedImage
          url={embed.image.url}
          alt="Image"
          className="mt-3 max-h-80 max-w-full rounded object-contain"
        />
      )}
      {(embed.footer || Number.isFinite(timestamp)) && (
        <div className="mt-2 flex items-center gap-2 text-xs text-[#b5bac1]">
          {embed.footer?.iconUrl && (
            <EmbedImage url={embed.footer.iconUrl} alt="" className="size-5 rounded-full" />
          )}
          <span>
            {embed.footer?.text}
            {embed.footer && Number.isFinite(timestamp) && " • "}
            {Number.isFinite(timestamp) && (
              <time dateTime={new Date(timestamp).toISOString()}>
                {new Date(timestamp).toLocaleString("en-US", {
                  dateStyle: "short",
                  timeStyle: "short",
                })}
              </time>
            )}
          </span>
        </div>
      )}
    </article>
  );
}
