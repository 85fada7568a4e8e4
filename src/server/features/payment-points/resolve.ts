import {
  ENTRYPOINT_DEACTIVATED_WITHOUT_ALTERNATIVE,
  ENTRYPOINT_ERRORS,
  type GuestAlternative,
} from '../../../shared/api/entrypoints';
import type { EntrypointType, TipSource } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import { activeTeamMembers, firstNamesOnShift, onShiftAt } from '../shifts/on-shift';
import { guestCodeProblem, looksLikeLegacyCode } from './guest-policy';
import {
  type BrandingRow,
  businessIdOfLegacyQrCode,
  businessIdOfPaymentPoint,
  type EntrypointMetadata,
  findBranding,
  findBusiness,
  findLegacyQrCode,
  findPaymentPointByUid,
  findPersonInBusiness,
  findProfileWithAccount,
  findTeam,
  findWholeBusinessPage,
  type LegacyQrCodeRow,
  listTeamPagesOf,
  nextShiftBoundary,
  type PaymentPointRow,
  type ProfileRow,
  type TeamRow,
} from './queries/guest';

export type { BrandingRow };
export { touchLegacyQrCode } from './queries/guest';

/** A code resolved to whoever receives a tip through it, with everything the guest page shows. */
export interface ResolvedCode {
  code: string;
  source: 'entrypoint' | 'legacy';
  type: EntrypointType;
  label: string | null;
  metadata: EntrypointMetadata;
  entrypointId: string | null;
  qrCodeId: string | null;
  business: { id: string; name: string };
  branding: BrandingRow | null;
  /** The person of a person point or legacy code. */
  employee: ProfileRow | null;
  /** The team of a team point. */
  team: TeamRow | null;
  /** How many people a team tip would be split among right now (team points only). */
  teamMemberCount?: number;
  /** Shift routing at the moment asked (decision 0122): first names on shift at an object. */
  onShiftNames?: string[];
  /** How many of the team are on shift at that moment (0: the team has no shift now). */
  teamOnShift?: number;
}

/**
 * Looks a code up the way the spec loads an entry: the payment point by uid first, then the
 * legacy QR code. Throws the guest-facing error when nobody can be tipped through it.
 */
export async function resolveGuestCode(
  executor: Executor,
  code: string,
  /** With a moment, who is on shift then is resolved too (the guest's receiver note). */
  at?: Date,
): Promise<ResolvedCode> {
  // Whether the code works is decided by the one definition the lists and counts use too
  // (decision 0475); the checks below only find the reason the guest is told when it does not.
  const entry = await findPaymentPointByUid(executor, code);
  if (entry) {
    const resolved = await resolvePaymentPoint(executor, entry.row, at);
    if (!entry.works) throw new AppError(ENTRYPOINT_ERRORS.recipient_not_found);
    return resolved;
  }

  const legacy = await findLegacyQrCode(executor, code);
  if (legacy) {
    const resolved = await resolveLegacy(executor, legacy.row, at);
    if (!legacy.works) throw new AppError(ENTRYPOINT_ERRORS.qr_code_invalid);
    return resolved;
  }

  throw problem({
    found: 'none',
    looksLegacy: looksLikeLegacyCode(code),
    businessActive: false,
    codeActive: false,
    recipientExists: false,
  });
}

async function resolvePaymentPoint(
  executor: Executor,
  entry: PaymentPointRow,
  at?: Date,
): Promise<ResolvedCode> {
  const business = await loadBusiness(executor, entry.businessId);
  let employee: ProfileRow | null = null;
  let team: TeamRow | null = null;
  let recipientExists: boolean;
  let codeActive = entry.active;
  if (entry.targetType === 'user') {
    employee = await loadEmployee(executor, entry.targetId);
    recipientExists = employee !== null;
    if (!employee && business?.active && entry.active) {
      await throwIfDeactivated(executor, entry.businessId, entry.targetId, at ?? new Date());
    }
  } else if (entry.targetType === 'team') {
    team = await findTeam(executor, entry.targetId);
    recipientExists = team !== null;
    codeActive = codeActive && (team?.active ?? true);
  } else {
    // An object point (table, bar) tips the business pool of the point's own business.
    recipientExists = true;
  }
  throwIfProblem({
    found: 'entrypoint',
    looksLegacy: false,
    businessActive: business?.active ?? false,
    codeActive,
    recipientExists: recipientExists && business !== null,
  });
  return {
    code: entry.uid,
    source: 'entrypoint',
    type: entry.type,
    label: entry.label,
    metadata: entry.metadata,
    entrypointId: entry.id,
    qrCodeId: null,
    business: { id: business!.id, name: business!.name },
    branding: await loadBranding(executor, business!.id),
    employee,
    team,
    ...(team ? { teamMemberCount: (await activeTeamMembers(executor, team)).length } : {}),
    ...(at && entry.type === 'object'
      ? { onShiftNames: await firstNamesOnShift(executor, entry.id, at) }
      : {}),
    ...(at && team
      ? { teamOnShift: (await onShiftAt(executor, { teamId: team.id }, at)).length }
      : {}),
  };
}

async function resolveLegacy(
  executor: Executor,
  legacy: LegacyQrCodeRow,
  at?: Date,
): Promise<ResolvedCode> {
  const employee = await loadEmployee(executor, legacy.employeeId);
  const businessId = legacy.businessId ?? employee?.businessId ?? null;
  const business = businessId ? await loadBusiness(executor, businessId) : null;
  if (!employee && business?.active && legacy.isActive) {
    await throwIfDeactivated(executor, business.id, legacy.employeeId, at ?? new Date());
  }
  throwIfProblem({
    found: 'legacy',
    looksLegacy: true,
    businessActive: business?.active ?? false,
    codeActive: legacy.isActive,
    recipientExists: employee !== null && business !== null,
  });
  return {
    code: legacy.code,
    source: 'legacy',
    type: 'person',
    label: null,
    metadata: {},
    entrypointId: null,
    qrCodeId: legacy.id,
    business: { id: business!.id, name: business!.name },
    branding: await loadBranding(executor, business!.id),
    employee,
    team: null,
  };
}

/**
 * A deactivated person's code: the guest is told so and offered the tip pages of the
 * teams the person is still in and the business's page as a whole (decision 0122), as the error's
 * `alternatives` (decision 0270). Never another object (a table, the bar): its tips go to whoever
 * is on shift there, not to the business (decision 0470).
 */
async function throwIfDeactivated(
  executor: Executor,
  businessId: string,
  profileId: string,
  at: Date,
) {
  const person = await findPersonInBusiness(executor, businessId, profileId);
  if (!person?.disabledAt) return;
  const teamPoints = await teamPagesOf(executor, businessId, profileId);
  const [businessPoint] = await findWholeBusinessPage(executor, businessId, at);
  // Facts, not labels: the page names them in the guest's language (decision 0270).
  const alternatives: GuestAlternative[] = [
    ...teamPoints.map((point) => ({
      path: `/t/${point.uid}`,
      kind: 'team' as const,
      name: point.name,
    })),
    ...(businessPoint
      ? [{ path: `/t/${businessPoint.uid}`, kind: 'business' as const, name: businessPoint.name }]
      : []),
  ];
  throw new AppError(ENTRYPOINT_ERRORS.recipient_deactivated, {
    ...(alternatives.length === 0 ? { message: ENTRYPOINT_DEACTIVATED_WITHOUT_ALTERNATIVE } : {}),
    alternatives,
  });
}

/** One active tip page per active team of the business the person is still in, by team name. */
async function teamPagesOf(executor: Executor, businessId: string, profileId: string) {
  const rows = await listTeamPagesOf(executor, businessId, profileId);
  // A team with several points is offered once, through its first.
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.teamId) && seen.add(row.teamId));
}

function throwIfProblem(facts: Parameters<typeof guestCodeProblem>[0]): void {
  const code = guestCodeProblem(facts);
  if (code) throw new AppError(ENTRYPOINT_ERRORS[code]);
}

function problem(facts: Parameters<typeof guestCodeProblem>[0]): AppError {
  return new AppError(ENTRYPOINT_ERRORS[guestCodeProblem(facts) ?? 'code_not_found']);
}

function loadBusiness(executor: Executor, id: string) {
  return findBusiness(executor, id);
}

/** A person who can be tipped: named (so the guest can recognise them), and not deactivated. */
async function loadEmployee(executor: Executor, id: string): Promise<ProfileRow | null> {
  const found = await findProfileWithAccount(executor, id);
  const row = found && !found.disabledAt ? found.profile : undefined;
  return row && row.fullName && row.fullName.trim() !== '' ? row : null;
}

export function loadBranding(executor: Executor, businessId: string): Promise<BrandingRow | null> {
  return findBranding(executor, businessId);
}

/**
 * The business a code belongs to, whether or not the code can be tipped right now: the guest
 * error pages of an inactive or orphaned code still wear the business's branding.
 */
export async function businessOfCode(
  executor: Executor,
  code: string,
): Promise<{ id: string; name: string } | null> {
  const businessId =
    (await businessIdOfPaymentPoint(executor, code)) ??
    (await businessIdOfLegacyQrCode(executor, code));
  if (!businessId) return null;
  const business = await loadBusiness(executor, businessId);
  return business ? { id: business.id, name: business.name } : null;
}

/**
 * The next moment after `at` at which who is on shift through this code changes (a shift of its
 * object point or team starts or ends; whole-day shifts end at midnight in Berlin), or null when
 * nothing is planned. The guest's receiver note can change then without any write.
 */
export async function nextShiftChange(
  executor: Executor,
  resolved: Pick<ResolvedCode, 'type' | 'entrypointId' | 'team'>,
  at: Date,
): Promise<Date | null> {
  const target =
    resolved.team !== null
      ? { teamId: resolved.team.id }
      : resolved.type === 'object' && resolved.entrypointId
        ? { paymentPointId: resolved.entrypointId }
        : null;
  if (!target) return null;
  return nextShiftBoundary(executor, target, at);
}

/** Who a tip through this code belongs to (docs/decisions/0020-who-receives-a-tip.md). */
export interface TipRecipient {
  employeeId: string | null;
  teamId: string | null;
  tipSource: TipSource;
}

export function tipRecipientOf(resolved: ResolvedCode): TipRecipient {
  if (resolved.team) return { employeeId: null, teamId: resolved.team.id, tipSource: 'team' };
  if (resolved.employee) {
    return { employeeId: resolved.employee.id, teamId: null, tipSource: 'direct' };
  }
  return { employeeId: null, teamId: null, tipSource: 'direct' };
}
