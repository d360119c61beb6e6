/**
 * The docs' sections in sidebar order: the spec's documentation layout (site-and-docs §2). A guide
 * names its section in its frontmatter (`section:`); the build refuses a section not listed here.
 * A guide in `docsHelpSection` is routed but not in the sidebar (its "Need help?" box links to it).
 */
export const docsSectionTitles = ["Getting Started", "Core Features", "Server Management"] as const;

export const docsHelpSection = "Help";

export type DocsSectionTitle = (typeof docsSectionTitles)[number] | typeof docsHelpSection;
