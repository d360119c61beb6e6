/** Every guide's frontmatter, read from src/content/docs at build time (scripts/docs-content.ts). */
declare module "virtual:hearth-docs-index" {
  export const docsIndex: readonly {
    slug: string;
    path: string;
    title: string;
    label?: string;
    summary: string;
    section: string;
    order: number;
  }[];
}
