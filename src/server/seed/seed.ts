import { splitReason } from '../../shared/domain/team-split';
import { randomBytes, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { splitCents } from '../../shared/domain/money';
import type { Role } from '../../shared/domain/roles';
import type { FeedbackEmoji, PaymentMethod, TipStatus } from '../../shared/domain/tips';
import { hashPassword } from '../features/auth/password';
import { issueInvoice } from '../features/invoices/issue';
import { sellerOf } from '../features/invoices/seller';
import { demoPayoutAccount } from '../features/payouts/transfers';
import type { Clock } from '../lib/clock';
import type { Database, Tx } from '../db/connect';
import {
  analyticsEvents,
  branding,
  businesses,
  businessPlans,
  businessSetup,
  integrationSettings,
  paymentEntrypoints,
  payoutBatches,
  payouts,
  profiles,
  qrCodes,
  teamMembers,
  teams,
  tipAllocations,
  tips,
  users,
} from '../db/schema';

// Published (README, handover page); forms refuse it as a new password (password-rules.ts).
import { DEMO_PASSWORD } from '../../shared/domain/passwords';
export { DEMO_PASSWORD };
export const DEMO_BUSINESS_NAME = 'Hotel Seeblick';

export interface DemoLogin {
  email: string;
  role: Role;
  fullName: string;
}

/** The hotel's accounts; the platform admin keeps the hotel as its home business (decision 0100). */
const HOTEL_LOGINS: readonly DemoLogin[] = [
  { email: 'admin@demo.local', role: 'admin', fullName: 'Sabine Hoffmann' },
  { email: 'inhaber@demo.local', role: 'business_owner', fullName: 'Thomas Berger' },
  { email: 'anna@demo.local', role: 'employee', fullName: 'Anna Schneider' },
  { email: 'ben@demo.local', role: 'employee', fullName: 'Ben Müller' },
  { email: 'clara@demo.local', role: 'employee', fullName: 'Clara Fischer' },
  { email: 'david@demo.local', role: 'employee', fullName: 'David Wagner' },
];

/** The second demo business, so business scope can be seen: a café with its own owner. */
export const SECOND_BUSINESS_NAME = 'Café Morgenrot';
const CAFE_OWNER = {
  email: 'inhaber2@demo.local',
  role: 'business_owner' as const,
  fullName: 'Miriam Keller',
  jobTitle: 'Inhaberin',
};
const CAFE_EMPLOYEES = [
  {
    email: 'lena@demo.local',
    role: 'employee' as const,
    fullName: 'Lena Hoffmann',
    jobTitle: 'Barista',
    thankYou: 'Danke! Ihr nächster Cappuccino bekommt extra viel Liebe.',
    uid: 'lena-hoffmann-q7m2k9x4pd',
    department: 'Theke',
    shift: 'Frühschicht',
    tipsPerDay: 1.5,
    payoutAccount: true,
  },
  {
    email: 'tom@demo.local',
    role: 'employee' as const,
    fullName: 'Tom Richter',
    jobTitle: 'Servicekraft',
    thankYou: 'Vielen Dank und bis bald im Morgenrot!',
    uid: 'tom-richter-h3v8n2c6wa',
    department: 'Service',
    shift: 'Spätschicht',
    tipsPerDay: 1.1,
    payoutAccount: false,
  },
] as const;
const CAFE_STAFF = [CAFE_OWNER, ...CAFE_EMPLOYEES];
const CAFE_COUNTER = {
  label: 'Theke',
  uid: 'theke-morgenrot-r5t9b2y7ke',
  department: 'Theke',
  location: 'Eingang',
  tipsPerDay: 0.8,
};

export const DEMO_LOGINS: readonly DemoLogin[] = [
  ...HOTEL_LOGINS,
  ...CAFE_STAFF.map(({ email, role, fullName }) => ({ email, role, fullName })),
];

interface EmployeeSeed {
  key: 'anna' | 'ben' | 'clara' | 'david';
  jobTitle: string;
  thankYou: string;
  uid: string;
  department: string;
  shift: string;
  speciality: string;
  /** Mean direct tips per day: busy staff get more. */
  tipsPerDay: number;
  /**
   * A set-up demo payout account (decision 0477): the demo shows payouts to these, and Ben,
   * without one, shows what a person without a payout account sees.
   */
  payoutAccount: boolean;
}

const EMPLOYEES: readonly EmployeeSeed[] = [
  {
    key: 'anna',
    jobTitle: 'Rezeptionistin',
    thankYou: 'Herzlichen Dank! Ich wünsche Ihnen einen wunderbaren Aufenthalt bei uns am See.',
    uid: 'aio-anna-schneider-4k7p',
    department: 'Rezeption',
    shift: 'Frühschicht',
    speciality: 'Ausflugstipps und Late Check-out',
    tipsPerDay: 1.6,
    payoutAccount: true,
  },
  {
    key: 'ben',
    jobTitle: 'Kellner',
    thankYou: 'Vielen Dank für Ihr Trinkgeld! Es war mir eine Freude, Sie zu bedienen.',
    uid: 'aio-ben-mueller-9x2m',
    department: 'Restaurant',
    shift: 'Abendschicht',
    speciality: 'Weinbegleitung',
    tipsPerDay: 2.8,
    payoutAccount: false,
  },
  {
    key: 'clara',
    jobTitle: 'Barkeeperin',
    thankYou: 'Cheers und danke! Beim nächsten Besuch mixe ich Ihnen etwas Neues.',
    uid: 'aio-clara-fischer-3h8q',
    department: 'Bar & Lounge',
    shift: 'Spätschicht',
    speciality: 'Signature-Cocktails',
    tipsPerDay: 2.2,
    payoutAccount: true,
  },
  {
    key: 'david',
    jobTitle: 'Concierge',
    thankYou: 'Danke für Ihre Wertschätzung. Ich bin jederzeit gern für Sie da!',
    uid: 'aio-david-wagner-6t1z',
    department: 'Concierge',
    shift: 'Tagschicht',
    speciality: 'Restaurantreservierungen und Transfers',
    tipsPerDay: 1.2,
    payoutAccount: true,
  },
];

const TEAMS = [
  {
    name: 'Restaurant-Service',
    description: 'Service im Restaurant Seeterrasse',
    splitRule: 'equal' as const,
    members: [
      { key: 'ben', weight: 1 },
      { key: 'clara', weight: 1 },
    ],
    uid: 'aio-team-restaurant-1d6f',
    department: 'Restaurant',
    shift: 'Ganztägig',
  },
  {
    name: 'Rezeption & Concierge',
    description: 'Empfang, Concierge und Gästeservice',
    splitRule: 'equal' as const,
    members: [
      { key: 'anna', weight: 1 },
      { key: 'david', weight: 1 },
    ],
    uid: 'aio-team-rezeption-7g3s',
    department: 'Empfang',
    shift: 'Rund um die Uhr',
  },
  {
    name: 'Hausteam',
    description: 'Alle Mitarbeitenden, gewichtet nach Wochenstunden',
    splitRule: 'weighted' as const,
    members: [
      { key: 'anna', weight: 3 },
      { key: 'ben', weight: 4 },
      { key: 'clara', weight: 4 },
      { key: 'david', weight: 2 },
    ],
    uid: 'aio-team-hausteam-2k8j',
    department: 'Gesamtes Haus',
    shift: 'Ganztägig',
  },
] as const;

const OBJECTS = [
  {
    label: 'Tisch 7',
    uid: 'aio-tisch-7-2b5n',
    department: 'Restaurant',
    location: 'Seeterrasse',
    onShift: 'ben',
  },
  {
    label: 'Tisch 12',
    uid: 'aio-tisch-12-8c4r',
    department: 'Restaurant',
    location: 'Wintergarten',
    onShift: 'ben',
  },
  {
    label: 'Hotelbar Tresen',
    uid: 'aio-hotelbar-5v9w',
    department: 'Bar',
    location: 'Lobby',
    onShift: 'clara',
  },
] as const;

export const DEMO_LEGACY_QR_CODE = 'qr-ben-klassisch';

const GUEST_MESSAGES = [
  'Vielen Dank für den tollen Service!',
  'Super freundlich und aufmerksam, danke!',
  'Die Weinempfehlung war perfekt.',
  'Danke für die schnelle Hilfe beim Check-in.',
  'Wir kommen gerne wieder!',
  'Bester Cocktail des Urlaubs 🍹',
  'Danke für die Restaurantempfehlung, ein Traum.',
  'Sie haben unseren Jahrestag besonders gemacht.',
  'Immer ein Lächeln, das ist Gold wert.',
  'Danke, dass Sie an das Kinderbett gedacht haben!',
  'Top Service trotz vollem Haus.',
  'Merci für den wunderbaren Abend!',
];

const FEEDBACK_EMOJIS: readonly FeedbackEmoji[] = ['smile', 'clap', 'pray'];

/** Small deterministic PRNG so the demo looks the same on every fresh start. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(businesses);
  return (row?.n ?? 0) === 0;
}

export interface SeedSummary {
  businessId: string;
  secondBusinessId: string;
  tipCount: number;
  logins: readonly DemoLogin[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_DAYS = 35;

/** Fills an empty database with the demo business, staff, payment points and five weeks of tips. */
export async function seedDemoData(
  database: Database,
  clock: Clock,
  options: { passwordHash?: string } = {},
): Promise<SeedSummary> {
  const now = clock.now();
  const random = mulberry32(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // One hash for all demo accounts keeps the first start fast; each is still a salted scrypt hash.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));

  return database.db.transaction(async (tx) => {
    const [business] = await tx
      .insert(businesses)
      .values({
        name: DEMO_BUSINESS_NAME,
        description: 'Hotel & Restaurant am Seeufer mit 48 Zimmern, Seeterrasse und Hotelbar.',
        contactEmail: 'kontakt@hotel-seeblick.demo',
      })
      .returning({ id: businesses.id });
    const businessId = business!.id;
    // The hotel books Pro (decision 0610): a paid month that renews in 12 days; the café stays
    // on Basis, so the demo shows both.
    const periodEnd = new Date(now.getTime() + 12 * DAY_MS);
    const periodStart = new Date(periodEnd.getTime() - 30 * DAY_MS);
    const billingDetails = {
      name: 'Hotel Seeblick GmbH (Demo)',
      street: 'Uferweg 1',
      postalCode: '82319',
      city: 'Starnberg',
      countryCode: 'DE',
      vatId: 'DE123456789',
      email: 'kontakt@hotel-seeblick.demo',
    };
    await tx.insert(businessPlans).values({
      businessId,
      status: 'active',
      trialUsed: true,
      currentPeriodEnd: periodEnd,
      locations: 1,
      provider: 'demo',
      providerCustomerId: `demo_cus_${businessId}`,
      providerSubscriptionId: `demo_sub_seed_${businessId}`,
      billingDetails,
    });
    // The month it paid, with its invoice: the demo's 'Tarif' shows one to download.
    await issueInvoice(tx, {
      businessId,
      provider: 'demo',
      providerInvoiceId: `demo_in_seed_${businessId}`,
      locations: 1,
      periodStart,
      periodEnd,
      issuedAt: periodStart,
      seller: sellerOf({
        legal: {
          operator: null,
          address: null,
          register: null,
          contact: null,
          vatId: null,
          phone: null,
        },
        contactEmail: 'kontakt@trinkgeld.example',
        nodeEnv: 'development',
      })!,
      buyer: billingDetails,
    });

    const profileIds = new Map<string, string>();
    for (const login of HOTEL_LOGINS) {
      const key = login.email.split('@')[0]!;
      const employee = EMPLOYEES.find((e) => e.key === key);
      const [user] = await tx
        .insert(users)
        .values({ email: login.email, passwordHash, emailVerifiedAt: now })
        .returning({ id: users.id });
      await tx.insert(profiles).values({
        id: user!.id,
        role: login.role,
        fullName: login.fullName,
        email: login.email,
        jobTitle:
          employee?.jobTitle ??
          (login.role === 'admin' ? 'Plattform-Administratorin' : 'Inhaber & Geschäftsführer'),
        ...(employee ? { thankYouMessage: employee.thankYou } : {}),
        ...(employee?.payoutAccount ? demoPayoutAccount(user!.id) : {}),
        businessId,
      });
      profileIds.set(key, user!.id);
    }
    const adminUserId = profileIds.get('admin')!;

    const entrypointIds = new Map<string, string>();
    for (const employee of EMPLOYEES) {
      const login = DEMO_LOGINS.find((l) => l.email.startsWith(`${employee.key}@`))!;
      const [row] = await tx
        .insert(paymentEntrypoints)
        .values({
          businessId,
          uid: employee.uid,
          type: 'person',
          label: login.fullName,
          targetId: profileIds.get(employee.key)!,
          targetType: 'user',
          origin: 'trinkgeld',
          metadata: {
            name: login.fullName,
            description: `${employee.jobTitle} im ${DEMO_BUSINESS_NAME}`,
            created_by: adminUserId,
            demo: true,
            department: employee.department,
            shift: employee.shift,
            speciality: employee.speciality,
          },
          createdBy: adminUserId,
        })
        .returning({ id: paymentEntrypoints.id });
      entrypointIds.set(employee.uid, row!.id);
    }

    const teamIds = new Map<string, string>();
    for (const team of TEAMS) {
      const [row] = await tx
        .insert(teams)
        .values({
          businessId,
          name: team.name,
          description: team.description,
          splitRule: team.splitRule,
        })
        .returning({ id: teams.id });
      teamIds.set(team.uid, row!.id);
      await tx.insert(teamMembers).values(
        team.members.map((member) => ({
          teamId: row!.id,
          profileId: profileIds.get(member.key)!,
          weight: member.weight,
        })),
      );
      const [entrypoint] = await tx
        .insert(paymentEntrypoints)
        .values({
          businessId,
          uid: team.uid,
          type: 'team',
          label: team.name,
          targetId: row!.id,
          targetType: 'team',
          origin: 'trinkgeld',
          metadata: {
            name: team.name,
            description: team.description,
            created_by: adminUserId,
            demo: true,
            department: team.department,
            shift: team.shift,
          },
          createdBy: adminUserId,
        })
        .returning({ id: paymentEntrypoints.id });
      entrypointIds.set(team.uid, entrypoint!.id);
    }

    for (const object of OBJECTS) {
      const [row] = await tx
        .insert(paymentEntrypoints)
        .values({
          businessId,
          uid: object.uid,
          type: 'object',
          label: object.label,
          targetId: businessId,
          targetType: 'tenant',
          origin: 'trinkgeld',
          metadata: {
            name: object.label,
            description: `${object.label} · ${object.location}`,
            created_by: adminUserId,
            demo: true,
            department: object.department,
            location: object.location,
          },
          createdBy: adminUserId,
        })
        .returning({ id: paymentEntrypoints.id });
      entrypointIds.set(object.uid, row!.id);
    }

    const [legacy] = await tx
      .insert(qrCodes)
      .values({
        code: DEMO_LEGACY_QR_CODE,
        employeeId: profileIds.get('ben')!,
        businessId,
        createdAt: new Date(now.getTime() - 400 * DAY_MS),
      })
      .returning({ id: qrCodes.id });

    await tx
      .insert(branding)
      .values({ businessId, companyName: DEMO_BUSINESS_NAME, updatedBy: adminUserId });
    await tx
      .insert(integrationSettings)
      .values({ businessId, tenantId: 'trinkgeld-default-tenant' });
    // A demo business runs already: no set-up checklist on its dashboard (decision 0328).
    await tx.insert(businessSetup).values({ businessId, qrExportedAt: now, dismissedAt: now });

    const tipCount = await seedTips(tx, {
      now,
      random,
      pick,
      businessId,
      profileIds,
      entrypointIds,
      teamIds,
      legacyQrCodeId: legacy!.id,
    });
    const cafe = await seedSecondBusiness(tx, { now, passwordHash, adminUserId });
    return {
      businessId,
      secondBusinessId: cafe.businessId,
      tipCount: tipCount + cafe.tipCount,
      logins: DEMO_LOGINS,
    };
  });
}

/**
 * Café Morgenrot: owner, two employees, three payment points (two people, the counter) and
 * five weeks of tips. Its own random sequence, so the hotel's data stays exactly as before.
 * Its points are real ones (no "aio-" prefix, no demo flag): the public showcase lists only
 * the hotel's demo points.
 */
async function seedSecondBusiness(
  tx: Tx,
  context: { now: Date; passwordHash: string; adminUserId: string },
): Promise<{ businessId: string; tipCount: number }> {
  const { now, passwordHash } = context;
  const random = mulberry32(20_240_601);
  const [business] = await tx
    .insert(businesses)
    .values({
      name: SECOND_BUSINESS_NAME,
      description: 'Kleines Café mit Rösterei und Frühstück in der Altstadt.',
      contactEmail: 'hallo@cafe-morgenrot.demo',
    })
    .returning({ id: businesses.id });
  const businessId = business!.id;

  const ids = new Map<string, string>();
  for (const person of CAFE_STAFF) {
    const [user] = await tx
      .insert(users)
      .values({ email: person.email, passwordHash, emailVerifiedAt: now })
      .returning({ id: users.id });
    await tx.insert(profiles).values({
      id: user!.id,
      role: person.role,
      fullName: person.fullName,
      email: person.email,
      jobTitle: person.jobTitle,
      ...('thankYou' in person ? { thankYouMessage: person.thankYou } : {}),
      ...('payoutAccount' in person && person.payoutAccount ? demoPayoutAccount(user!.id) : {}),
      businessId,
    });
    ids.set(person.email, user!.id);
  }
  const ownerId = ids.get('inhaber2@demo.local')!;

  const points: { id: string; uid: string; employeeId: string | null; tipsPerDay: number }[] = [];
  for (const person of CAFE_EMPLOYEES) {
    const employeeId = ids.get(person.email)!;
    const [row] = await tx
      .insert(paymentEntrypoints)
      .values({
        businessId,
        uid: person.uid,
        type: 'person',
        label: person.fullName,
        targetId: employeeId,
        targetType: 'user',
        origin: 'trinkgeld',
        metadata: {
          name: person.fullName,
          description: `${person.jobTitle} im ${SECOND_BUSINESS_NAME}`,
          created_by: ownerId,
          department: person.department,
          shift: person.shift,
        },
        createdBy: ownerId,
      })
      .returning({ id: paymentEntrypoints.id });
    points.push({ id: row!.id, uid: person.uid, employeeId, tipsPerDay: person.tipsPerDay });
  }
  const [counter] = await tx
    .insert(paymentEntrypoints)
    .values({
      businessId,
      uid: CAFE_COUNTER.uid,
      type: 'object',
      label: CAFE_COUNTER.label,
      targetId: businessId,
      targetType: 'tenant',
      origin: 'trinkgeld',
      metadata: {
        name: CAFE_COUNTER.label,
        description: `${CAFE_COUNTER.label} · ${CAFE_COUNTER.location}`,
        created_by: ownerId,
        department: CAFE_COUNTER.department,
        location: CAFE_COUNTER.location,
      },
      createdBy: ownerId,
    })
    .returning({ id: paymentEntrypoints.id });
  points.push({
    id: counter!.id,
    uid: CAFE_COUNTER.uid,
    employeeId: null,
    tipsPerDay: CAFE_COUNTER.tipsPerDay,
  });

  await tx.insert(branding).values({
    businessId,
    companyName: SECOND_BUSINESS_NAME,
    primaryColor: '#7A2E1F',
    // Passes the product's own contrast rule (accent on primary 5.3:1): saved unchanged, it saves.
    accentColor: '#EDB970',
    updatedBy: ownerId,
  });
  await tx.insert(integrationSettings).values({ businessId, tenantId: 'trinkgeld-default-tenant' });
  await tx.insert(businessSetup).values({ businessId, qrExportedAt: now, dismissedAt: now });

  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const history = seedPayoutHistory(
    businessId,
    now,
    new Set(CAFE_EMPLOYEES.filter((p) => p.payoutAccount).map((p) => ids.get(p.email)!)),
  );
  const staffIds = CAFE_EMPLOYEES.map((person) => ids.get(person.email)!);
  const rows: (TipRow & { id: string; createdAt: Date })[] = [];
  const allocationRows: (typeof tipAllocations.$inferInsert)[] = [];
  for (let daysAgo = SEED_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    for (const point of points) {
      const count = Math.floor(point.tipsPerDay + random());
      for (let i = 0; i < count; i += 1) {
        const dayStart = startOfToday - daysAgo * DAY_MS;
        let at = dayStart + (7 + random() * 11) * 60 * 60 * 1000;
        if (at >= now.getTime()) at = dayStart + random() * (now.getTime() - dayStart);
        const createdAt = new Date(Math.floor(at));
        const amountCents = [200, 300, 500, 500, 1000][Math.floor(random() * 5)]!;
        const feeCovered = random() < 0.3;
        const message =
          random() < 0.25 ? GUEST_MESSAGES[Math.floor(random() * GUEST_MESSAGES.length)]! : null;
        const tip = {
          id: randomUUID(),
          businessId,
          employeeId: point.employeeId,
          entrypointId: point.id,
          entrypointUid: point.uid,
          amountCents,
          platformFeeCents: feeCovered ? 45 : 0,
          platformFeeCovered: feeCovered,
          currency: 'eur',
          status: 'pending' as TipStatus,
          tipSource: 'direct' as const,
          paymentMethod: random() < 0.5 ? ('stripe' as const) : ('apple-pay' as const),
          paymentProvider: 'demo' as const,
          paymentIntentId: `pi_demo_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          guestMessage: message,
          createdAt,
          updatedAt: createdAt,
          paidAt: new Date(createdAt.getTime() + 2_000),
        };
        rows.push(tip);
        const paidOut = history.isPaidOut(createdAt);
        if (tip.employeeId) {
          if (paidOut) history.payDirect(tip, tip.employeeId);
          continue;
        }
        // The counter: whoever was on shift, most of the time; otherwise the owner's pool.
        if (random() < 0.3) continue;
        const shares = [
          {
            tipId: tip.id,
            profileId: staffIds[Math.floor(random() * staffIds.length)]!,
            amountCents,
            weight: 1,
            reason: splitReason(
              'equal',
              { members: 1, weight: 1, weightSum: 1 },
              {
                place: CAFE_COUNTER.label,
              },
            ),
            createdAt,
          },
        ];
        if (paidOut) history.payShares(tip, shares);
        allocationRows.push(...shares);
      }
    }
  }
  const visits = visitsBehind(rows, businessId, 20_240_602);
  const paidPayouts = history.rows();
  const paidBatches = history.batches();
  if (paidBatches.length > 0) await tx.insert(payoutBatches).values(paidBatches);
  if (paidPayouts.length > 0) await tx.insert(payouts).values(paidPayouts);
  for (let i = 0; i < rows.length; i += 200) await tx.insert(tips).values(rows.slice(i, i + 200));
  if (allocationRows.length > 0) await tx.insert(tipAllocations).values(allocationRows);
  await insertVisits(tx, visits);
  return { businessId, tipCount: rows.length };
}

/**
 * The demo's payout history, as the payout job would have left it: everything paid
 * more than a week ago went out in weekly transfers per employee. A direct tip points at its
 * payout and carries its transfer reference and date; a share (team split, shift) points at the
 * member's payout, and its tip is 'Ausgezahlt' (transfer reference on the payouts, as for a real
 * team tip) once every share is. A tip nobody received stays in the owner's pool, waiting.
 */
/**
 * Weekly demo payouts of tips older than a week, only to people with a payout account (decision
 * 0477): a person without one (Ben) has nothing paid out, as the payout rules would have it.
 */
function seedPayoutHistory(businessId: string, now: Date, withPayoutAccount: ReadonlySet<string>) {
  const paidOutBefore = now.getTime() - 7 * DAY_MS;
  const byKey = new Map<string, typeof payouts.$inferInsert & { id: string }>();
  const randomId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  /** One automatic batch per week, as the schedule makes them; the owner's list shows them. */
  const batches = new Map<number, typeof payoutBatches.$inferInsert & { id: string }>();
  const batchOf = (week: number, at: Date) => {
    let batch = batches.get(week);
    if (!batch) {
      batch = { id: randomUUID(), businessId, trigger: 'schedule', skipped: [], createdAt: at };
      batches.set(week, batch);
    }
    return batch.id;
  };

  const payoutFor = (employeeId: string, createdAt: Date) => {
    const week = Math.floor((now.getTime() - createdAt.getTime()) / (7 * DAY_MS));
    const key = `${employeeId}:${week}`;
    let payout = byKey.get(key);
    if (!payout) {
      const processedAt = new Date(now.getTime() - week * 7 * DAY_MS + DAY_MS);
      payout = {
        id: randomUUID(),
        businessId,
        employeeId,
        batchId: batchOf(week, processedAt),
        amountCents: 0,
        status: 'paid',
        provider: 'demo',
        providerTransferId: randomId('tr_demo_'),
        idempotencyKey: `payout:seed:${key}`,
        createdAt: processedAt,
        processedAt,
      };
      byKey.set(key, payout);
    }
    return payout;
  };

  return {
    /** Whether a paid tip of this time is paid out by now. */
    isPaidOut: (createdAt: Date) => createdAt.getTime() < paidOutBefore,
    /** A direct tip paid more than a week ago: carried by its employee's weekly payout. */
    payDirect(tip: TipRow & { createdAt: Date }, employeeId: string) {
      if (!withPayoutAccount.has(employeeId)) return;
      const payout = payoutFor(employeeId, tip.createdAt);
      payout.amountCents = (payout.amountCents ?? 0) + tip.amountCents;
      tip.status = 'completed';
      tip.payoutId = payout.id;
      tip.stripeTransferId = payout.providerTransferId ?? null;
      tip.processedAt = payout.processedAt ?? null;
    },
    /** The shares of a tip paid more than a week ago: each carried by its member's payout. */
    payShares(tip: TipRow & { createdAt: Date }, shares: (typeof tipAllocations.$inferInsert)[]) {
      let last: Date | null = null;
      let waiting = false;
      for (const share of shares) {
        if (share.amountCents <= 0) continue;
        if (!withPayoutAccount.has(share.profileId)) {
          waiting = true;
          continue;
        }
        const payout = payoutFor(share.profileId, tip.createdAt);
        payout.amountCents = (payout.amountCents ?? 0) + share.amountCents;
        share.payoutId = payout.id;
        if (!last || payout.processedAt! > last) last = payout.processedAt as Date;
      }
      // A share still waiting for its person's payout account keeps the tip pending.
      if (waiting) return;
      tip.status = 'completed';
      tip.stripeTransferId = null;
      tip.processedAt = last;
    },
    rows: () => [...byKey.values()].filter((payout) => (payout.amountCents ?? 0) > 0),
    /** The weekly batches that carried a payout. */
    batches: () => {
      const used = new Set(
        [...byKey.values()]
          .filter((payout) => (payout.amountCents ?? 0) > 0)
          .map((payout) => payout.batchId),
      );
      return [...batches.values()].filter((batch) => used.has(batch.id));
    },
  };
}

interface TipSeedContext {
  now: Date;
  random: () => number;
  pick: <T>(items: readonly T[]) => T;
  businessId: string;
  profileIds: Map<string, string>;
  entrypointIds: Map<string, string>;
  teamIds: Map<string, string>;
  legacyQrCodeId: string;
}

type TipRow = typeof tips.$inferInsert;

async function seedTips(tx: Tx, context: TipSeedContext): Promise<number> {
  const { now, random, pick, businessId } = context;
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  /** A time during service hours on the given day; today's tips never lie in the future. */
  const timeOnDay = (daysAgo: number): Date => {
    const dayStart = startOfToday - daysAgo * DAY_MS;
    let at = dayStart + (8 + random() * 15) * 60 * 60 * 1000;
    if (at >= now.getTime()) at = dayStart + random() * (now.getTime() - dayStart);
    return new Date(Math.floor(at));
  };
  const amount = (): number => {
    const roll = random();
    if (roll < 0.3) return 500;
    if (roll < 0.55) return 1000;
    if (roll < 0.7) return 1500;
    return 200 + Math.floor(random() * 37) * 50;
  };
  const method = (): PaymentMethod => {
    const roll = random();
    return roll < 0.55 ? 'stripe' : roll < 0.85 ? 'apple-pay' : 'google-pay';
  };
  const poisson = (mean: number): number => {
    let k = 0;
    let p = Math.exp(-mean);
    let cumulative = p;
    const u = random();
    while (u > cumulative && k < 20) {
      k += 1;
      p *= mean / k;
      cumulative += p;
    }
    return k;
  };
  const randomId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  const history = seedPayoutHistory(
    businessId,
    now,
    new Set(EMPLOYEES.filter((p) => p.payoutAccount).map((p) => context.profileIds.get(p.key)!)),
  );
  const rows: (TipRow & { id: string; createdAt: Date })[] = [];
  const allocationRows: (typeof tipAllocations.$inferInsert)[] = [];

  const baseTip = (createdAt: Date) => {
    const amountCents = amount();
    const feeCovered = random() < 0.4;
    const roll = random();
    // Paid tips wait ('Ausstehend') until the payout history below carries them.
    const status: TipStatus = roll < 0.03 ? 'failed' : roll < 0.05 ? 'cancelled' : 'pending';
    const paid = status === 'pending';
    const hasMessage = paid && random() < 0.35;
    const hasFeedback = hasMessage && random() < 0.6;
    return {
      id: randomUUID(),
      businessId,
      amountCents,
      platformFeeCents: feeCovered ? 45 : 0,
      platformFeeCovered: feeCovered,
      currency: 'eur',
      status,
      paymentMethod: method(),
      paymentProvider: 'demo' as const,
      paymentIntentId: randomId('pi_demo_'),
      guestMessage: hasMessage ? pick(GUEST_MESSAGES) : null,
      feedbackEmoji: hasFeedback ? pick(FEEDBACK_EMOJIS) : null,
      feedbackAt: hasFeedback ? new Date(createdAt.getTime() + 60_000) : null,
      failureReason: status === 'failed' ? 'card_declined' : null,
      createdAt,
      updatedAt: createdAt,
      paidAt: paid ? new Date(createdAt.getTime() + 2_000) : null,
    };
  };
  /** Shares of a paid tip, paid out with it when it is older than a week. */
  const share = (
    tip: (typeof rows)[number],
    shares: Omit<typeof tipAllocations.$inferInsert, 'tipId' | 'createdAt'>[],
  ) => {
    const written = shares.map((entry) => ({ ...entry, tipId: tip.id, createdAt: tip.createdAt }));
    if (history.isPaidOut(tip.createdAt)) history.payShares(tip, written);
    allocationRows.push(...written);
  };

  for (let daysAgo = SEED_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    for (const employee of EMPLOYEES) {
      for (let i = poisson(employee.tipsPerDay); i > 0; i -= 1) {
        const viaLegacy = employee.key === 'ben' && random() < 0.15;
        const employeeId = context.profileIds.get(employee.key)!;
        const tip = {
          ...baseTip(timeOnDay(daysAgo)),
          employeeId,
          tipSource: 'direct' as const,
          ...(viaLegacy
            ? { qrCodeId: context.legacyQrCodeId }
            : {
                entrypointId: context.entrypointIds.get(employee.uid)!,
                entrypointUid: employee.uid,
              }),
        };
        if (tip.status === 'pending' && history.isPaidOut(tip.createdAt)) {
          history.payDirect(tip, employeeId);
        }
        rows.push(tip);
      }
    }
    for (const team of TEAMS) {
      for (let i = poisson(0.7); i > 0; i -= 1) {
        const tip = {
          ...baseTip(timeOnDay(daysAgo)),
          teamId: context.teamIds.get(team.uid)!,
          tipSource: 'team' as const,
          entrypointId: context.entrypointIds.get(team.uid)!,
          entrypointUid: team.uid,
        };
        rows.push(tip);
        if (tip.status !== 'pending') continue;
        const weights = team.members.map((m) => (team.splitRule === 'weighted' ? m.weight : 1));
        const parts = splitCents(tip.amountCents, weights);
        const weightSum = weights.reduce((a, b) => a + b, 0);
        share(
          tip,
          team.members.map((member, index) => ({
            profileId: context.profileIds.get(member.key)!,
            amountCents: parts[index]!,
            weight: weights[index]!,
            reason: splitReason(team.splitRule, {
              members: team.members.length,
              weight: weights[index]!,
              weightSum,
            }),
          })),
        );
      }
    }
    for (const object of OBJECTS) {
      for (let i = poisson(0.5); i > 0; i -= 1) {
        const tip = {
          ...baseTip(timeOnDay(daysAgo)),
          tipSource: 'direct' as const,
          entrypointId: context.entrypointIds.get(object.uid)!,
          entrypointUid: object.uid,
        };
        rows.push(tip);
        // Most were paid while someone was on shift there; the rest wait in the owner's pool.
        if (tip.status !== 'pending' || random() < 0.25) continue;
        share(tip, [
          {
            profileId: context.profileIds.get(object.onShift)!,
            amountCents: tip.amountCents,
            weight: 1,
            reason: splitReason(
              'equal',
              { members: 1, weight: 1, weightSum: 1 },
              {
                place: object.label,
              },
            ),
          },
        ]);
      }
    }
  }

  const visits = visitsBehind(rows, businessId, 20_240_501);
  // Payouts first: paid-out tips point at theirs.
  const paidPayouts = history.rows();
  const paidBatches = history.batches();
  if (paidBatches.length > 0) await tx.insert(payoutBatches).values(paidBatches);
  if (paidPayouts.length > 0) await tx.insert(payouts).values(paidPayouts);
  const chunk = 200;
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(tips).values(rows.slice(i, i + chunk));
  }
  for (let i = 0; i < allocationRows.length; i += chunk) {
    await tx.insert(tipAllocations).values(allocationRows.slice(i, i + chunk));
  }
  await insertVisits(tx, visits);
  return rows.length;
}

type VisitRow = typeof analyticsEvents.$inferInsert;

/**
 * The tip page visits behind a business's demo tips (decision 0461): every tip was
 * started in a visit of its point, which it names, a few minutes before; and none, one or two
 * guests looked at the point during the hours before without tipping. The reports' conversion
 * then reads like a real business's (about half), not 100 %. Its own random sequence, so the
 * tips stay exactly as before.
 */
function visitsBehind(
  rows: (TipRow & { createdAt: Date })[],
  businessId: string,
  seed: number,
): VisitRow[] {
  const random = mulberry32(seed);
  const visitOf = (tip: TipRow, at: number): VisitRow => ({
    name: 'tip_page_loaded',
    businessId,
    entrypointUid: tip.entrypointUid ?? null,
    properties: {
      entry_type: tip.teamId ? 'team' : tip.employeeId ? 'person' : 'object',
      preset_amount: false,
      served: true,
    },
    visitId: randomBytes(32).toString('hex'),
    createdAt: new Date(Math.floor(at)),
  });
  const visits: VisitRow[] = [];
  for (const tip of rows) {
    const at = tip.createdAt.getTime();
    const visit = visitOf(tip, at - (1 + random() * 9) * 60_000);
    tip.visitId = visit.visitId;
    visits.push(visit);
    for (let looked = Math.floor(random() * 3); looked > 0; looked -= 1) {
      visits.push(visitOf(tip, at - random() * 3 * 60 * 60_000));
    }
  }
  return visits;
}

async function insertVisits(tx: Tx, visits: VisitRow[]): Promise<void> {
  for (let i = 0; i < visits.length; i += 500) {
    await tx.insert(analyticsEvents).values(visits.slice(i, i + 500));
  }
}
