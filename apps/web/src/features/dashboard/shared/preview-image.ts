/** Hosts the site's content security policy lets images load from (besides the site itself). */
const allowedImageHosts = ["cdn.discordapp.com", "media.discordapp.net"];

/**
 * What a dashboard preview can show for an image URL: Discord's default avatars map to the site's own
 * copies; data URLs, the site's own images and Discord's CDN show as they are; anything else (which the
 * site's content security policy would block) is named instead of loaded.
 */
export function previewImage(
  url: string | null | undefined,
  siteOrigin: string = globalThis.location?.origin ?? "",
): { src: string } | { host: string } | null {
  if (!url) return null;
  const avatar = /^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/(\d)\.png$/.exec(url);
  if (avatar?.[1]) return { src: `/avatars/${Number(avatar[1]) % 6}.svg` };
  if (url.startsWith("data:image/")) return { src: url };
  try {
    const parsed = new URL(url);
    if (parsed.origin === siteOrigin || allowedImageHosts.includes(parsed.hostname)) return { src: url };
    return { host: parsed.hostname };
  } catch {
    return null;
  }
}
