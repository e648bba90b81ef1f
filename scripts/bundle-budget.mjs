// DESIGN §9: the JavaScript the browser loads first (index.html's entry and its static
// imports) stays under 250 KB gzip; every screen comes as its own chunk on demand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 250;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest');

const seen = new Set();
const visit = (chunk) => {
  if (seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const key of chunk.imports ?? []) visit(manifest[key]);
};
visit(entry);
const gzipKb = [...seen].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0) / 1024;
console.log(`initial JS: ${seen.size} file(s), ${gzipKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (gzipKb > BUDGET_KB) {
  console.error(`Initial JavaScript is over budget by ${(gzipKb - BUDGET_KB).toFixed(1)} KB gzip: split more by route.`);
  process.exit(1);
}
