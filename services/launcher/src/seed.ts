import {
  authConfigSchema,
  createAuthService,
  seedDemoCommunity,
  DEMO_PASSWORD,
  type SeededMember,
} from '@crucible/auth';
import { createForumService, forumConfigSchema, seedDemoForums, type DemoAuthors } from '@crucible/forum';
import { FORUM_CATEGORIES } from '@crucible/proto';
import {
  NO_REQUEST_META,
  connectInfrastructure,
  createLogger,
  isAdmin,
  loadConfig,
  type Caller,
} from '@crucible/platform';
import { launcherConfigSchema } from './config.ts';
import { chooseDatabase } from './database.ts';

/** `npm run seed`: fills the one-machine database with a demo community and its forums (idempotent). */
const config = loadConfig(launcherConfigSchema);
const logger = createLogger({ service: 'seed', level: config.LOG_LEVEL });
const database = await chooseDatabase(config, logger);
const infrastructure = await connectInfrastructure({ service: 'seed', config, logger, fallbackToInProcess: true });
const deps = { logger, bus: infrastructure.bus, cache: infrastructure.cache, collectProcessMetrics: false };
const env = { ...process.env, DATABASE_URL: database.url };
const auth = await createAuthService(loadConfig(authConfigSchema, env), deps);
const forum = await createForumService(loadConfig(forumConfigSchema, env), deps);

/** A demo member as the forum's use cases take a caller: signed in by the seed, not by a request. */
const callerOf = (member: SeededMember): Caller => ({
  userId: member.id,
  sessionId: null,
  accessLevel: member.accessLevel,
  isAdmin: isAdmin(member),
  // The forum's own grants decide who moderates there, not this flag.
  isModerator: false,
  // The demo community is created verified.
  emailVerified: true,
  meta: NO_REQUEST_META,
});

try {
  const members = await seedDemoCommunity(auth.context);
  console.log(`Demo community in ${database.report.location} (password for everyone: ${DEMO_PASSWORD}):`);
  for (const member of members)
    console.log(`  ${member.accessLevel.padEnd(11)} ${member.email}${member.created ? '' : ' (already there)'}`);

  const admin = members.find((member) => member.isAdmin)!;
  const authors: DemoAuthors = Object.fromEntries(
    FORUM_CATEGORIES.map((category) => [
      category,
      members.filter((member) => member.accessLevel === category).map(callerOf),
    ]),
  );
  const topics = await seedDemoForums(forum.context, callerOf(admin), authors);
  console.log('Forum topics:');
  for (const { topic, created } of topics) console.log(`  ${topic}${created ? '' : ' (already there)'}`);
} finally {
  await forum.stop();
  await auth.stop();
  await infrastructure.close();
  await database.stop();
}
