import type { APIEmbed } from "discord.js";
import type { Embed } from "../port/port.ts";

// Embeds, read from a message and written to one.

export interface ApiEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  footer?: { text: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  author?: { name: string; icon_url?: string; url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

/** Drops the keys whose value is undefined, so a mapped object compares equal to a hand-written one. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export const embedFromApi = (embed: ApiEmbed): Embed =>
  defined({
    title: embed.title,
    description: embed.description,
    url: embed.url,
    color: embed.color,
    timestamp: embed.timestamp,
    footer: embed.footer && defined({ text: embed.footer.text, iconUrl: embed.footer.icon_url }),
    thumbnail: embed.thumbnail && { url: embed.thumbnail.url },
    image: embed.image && { url: embed.image.url },
    author:
      embed.author &&
      defined({ name: embed.author.name, iconUrl: embed.author.icon_url, url: embed.author.url }),
    fields: embed.fields?.map((field) =>
      defined({ name: field.name, value: field.value, inline: field.inline }),
    ),
  });

export function embedBody(embed: Embed): APIEmbed {
  return {
    title: embed.title,
    description: embed.description,
    url: embed.url,
    color: embed.color,
    timestamp: embed.timestamp,
    footer: embed.footer && { text: embed.footer.text, icon_url: embed.footer.iconUrl },
    thumbnail: embed.thumbnail,
    image: embed.image,
    author: embed.author && {
      name: embed.author.name,
      icon_url: embed.author.iconUrl,
      url: embed.author.url,
    },
    fields: embed.fields,
  };
}
