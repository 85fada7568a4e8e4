import { openOptionsOf } from '../db/options';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../lib/clock';
import { openDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed';

/** `npm run seed`: migrates and fills an empty database with the demo data. */
async function run(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(openOptionsOf(config));
  try {
    await migrate(database);
    if (!(await isDatabaseEmpty(database))) {
      process.stdout.write('Die Datenbank enthält bereits Daten; nichts geseedet.\n');
      return;
    }
    const summary = await seedDemoData(database, systemClock);
    process.stdout.write(
      `Demo-Daten angelegt: 2 Betriebe, ${DEMO_LOGINS.length} Zugänge, 13 Bezahlpunkte, ${summary.tipCount} Trinkgelder.\n` +
        `Passwort für alle Demo-Zugänge: ${DEMO_PASSWORD}\n`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Seed fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(1);
});
