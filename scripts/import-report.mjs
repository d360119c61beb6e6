#!/usr/bin/env node
// Prints the server's import-graph figures that ARCHITECTURE.md's rules are about: imports that
// point from a lower layer up to a higher one, cross-feature store/table imports, import cycles,
// and source files over 300 lines. `node scripts/import-report.mjs [--list]`.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "apps/server/src");
const list = process.argv.includes("--list");

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
const featureOf = (f) => (rel(f).startsWith("features/") ? rel(f).split("/")[1] : null);
const upward = edges.filter((e) => layerOf(e.to) > layerOf(e.from));
const crossStore = edges.filter((e) => {
  const a = featureOf(e.from);
  const b = featureOf(e.to);
  return a && b && a !== b && /(^|[-/])(store|tables)[^/]*\.ts$|-store\.ts$/.test(rel(e.to));
});

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

console.log(`imports (server src, non-test): ${edges.length}`);
console.log(`imports pointing up a layer:    ${upward.length}`);
console.log(`cross-feature store/tables:     ${crossStore.length}`);
console.log(`import cycles (all / value):    ${allCycles.length} / ${valueCycles.length}`);
console.log(`source files over 300 lines:    ${long.length}`);
if (list) {
  for (const e of upward) console.log(`  up: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const e of crossStore) console.log(`  store: ${rel(e.from)} -> ${rel(e.to)}`);
  for (const c of allCycles) console.log(`  cycle: ${c.map(rel).join(" , ")}`);
  for (const f of long) console.log(`  long: ${f.file} (${f.lines})`);
}
