import { rulesExtended, SimpleMarkdown } from "discord-markdown-parser";
import type { ParserRule, SingleASTNode } from "discord-markdown-parser/dist/simple-markdown";
import { Fragment, type ReactNode, useState } from "react";
import { colorOf, useDiscordLookups } from "./lookups";
import { formatTimestamp } from "./timestamp";

// Discord's markdown, parsed by discord-markdown-parser (Discord's own rules, on simple-markdown)
// into a tree that is rendered here with React: no HTML strings, so no message can inject markup.
// The library has no rule for lists (`- item`, `1. item`), which Discord renders; one is added.

type Node = SingleASTNode;

const listLine = /^ *(?:[*-]|\d+\.) +/;
const listRule: ParserRule = {
  order: SimpleMarkdown.defaultRules.heading.order,
  match: (source, state, previous) => {
    if (state.inList || !/^$|\n *$/.test(previous)) return null;
    // One kind per list: bullets, or numbers.
    return (
      /^ *[*-] +[^\n]+(?:\n *[*-] +[^\n]+)*(?:\n|$)/.exec(source) ??
      /^ *\d+\. +[^\n]+(?:\n *\d+\. +[^\n]+)*(?:\n|$)/.exec(source)
    );
  },
  parse: (capture, parse, state) => {
    const lines = (capture[0] ?? "").replace(/\n$/, "").split("\n");
    const first = lines[0] ?? "";
    const ordered = /^ *\d+\./.test(first);
    return {
      ordered,
      start: ordered ? Number.parseInt(first.trim(), 10) : 1,
      items: lines.map((line: string) => parse(line.replace(listLine, ""), { ...state, inList: true })),
    };
  },
};

const parser = SimpleMarkdown.parserFor({ ...rulesExtended, list: listRule });

/** The rules that draw mentions (and command or navigation links) as pills. */
const mentionRules = new Set([
  "user",
  "role",
  "channel",
  "everyone",
  "here",
  "slashCommand",
  "guildNavigation",
]);
/** Where Discord shows mentions as written (an embed's title, a field's name): everything else still applies. */
const plainMentionParser = SimpleMarkdown.parserFor({
  ...Object.fromEntries(Object.entries(rulesExtended).filter(([name]) => !mentionRules.has(name))),
  list: listRule,
});

/** Discord markdown as a tree of nodes (exported for tests); `mentions: false` keeps `<@id>` as text. */
export function parseDiscordMarkdown(text: string, mentions = true): Node[] {
  return (mentions ? parser : plainMentionParser)(text, { inline: true });
}

function Spoiler({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a spoiler sits inside running text, where a <button> can't hold block content.
    <span
      role="button"
      tabIndex={shown ? -1 : 0}
      aria-label={shown ? undefined : "Spoiler, press to reveal"}
      aria-expanded={shown}
      onClick={() => setShown(true)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          setShown(true);
        }
      }}
      className={
        shown
          ? "rounded bg-white/10 px-0.5"
          : "cursor-pointer rounded bg-[#1e1f22] px-0.5 text-transparent select-none [&_*]:invisible"
      }
    >
      {children}
    </span>
  );
}

/** The WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * A role's colour, lightened toward white until its text reads on the message's dark grey (4.5:1,
 * WCAG AA: a role coloured slate or navy would otherwise be hard to read, in a preview that must
 * pass an accessibility scan). Bright colours are kept as they are.
 */
export function readableRoleColor(hex: string): string {
  let [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [
    number,
    number,
    number,
  ];
  const toHex = () => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
  // Luminance 0.45 keeps 4.5:1 over Discord's greys (#313338, #2b2d31) with the mention's tint.
  for (let step = 0; step < 10 && luminance(toHex()) < 0.45; step += 1) {
    [r, g, b] = [r, g, b].map((c) => c + (255 - c) * 0.2) as [number, number, number];
  }
  return toHex();
}

function Mention({ children, color }: { children: ReactNode; color?: string }) {
  const text = color ? readableRoleColor(color) : undefined;
  return (
    <span
      className="rounded px-0.5 font-medium"
      style={
        color && text
          ? { color: text, backgroundColor: `${color}26` }
          : { color: "#c9cdfb", backgroundColor: "rgb(88 101 242 / 0.3)" }
      }
    >
      {children}
    </span>
  );
}

function Timestamp({ node }: { node: Node }) {
  const { now } = useDiscordLookups();
  const seconds = Number(node.timestamp);
  const format = typeof node.format === "string" ? node.format : undefined;
  if (!Number.isFinite(seconds)) return <>{String(node.timestamp)}</>;
  return (
    <time
      dateTime={new Date(seconds * 1000).toISOString()}
      title={formatTimestamp(seconds, "F", now)}
      className="rounded bg-white/10 px-0.5"
    >
      {/* Before the clock has ticked (prerender, first paint) a relative time shows the date instead. */}
      {formatTimestamp(seconds, format === "R" && now === 0 ? "f" : format, now)}
    </time>
  );
}

function NodeView({ node }: { node: Node }): ReactNode {
  const lookups = useDiscordLookups();
  const children = (content: unknown) =>
    Array.isArray(content) ? <Nodes nodes={content as Node[]} /> : String(content ?? "");
  switch (node.type) {
    case "text":
    case "emoticon":
      return String(node.content);
    case "br":
    case "newline":
      return <br />;
    case "strong":
      return <strong className="font-bold">{children(node.content)}</strong>;
    case "em":
      return <em>{children(node.content)}</em>;
    case "underline":
      return <u>{children(node.content)}</u>;
    case "strikethrough":
      return <s>{children(node.content)}</s>;
    case "inlineCode":
      return (
        <code className="rounded bg-[#2b2d31] px-1 py-0.5 font-mono text-[0.85em]">
          {String(node.content)}
        </code>
      );
    case "codeBlock":
      return (
        <pre className="my-1 overflow-x-auto rounded border border-[#1e1f22] bg-[#2b2d31] p-2 font-mono text-[0.85em] whitespace-pre-wrap">
          <code>{String(node.content)}</code>
        </pre>
      );
    case "blockQuote":
      return (
        <blockquote className="my-0.5 border-l-4 border-[#4e5058] pl-3">{children(node.content)}</blockquote>
      );
    case "spoiler":
      return <Spoiler>{children(node.content)}</Spoiler>;
    case "heading": {
      const size = node.level === 1 ? "text-2xl" : node.level === 2 ? "text-xl" : "text-base";
      return <span className={`my-1 block font-bold text-white ${size}`}>{children(node.content)}</span>;
    }
    case "subtext":
      return <span className="block text-xs text-[#949ba4]">{children(node.content)}</span>;
    case "list": {
      const items = (node.items as Node[][]).map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their place.
        <li key={index}>
          <Nodes nodes={item} />
        </li>
      ));
      return node.ordered ? (
        <ol start={Number(node.start) || 1} className="my-1 list-decimal pl-6">
          {items}
        </ol>
      ) : (
        <ul className="my-1 list-disc pl-6">{items}</ul>
      );
    }
    case "url":
    case "autolink":
    case "link":
      return (
        <a
          href={String(node.target)}
          target="_blank"
          rel="noreferrer noopener"
          className="text-[#00a8fc] hover:underline"
        >
          {children(node.content)}
        </a>
      );
    case "user": {
      const user = lookups.user(String(node.id));
      return <Mention>@{user?.name ?? "unknown-user"}</Mention>;
    }
    case "role": {
      const role = lookups.role(String(node.id));
      return <Mention color={colorOf(role?.color)}>@{role?.name ?? "deleted-role"}</Mention>;
    }
    case "channel": {
      const channel = lookups.channel(String(node.id));
      return <Mention>#{channel?.name ?? "unknown"}</Mention>;
    }
    case "everyone":
      return <Mention>@everyone</Mention>;
    case "here":
      return <Mention>@here</Mention>;
    case "slashCommand":
      return <Mention>/{String(node.fullName)}</Mention>;
    case "guildNavigation":
      return <Mention>#{String(node.target ?? "channels")}</Mention>;
    case "twemoji":
      return (
        <span role="img" aria-label={String(node.name)}>
          {String(node.name)}
        </span>
      );
    case "emoji":
      // The sandbox's custom emojis have no image on Discord's CDN: shown by name, as a chip.
      return (
        <span
          role="img"
          aria-label={`:${String(node.name)}:`}
          title={`:${String(node.name)}:`}
          className="mx-px inline-block rounded bg-ember-500/20 px-1 align-baseline text-[0.8em] text-ember-200"
        >
          :{String(node.name)}:
        </span>
      );
    case "timestamp":
      return <Timestamp node={node} />;
    default:
      return "content" in node ? children(node.content) : null;
  }
}

function Nodes({ nodes }: { nodes: Node[] }) {
  return (
    <>
      {nodes.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parsed nodes of an immutable text.
        <Fragment key={index}>
          <NodeView node={node} />
        </Fragment>
      ))}
    </>
  );
}

/** Discord-flavoured markdown as Discord's client renders it. */
export function DiscordMarkdown({ text, mentions = true }: { text: string; mentions?: boolean }) {
  return <Nodes nodes={parseDiscordMarkdown(text, mentions)} />;
}
