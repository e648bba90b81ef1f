// DESIGN §9: the JavaScript the browser loads first (index.html's entry and its static
// imports) stays under 250 KB gzip; every screen comes as its own chunk on demand.
// `node scripts/bundle-budget.mjs` checks it after `npm run build` (a step of `npm test`);
// scripts/bench-web.mjs reports the same figure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KB = 250;
export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

const gzipBytes = (file) => gzipSync(readFileSync(file)).length;

/**
 * The initial JS: the manifest's entry chunk with its static imports, transitively (what Vite
 * turns into modulepreloads), plus every script and modulepreload index.html names (the classic
 * session-boot script), so that neither a preload nor an import escapes the count. Dynamic
 * imports (routes, Sentry) load on demand and are not counted. Also lists every JS chunk.
 */
/**
 * The chunks public/session-boot.js asks for with the entry (ADR 0028), as the build listed them
 * in index.html: the protected frame's, and some screens'. They are route chunks, loaded on
 * demand as before but asked for earlier, so the entry's budget does not count them; the list
 * must still name files the build wrote, and the frame and the catalog grid must be in it.
 */
function readFirstScreen(html, dist) {
  const block = /<script type="application\/json" id="kontor-first-screen">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('index.html lists no first-screen chunks (kontor:first-screen-chunks in vite.config.ts)');
  const list = JSON.parse(block[1]);
  if (!list.frame?.length || !list.screens?.['/catalog/products']?.length) throw new Error('The first-screen list misses the frame or the catalog grid');
  for (const file of [...list.frame, ...Object.values(list.screens).flat()]) {
    if (!existsSync(path.join(dist, file))) throw new Error(`The first-screen list names ${file}, which the build did not write`);
  }
  return list;
}

export function measureBundle(dist = webDist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  if (entries.length === 0) throw new Error('No entry chunk in the Vite manifest');

  const initial = new Set();
  const visit = (chunk) => {
    if (!chunk) throw new Error('The Vite manifest names an import it does not describe');
    if (initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  entries.forEach(visit);

  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)];
  for (const [, src] of tags) {
    if (/^[a-z]+:\/\//i.test(src)) throw new Error(`index.html loads a script from elsewhere (${src}): the budget cannot weigh it`);
    initial.add(src.replace(/^\//, ''));
  }

  const firstScreen = readFirstScreen(html, dist);

  const weigh = (file) => {
    const full = path.join(dist, file);
    return { file, bytes: readFileSync(full).length, gzipBytes: gzipBytes(full) };
  };
  const initialFiles = [...initial].map(weigh).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const chunks = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ ...weigh(`assets/${f}`), initial: initial.has(`assets/${f}`) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  const listed = (files) => {
    const weighed = files.map((file) => weigh(file.replace(/^\//, '')));
    return { count: weighed.length, gzipBytes: sum(weighed, 'gzipBytes') };
  };
  return {
    initial: { files: initialFiles, bytes: sum(initialFiles, 'bytes'), gzipBytes: sum(initialFiles, 'gzipBytes') },
    firstScreen: {
      frame: listed(firstScreen.frame),
      screens: Object.fromEntries(Object.entries(firstScreen.screens).map(([route, files]) => [route, listed(files)])),
    },
    all: { count: chunks.length, bytes: sum(chunks, 'bytes'), gzipBytes: sum(chunks, 'gzipBytes') },
    chunks,
    budgetKb: BUDGET_KB,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { initial, firstScreen } = measureBundle();
  const gzipKb = initial.gzipBytes / 1024;
  console.log(`initial JS: ${initial.files.length} file(s), ${gzipKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
  for (const f of initial.files) console.log(`  ${f.file}  ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`);
  const kb = (list) => `${list.count} file(s), ${(list.gzipBytes / 1024).toFixed(1)} KB gzip`;
  console.log(`asked for with the entry (ADR 0028): frame ${kb(firstScreen.frame)}`);
  for (const [route, list] of Object.entries(firstScreen.screens)) console.log(`  + ${route}: ${kb(list)}`);
  if (gzipKb > BUDGET_KB) {
    console.error(`Initial JavaScript is over budget by ${(gzipKb - BUDGET_KB).toFixed(1)} KB gzip: split more by route.`);
    process.exit(1);
  }
}
