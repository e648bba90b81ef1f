import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import {
  importTaxonomyFile,
  localeFromFileName,
  TAXONOMY_LOCALES,
  type ImportReport,
  type TaxonomyChannel,
  type TaxonomyLocale,
} from '../modules/taxonomies/import.js';

const USAGE = `Usage: npm run import:taxonomy -- (--google <file> | --facebook <file>) [--locale en-US|sv-SE]
  --google <file>    Google's taxonomy-with-ids.<locale>.txt ('ID - A > B > C' lines)
  --facebook <file>  Meta's product category CSV (category_id,category)
  --locale <locale>  which slug the file fills: en-US (slug_en) or sv-SE (slug_sv);
                     default: the locale in the file name, else en-US
Uses the app's database (DATABASE_URL, or the embedded PGlite in DATA_DIR) and applies migrations first.
Re-running with the same file changes nothing.`;

type ImportJob = { channel: TaxonomyChannel; file: string; locale: TaxonomyLocale };

/** Reads the arguments; a mistake is an Error whose message the caller prints with the usage. */
function importJobs(argv: string[]): ImportJob[] {
  const { values } = parseArgs({
    args: argv,
    options: { google: { type: 'string' }, facebook: { type: 'string' }, locale: { type: 'string' } },
    strict: true,
  });
  if (values.locale !== undefined && !(TAXONOMY_LOCALES as readonly string[]).includes(values.locale)) {
    throw new Error(`Unknown locale '${values.locale}': use ${TAXONOMY_LOCALES.join(' or ')}.`);
  }
  const localeOf = (file: string) => (values.locale as TaxonomyLocale | undefined) ?? localeFromFileName(file) ?? 'en-US';
  const jobs: ImportJob[] = [];
  if (values.google) jobs.push({ channel: 'google', file: values.google, locale: localeOf(values.google) });
  if (values.facebook) jobs.push({ channel: 'facebook', file: values.facebook, locale: localeOf(values.facebook) });
  if (jobs.length === 0) throw new Error('Give --google <file> or --facebook <file>.');
  return jobs;
}

const describe = (job: ImportJob, r: ImportReport) =>
  `${job.channel} ${job.locale} (${path.basename(job.file)}): read ${r.read}, inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  let jobs: ImportJob[];
  try {
    jobs = importJobs(argv);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 1;
  }
  // Every file is read before the database opens: a missing file must not leave a half import.
  const texts = jobs.map((job) => readFileSync(job.file, 'utf8'));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    for (const [index, job] of jobs.entries()) {
      try {
        console.log(describe(job, await importTaxonomyFile(database.db, job.channel, job.locale, texts[index]!)));
      } catch (err) {
        throw new Error(`${job.file}: ${err instanceof Error ? err.message : String(err)} Nothing was imported from this file.`, { cause: err });
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
