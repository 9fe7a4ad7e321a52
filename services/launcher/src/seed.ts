import { authConfigSchema, createAuthService, seedDemoCommunity, DEMO_PASSWORD } from '@crucible/auth';
import { connectInfrastructure, createLogger, loadConfig } from '@crucible/platform';
import { launcherConfigSchema } from './config.ts';
import { chooseDatabase } from './database.ts';

/** `npm run seed`: fills the one-machine database with a demo community (idempotent). */
const config = loadConfig(launcherConfigSchema);
const logger = createLogger({ service: 'seed', level: config.LOG_LEVEL });
const database = await chooseDatabase(config, logger);
const infrastructure = await connectInfrastructure({ service: 'seed', config, logger, fallbackToInProcess: true });
const auth = await createAuthService(loadConfig(authConfigSchema, { ...process.env, DATABASE_URL: database.url }), { logger, bus: infrastructure.bus, cache: infrastructure.cache });
try {
  const members = await seedDemoCommunity(auth.context);
  console.log(`Demo community in ${database.report.location} (password for everyone: ${DEMO_PASSWORD}):`);
  for (const member of members) console.log(`  ${member.accessLevel.padEnd(11)} ${member.email}${member.created ? '' : ' (already there)'}`);
} finally {
  await auth.stop();
  await infrastructure.close();
  await database.stop();
}
