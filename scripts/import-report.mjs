#!/usr/bin/env node
// Prints the server's import-graph figures that ARCHITECTURE.md's rules are about: imports that
// point from a lower layer up to a higher one, cross-feature store/table imports, imports of another
// feature's internal files (anything but its public service.ts and index.ts), SQL naming a table
// another feature (or the runtime) owns, import cycles, files per folder of discord/, lines of the
// docs' JSX and source files over 300 lines. `node scripts/import-report.mjs [--list] [--check]`:
// with --check it exits 1 when a feature imports another's internals or names a stranger's table.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "apps/server/src");
const list = process.argv.includes("--list");
const check = process.argv.includes("--check");

/** Lower numbers are lower layers; an import may only point to the same or a lower layer. */
function layerOf(file) {
  const rel = path.relative(src, file).split(path.sep);
  const top = rel.length === 1 ? rel[0].replace(/\.ts$/, "") : rel[0];
  const layers = {
    lib: 0,
    config: 0,
    "config-values": 0,
    metrics: 0.5,
    db: 1,
    discord: 2,
    jobs: 2,
    context: 3,
    bot: 4,
    http: 4,
    features: 5,
  };
  return layers[top] ?? 6;
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const files = walk(src);
const isTest = (f) => /\.test\.tsx?$/.test(f) || f.includes(`${path.sep}test${path.sep}`);
const importRe = /^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms;
const edges = [];
for (const file of files) {
  if (isTest(file)) continue;
  const text = fs.readFileSync(file, "utf8");
  for (const match of text.matchAll(importRe)) {
    const spec = match[2];
    if (!spec.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(src)) continue;
    edges.push({ from: file, to: target, typeOnly: Boolean(match[1]) });
  }
}

const rel = (f) => path.relative(src, f);
const featureOf = (f) => {
  const parts = rel(f).split("/");
  return parts[0] === "features" && parts.length > 2 ? parts[1] : null;
};
const upward = edges.filter((e) => layerOf(e.to) > layerOf(e.from));
const crossStore = edges.filter((e) => {
  const a = featureOf(e.from);
  const b = featureOf(e.to);
  return a && b && a !== b && /(^|[-/])(store|tables)[^/]*\.ts$|-store\.ts$/.test(rel(e.to));
});

// A feature is used by others through its public service.ts and its defineFeature object only.
const isPublic = (f) => /^features\/[^/]+\/(service|index)\.ts$/.test(rel(f));
const crossInternal = edges.filter((e) => {
  const a = featureOf(e.from);
  const b = featureOf(e.to);
  return a && b && a !== b && !isPublic(e.to);
});

// Tables: each feature's declared tables (its index.ts `tables: [...]`); SQL in a feature's
// non-test files may name only those. Kysely's builders and raw sql`` text are both read.
const featuresDir = path.join(src, "features");
const owned = new Map();
for (const entry of fs.readdirSync(featuresDir, { withFileTypes: true })) {
  const index = path.join(featuresDir, entry.name, "index.ts");
  if (!entry.isDirectory() || !fs.existsSync(index)) continue;
  const declared = fs.readFileSync(index, "utf8").match(/tables:\s*\[([^\]]*)\]/);
  owned.set(entry.name, new Set([...(declared?.[1] ?? "").matchAll(/"([a-z_]+)"/g)].map((m) => m[1])));
}
const allTables = new Set([...owned.values()].flatMap((set) => [...set]));
const builderRe =
  /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*\[?\s*"([a-z_]+)/g;
const rawRe = /\bsql(?:<[^>]*>)?`([^`]*)`/g;
const rawTableRe = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;
const foreignSql = [];
for (const file of files) {
  const feature = featureOf(file);
  if (!feature || isTest(file) || !owned.has(feature)) continue;
  const text = fs.readFileSync(file, "utf8");
  const lineOf = (index) => text.slice(0, index).split("\n").length;
  const mine = owned.get(feature);
  const note = (table, index) => {
    const known =
      allTables.has(table) || table === "jobs" || table === "app_meta" || table.startsWith("sandbox_");
    if (known && !mine.has(table)) foreignSql.push({ file, line: lineOf(index), table });
  };
  for (const m of text.matchAll(builderRe)) note(m[1], m.index);
  for (const m of text.matchAll(rawRe)) for (const t of m[1].matchAll(rawTableRe)) note(t[1], m.index);
}

// Cycles: strongly connected components of more than one file (Tarjan).
function cycles(graphEdges) {
  const adjacency = new Map();
  for (const e of graphEdges) {
    if (!adjacency.has(e.from)) adjacency.set(e.from, []);
    adjacency.get(e.from).push(e.to);
  }
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of adjacency.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const v of adjacency.keys()) if (!indices.has(v)) visit(v);
  return components;
}
const allCycles = cycles(edges);
const valueCycles = cycles(edges.filter((e) => !e.typeOnly));

const sourceRoots = ["apps/server/src", "apps/server/test", "apps/web/src", "packages/core/src"];
const long = sourceRoots
  .flatMap((r) => (fs.existsSync(path.join(root, r)) ? walk(path.join(root, r)) : []))
  .filter((f) => !/\.test\.tsx?$/.test(f))
  .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, "utf8").split("\n").length - 1 }))
  .filter((f) => f.lines > 300);

const discordDir = path.join(src, "discord");
const discordFolders = walk(discordDir).reduce((counts, f) => {
  const folder = path.relative(src, path.dirname(f));
  counts.set(folder, (counts.get(folder) ?? 0) + 1);
  return counts;
}, new Map());
const docsDir = path.join(root, "apps/web/src/pages/docs");
const lineCount = (files) =>
  files.reduce((sum, f) => sum + fs.readFileSync(f, "utf8").split("\n").length - 1, 0);
// Prose still typed into JSX (legacy guides, their sections, the blocks), and the guides as content.
const docsJsx = fs.existsSync(docsDir)
  ? lineCount(walk(docsDir).filter((f) => f.endsWith(".tsx") && !/\.test\.tsx$/.test(f)))
  : 0;
const contentDir = path.join(root, "apps/web/src/content/docs");
const docsMdx = fs.existsSync(contentDir)
  ? lineCount(
      fs
        .readdirSync(contentDir)
        .filter((f) => f.endsWith(".mdx"))
        .map((f) => path.join(contentDir, f)),
    )
  : 0;

console.log(`imports (server src, non-test): ${edges.length}`);
console.log(`imports pointing up a layer:    ${upward.length}`);
console.log(`cross-feature store/tables:     ${crossStore.length}`);
console.log(`cross-feature internal imports: ${crossInternal.length}`);
console.log(`SQL naming a foreign table:     ${foreignSql.length}`);
console.log(
  `files per folder in discord/:   ${[...discordFolders].map(([folder, n]) => `${folder.replace(/^discord\/?/, "") || "."} ${n}`).join(", ")}`,
);
console.log(`lines of docs JSX (pages/docs): ${docsJsx}; lines of docs MDX (content/docs): ${docsMdx}`);
console.log(`import cycles (all / value):    ${allCycles.length} / ${valueCycles.length}`);
console.log(`source files over 300 lines:    ${long.length}`);
if (list) {
  for (const e of upward) console.log(`  up: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const e of crossStore) console.log(`  store: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const e of crossInternal) console.log(`  internal: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const q of foreignSql) console.log(`  table: ${rel(q.file)}:${q.line} names ${q.table}`);
  for (const c of allCycles) console.log(`  cycle: ${c.map(rel).join(" , ")}`);
  for (const f of long) console.log(`  long: ${f.file} (${f.lines})`);
}
if (check && (crossInternal.length > 0 || foreignSql.length > 0)) {
  for (const e of crossInternal) console.error(`  internal: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const q of foreignSql) console.error(`  table: ${rel(q.file)}:${q.line} names ${q.table}`);
  console.error(
    "A feature uses another only through its service.ts (and index.ts), and its SQL names only its own tables (see ARCHITECTURE.md).",
  );
  process.exit(1);
}
