import { SUBJECTS, type AccessLevel } from '@crucible/proto';
import { userRepository } from '../repositories/users.ts';
import { inTransaction, type AuthContext } from './context.ts';
import { toUserEventPayload } from './user-views.ts';

export const DEMO_PASSWORD = 'crucible-demo';
export const DEMO_DOMAIN = 'demo.crucible.local';

interface DemoMember {
  firstName: string;
  lastName: string;
  accessLevel: AccessLevel;
  isAdmin?: boolean;
  isModerator?: boolean;
}

/** A small community with every tier, a moderator and an admin; all sign in with DEMO_PASSWORD. */
const DEMO_MEMBERS: DemoMember[] = [
  { firstName: 'Avery', lastName: 'Admin', accessLevel: 'Admin', isAdmin: true },
  { firstName: 'Corin', lastName: 'Vale', accessLevel: 'Core', isModerator: true },
  { firstName: 'Priya', lastName: 'Raman', accessLevel: 'Core' },
  { firstName: 'Mateo', lastName: 'Silva', accessLevel: 'Master' },
  { firstName: 'Helena', lastName: 'Brandt', accessLevel: 'Master' },
  { firstName: 'Kwame', lastName: 'Mensah', accessLevel: 'Journeyman' },
  { firstName: 'Yuki', lastName: 'Tanaka', accessLevel: 'Journeyman' },
  { firstName: 'Lena', lastName: 'Novak', accessLevel: 'Apprentice' },
  { firstName: 'Omar', lastName: 'Haddad', accessLevel: 'Apprentice' },
  { firstName: 'Sofia', lastName: 'Rossi', accessLevel: 'Public' },
];

export function demoEmail(member: Pick<DemoMember, 'firstName'>): string {
  return `${member.firstName.toLowerCase()}@${DEMO_DOMAIN}`;
}

/** Creates the demo members that do not exist yet; returns who was created and who already was. */
export interface SeededMember {
  id: string;
  email: string;
  accessLevel: AccessLevel;
  isAdmin: boolean;
  created: boolean;
}

export async function seedDemoCommunity(ctx: AuthContext): Promise<SeededMember[]> {
  const passwordHash = await ctx.hasher.hash(DEMO_PASSWORD);
  const outcome: SeededMember[] = [];
  for (const member of DEMO_MEMBERS) {
    const email = demoEmail(member);
    const existing = await userRepository.findByEmail(ctx.prisma, email);
    const user =
      existing ??
      (await inTransaction(ctx, async (tx, emit) => {
        const created = await userRepository.create(tx, { ...member, email, passwordHash, emailVerified: true });
        await emit(SUBJECTS.userCreated, toUserEventPayload(created));
        return created;
      }));
    outcome.push({ id: user.id, email, accessLevel: user.accessLevel, isAdmin: user.isAdmin, created: !existing });
  }
  return outcome;
}
