// Zod compiles fast object parsers with `new Function` when it can, and probes for that by trying it
// once. The site's content security policy forbids `eval` (no 'unsafe-eval'), so the probe is refused
// and reported as a violation on every load even though Zod catches the error (issue 15, finding 12).
// Jitless parsing never tries: the same results, without the probe. Imported first by main.tsx.
//
// The flag is set in the object zod keeps its configuration in (`globalThis.__zod_globalConfig`, what
// `z.config()` changes), not through zod's own import: that would put zod in the landing page's
// JavaScript (3.7 KB gzip) for one flag, and zod loads later with the pages that parse. Before zod
// loads or after, it reads the same object; zod-csp.test.ts checks that it does.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;

export {};
