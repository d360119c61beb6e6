import type { DocsSectionTitle } from "./docs-sections";

/**
 * Guides not yet moved to src/content/docs/*.mdx, still written in TSX (pages/<slug>.tsx). Each
 * entry says what a guide's frontmatter would, and docs-page-modules.ts's `legacyModules` loads
 * it. When a guide becomes an .mdx file, its entries in both go (a path in both is refused).
 */
export interface LegacyGuide {
  path: string;
  title: string;
  label?: string;
  summary: string;
  section: DocsSectionTitle;
  order: number;
}

export const legacyGuides: readonly LegacyGuide[] = [];
