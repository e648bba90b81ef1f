import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_LOGIN, seedDemo } from './db/seed/demo.js';
import { createMailer } from './mail/mailer.js';
import { checkInventory, describeProblem } from './modules/inventory/check.service.js';
import { VERSION } from './app.js';
import { BACKUP_USAGE, runBackupCommand } from './cli/backup.js';

const USAGE = `Usage: kontor-cli <command>
  migrate        apply database migrations
  seed --demo    create the demo company and user (when the database has no users)
  check          verify inventory: levels equal the ledger, none negative, qty_in_stock equals stock levels
${BACKUP_USAGE}`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  // Before the database opens: a backup reads it as it is, a restore must not open the one it replaces.
  if (command === 'backup' || command === 'restore') return runBackupCommand(command, args, config);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log(`Migrations applied (${database.driver}).`);
        return 0;
      case 'seed': {
        if (!args.includes('--demo')) break;
        const deps = {
          config,
          database,
          log,
          version: VERSION,
          mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
        };
        const created = await seedDemo(deps);
        console.log(created ? `Demo company created. Login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}` : 'The database already has users; nothing seeded.');
        return 0;
      }
      case 'check': {
        const report = await checkInventory(database.db);
        for (const problem of report.problems) console.error(describeProblem(problem));
        if (report.problems.length) {
          console.error(`Inventory check FAILED: ${report.problems.length} problem(s).`);
          return 1;
        }
        console.log(
          `Inventory check OK: ${report.companies} companies, ${report.products} products, ${report.levels} levels, ${report.transactions} ledger rows.`,
        );
        return 0;
      }
    }
    console.error(USAGE);
    return 1;
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
