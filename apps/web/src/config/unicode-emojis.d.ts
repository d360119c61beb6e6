declare module "virtual:unicode-emojis" {
  /** [emoji, name, shortcodes (space-separated)], in Unicode's order: see apps/web/scripts/unicode-emojis.ts. */
  const rows: [emoji: string, name: string, shortcodes: string][];
  export default rows;
}
