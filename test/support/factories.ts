import { randomBytes } from 'node:crypto';
import type { Role } from '../../src/shared/domain/roles';
import type { EntrypointType } from '../../src/shared/domain/tips';
import type { Executor } from '../../src/server/db/connect';
import {
  branding,
  businesses,
  businessPlans,
  integrationSettings,
  paymentEntrypoints,
  profiles,
  teamMembers,
  teams,
  tips,
  users,
  userTwoFactor,
} from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/features/auth/password';
import { demoPayoutAccount } from '../../src/server/features/payouts/transfers';
import { replaceRecoveryCodes } from '../../src/server/features/two-factor/recovery-codes';
import { sealSecret } from '../../src/server/features/two-factor/secret';
import { newTotpSecret } from '../../src/server/features/two-factor/totp';

/**
 * Test data factories: every test makes the rows it needs, so no test depends on the demo seed
 * or on another test. Names and e-mails carry a random suffix, so two factories in one database
 * never collide.
 *
 *   const hotel = await createBusiness(t.database.db, { employees: 3, points: ['person', 'team'] });
 *   const other = await createBusiness(t.database.db);          // a second business for access tests
 *   const cookie = await signIn(t, hotel.owner.email);
 */

export const FACTORY_PASSWORD = 'test1234';

// One scrypt hash per test process keeps factories fast; each is still a real, verifiable hash.
let passwordHash: Promise<string> | undefined;
function factoryPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return passwordHash;
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export interface FactoryPerson {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  jobTitle: string | null;
}

export interface FactoryPoint {
  id: string;
  uid: string;
  type: EntrypointType;
  label: string;
  targetId: string;
}

export interface FactoryTeam {
  id: string;
  name: string;
  memberIds: string[];
}

export interface FactoryBusiness {
  id: string;
  name: string;
  owner: FactoryPerson;
  employees: FactoryPerson[];
  teams: FactoryTeam[];
  points: FactoryPoint[];
}

export interface PersonOptions {
  email?: string;
  fullName?: string;
  jobTitle?: string | null;
  role?: Role;
  businessId?: string | null;
  /** Create the sign-in identity with a profile (default) or without one (onboarding pending). */
  withProfile?: boolean;
  disabled?: boolean;
  /**
   * A set-up demo payout account (decision 0477): without one nobody is paid out, by the demo
   * provider as by Stripe. Employees have one unless `false`; other roles never by default.
   */
  payoutAccount?: boolean;
}

/** One user with a profile. Without a business it belongs to none (a platform admin, say). */
export async function createPerson(
  db: Executor,
  options: PersonOptions = {},
): Promise<FactoryPerson> {
  const suffix = uniqueSuffix();
  const role = options.role ?? 'employee';
  const email = (options.email ?? `${role}-${suffix}@test.local`).toLowerCase();
  const fullName = options.fullName ?? `Person ${suffix}`;
  const jobTitle = options.jobTitle === undefined ? 'Servicekraft' : options.jobTitle;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await factoryPasswordHash(),
      emailVerifiedAt: new Date(),
      disabledAt: options.disabled ? new Date() : null,
    })
    .returning({ id: users.id });
  if (options.withProfile !== false) {
    await db.insert(profiles).values({
      id: user!.id,
      role,
      fullName,
      email,
      jobTitle,
      businessId: options.businessId ?? null,
      ...((options.payoutAccount ?? role === 'employee') ? demoPayoutAccount(user!.id) : {}),
    });
  }
  return { id: user!.id, email, fullName, role, jobTitle };
}

/** The platform operator: role admin, no business of its own. */
export function createPlatformAdmin(db: Executor, options: PersonOptions = {}) {
  return createPerson(db, { fullName: 'Plattform Admin', ...options, role: 'admin' });
}

export interface BusinessOptions {
  name?: string;
  /** How many employees, or their details (default 2). */
  employees?: number | PersonOptions[];
  /**
   * Payment points to create, in order: a person point targets the n-th employee (cycling), a
   * team point the n-th team (a team of all employees is created when none is asked for), an
   * object point the business itself (a table, 'Tisch n'); a `business` point is the business as
   * a whole (the QR generator's generic code, labelled with the business's name).
   */
  points?: (EntrypointType | 'business')[];
  /** Teams with the indexes of their members among `employees` (default: none). */
  teams?: { name?: string; members: number[]; splitRule?: 'equal' | 'weighted' }[];
  owner?: PersonOptions;
  /** Also create the branding and integration-settings rows a seeded business has (default true). */
  withSettings?: boolean;
  /**
   * The business's plan (decision 0610). 'pro' (the default: most tests exercise Pro features)
   * is a paid subscription that runs until 2100; 'basis' has no plan row, as a new sign-up.
   */
  plan?: 'basis' | 'pro';
}

/** The factories' paid Pro: no end in any test's lifetime. */
export const FACTORY_PRO_PERIOD_END = new Date('2100-01-01T00:00:00Z');

/** A business with its owner, staff, teams and payment points in one call. */
export async function createBusiness(
  db: Executor,
  options: BusinessOptions = {},
): Promise<FactoryBusiness> {
  const suffix = uniqueSuffix();
  const name = options.name ?? `Betrieb ${suffix}`;
  const [business] = await db
    .insert(businesses)
    .values({ name, contactEmail: `kontakt-${suffix}@test.local` })
    .returning({ id: businesses.id });
  const businessId = business!.id;

  const owner = await createPerson(db, {
    fullName: `Inhaber ${suffix}`,
    jobTitle: 'Inhaber',
    ...options.owner,
    role: 'business_owner',
    businessId,
  });

  const employeeOptions =
    typeof options.employees === 'number' || options.employees === undefined
      ? Array.from({ length: options.employees ?? 2 }, (): PersonOptions => ({}))
      : options.employees;
  const employees: FactoryPerson[] = [];
  for (const [index, person] of employeeOptions.entries()) {
    employees.push(
      await createPerson(db, {
        fullName: `Mitarbeiter ${index + 1} ${suffix}`,
        ...person,
        role: person.role ?? 'employee',
        businessId,
      }),
    );
  }

  const teamSpecs =
    options.teams ??
    (options.points?.includes('team') && employees.length > 0
      ? [{ members: employees.map((_, index) => index) }]
      : []);
  const createdTeams: FactoryTeam[] = [];
  for (const [index, spec] of teamSpecs.entries()) {
    const [team] = await db
      .insert(teams)
      .values({
        businessId,
        name: spec.name ?? `Team ${index + 1} ${suffix}`,
        splitRule: spec.splitRule ?? 'equal',
      })
      .returning({ id: teams.id, name: teams.name });
    const memberIds = spec.members.map((memberIndex) => {
      const member = employees[memberIndex];
      if (!member) throw new Error(`createBusiness: no employee #${memberIndex} for a team`);
      return member.id;
    });
    if (memberIds.length > 0) {
      await db
        .insert(teamMembers)
        .values(memberIds.map((profileId) => ({ teamId: team!.id, profileId })));
    }
    createdTeams.push({ id: team!.id, name: team!.name, memberIds });
  }

  const points: FactoryPoint[] = [];
  const counters = { person: 0, team: 0, object: 0, business: 0 };
  for (const kind of options.points ?? []) {
    const n = counters[kind]++;
    const type: EntrypointType = kind === 'business' ? 'object' : kind;
    let target: { id: string; type: 'user' | 'team' | 'tenant'; label: string };
    if (type === 'person') {
      const employee = employees[n % Math.max(employees.length, 1)];
      if (!employee) throw new Error('createBusiness: a person point needs an employee');
      target = { id: employee.id, type: 'user', label: employee.fullName };
    } else if (type === 'team') {
      const team = createdTeams[n % Math.max(createdTeams.length, 1)];
      if (!team) throw new Error('createBusiness: a team point needs a team');
      target = { id: team.id, type: 'team', label: team.name };
    } else if (kind === 'business') {
      target = { id: businessId, type: 'tenant', label: name };
    } else {
      target = { id: businessId, type: 'tenant', label: `Tisch ${n + 1}` };
    }
    const uid = `t-${kind}-${suffix}-${n}`;
    const [row] = await db
      .insert(paymentEntrypoints)
      .values({
        businessId,
        uid,
        type,
        label: target.label,
        targetId: target.id,
        targetType: target.type,
        origin: 'trinkgeld',
        metadata: {
          name: target.label,
          ...(kind === 'business' ? { qr_type: 'generic' } : {}),
        },
        createdBy: owner.id,
      })
      .returning({ id: paymentEntrypoints.id });
    points.push({ id: row!.id, uid, type, label: target.label, targetId: target.id });
  }

  if (options.withSettings !== false) {
    await db.insert(branding).values({ businessId, companyName: name, updatedBy: owner.id });
    await db
      .insert(integrationSettings)
      .values({ businessId, tenantId: 'trinkgeld-default-tenant' });
  }

  if ((options.plan ?? 'pro') === 'pro') {
    await db.insert(businessPlans).values({
      businessId,
      status: 'active',
      currentPeriodEnd: FACTORY_PRO_PERIOD_END,
      provider: 'demo',
    });
  }

  return { id: businessId, name, owner, employees, teams: createdTeams, points };
}

export interface TipOptions {
  businessId: string;
  employeeId?: string | null;
  teamId?: string | null;
  entrypoint?: Pick<FactoryPoint, 'id' | 'uid'>;
  amountCents?: number;
  platformFeeCovered?: boolean;
  status?: 'initiated' | 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired' | 'refunded';
  guestMessage?: string | null;
  /** Feedback the guest gave after paying (the emoji dialog on the success step). */
  feedbackEmoji?: 'smile' | 'clap' | 'pray' | null;
  feedbackMessage?: string | null;
  createdAt?: Date;
}

/**
 * A tip row as settlement would leave it (default: paid, waiting for payout). For tests of what
 * reads tips; tests of the payment flow itself go through the API (test/support/guest.ts).
 */
export async function createTip(db: Executor, options: TipOptions) {
  const createdAt = options.createdAt ?? new Date();
  const status = options.status ?? 'pending';
  const paid = status === 'pending' || status === 'completed' || status === 'refunded';
  const feeCovered = options.platformFeeCovered ?? false;
  const [row] = await db
    .insert(tips)
    .values({
      businessId: options.businessId,
      employeeId: options.employeeId ?? null,
      teamId: options.teamId ?? null,
      tipSource: options.teamId ? 'team' : 'direct',
      entrypointId: options.entrypoint?.id ?? null,
      entrypointUid: options.entrypoint?.uid ?? null,
      amountCents: options.amountCents ?? 1000,
      platformFeeCents: feeCovered ? 45 : 0,
      platformFeeCovered: feeCovered,
      status,
      paymentMethod: 'stripe',
      paymentProvider: 'demo',
      paymentIntentId: `pi_test_${uniqueSuffix()}${uniqueSuffix()}`,
      guestMessage: options.guestMessage ?? null,
      feedbackEmoji: options.feedbackEmoji ?? null,
      feedbackMessage: options.feedbackMessage ?? null,
      feedbackAt: options.feedbackEmoji || options.feedbackMessage ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
      paidAt: paid ? createdAt : null,
      processedAt: status === 'completed' ? createdAt : null,
      stripeTransferId: status === 'completed' ? `tr_test_${uniqueSuffix()}` : null,
    })
    .returning();
  return row!;
}

export interface FactoryTwoFactor {
  /** The base32 secret an authenticator app would hold. */
  secret: string;
  /** The ten recovery codes as shown once ("abcde-fghjk"). */
  recoveryCodes: string[];
}

/**
 * Two-factor sign-in switched on for a person, as if they had confirmed their app: the sealed
 * secret and ten hashed recovery codes. The server secret must be the test app's
 * (`t.config.sessionSecret`), or the server cannot open the secret.
 */
export async function createTwoFactor(
  db: Executor,
  options: { serverSecret: string; userId: string; now?: Date },
): Promise<FactoryTwoFactor> {
  const now = options.now ?? new Date();
  const secret = newTotpSecret();
  await db.insert(userTwoFactor).values({
    userId: options.userId,
    secretSealed: sealSecret(options.serverSecret, options.userId, secret),
    enabledAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const recoveryCodes = await replaceRecoveryCodes(db, {
    serverSecret: options.serverSecret,
    userId: options.userId,
    now,
  });
  return { secret, recoveryCodes };
}
