import type { WalletLinks } from '../../../shared/api/wallet';
import { PAYMENT_POINT_ERRORS } from '../../../shared/api/payment-points';
import { WALLET_ERRORS } from '../../../shared/api/wallet';
import { AppError } from '../../http/errors';
import { findQrCard } from '../payment-points/qr-card';
import { buildApplePass, passFileName } from './apple-pass';
import type { WalletContext } from './context';
import type { PassFacts } from './facts';
import { googleSaveLink } from './google-link';
import { passImages } from './images';
import { mayIssuePass } from './policy';
import {
  findBusinessImage,
  findPassRowByUid,
  findPassRowInBusiness,
  type PassRow,
} from './queries';

const DEFAULT_COLORS = { primary: '#003057', secondary: '#C8C9C7', accent: '#C8AA61' };
const MEDIA_PATH = /^\/api\/media\/([0-9a-f-]{36})$/;

function factsOf(row: PassRow, origin: string): PassFacts {
  const logoMediaId = row.logoUrl ? (MEDIA_PATH.exec(row.logoUrl)?.[1] ?? null) : null;
  return {
    pointId: row.pointId,
    uid: row.uid,
    personName: row.personName ?? '',
    jobTitle: row.jobTitle,
    businessName: row.companyName ?? row.businessName,
    colors: {
      primary: row.primaryColor ?? DEFAULT_COLORS.primary,
      secondary: row.secondaryColor ?? DEFAULT_COLORS.secondary,
      accent: row.accentColor ?? DEFAULT_COLORS.accent,
    },
    logoMediaId,
    tipLink: `${origin}/t/${row.uid}`,
  };
}

function issuable(row: PassRow | undefined): PassRow {
  if (!row) throw new AppError(PAYMENT_POINT_ERRORS.entrypoint_not_found);
  if (!mayIssuePass(row)) throw new AppError(WALLET_ERRORS.wallet_not_person_point);
  return row;
}

/** The signed-in employee's own code: the point 'Mein QR-Code' shows. */
async function employeeRow(context: WalletContext, employeeId: string): Promise<PassRow> {
  const card = await findQrCard(context.db, employeeId, context.origin);
  if (card.source !== 'entrypoint') throw new AppError(WALLET_ERRORS.wallet_no_point);
  return issuable(await findPassRowByUid(context.db, card.uid));
}

async function pointRow(context: WalletContext, businessId: string, pointId: string) {
  return issuable(await findPassRowInBusiness(context.db, businessId, pointId));
}

export interface PassFile {
  fileName: string;
  data: Buffer;
}

async function applePass(context: WalletContext, row: PassRow): Promise<PassFile> {
  if (!context.apple) throw new AppError(WALLET_ERRORS.apple_wallet_unavailable);
  const facts = factsOf(row, context.origin);
  const logo = facts.logoMediaId
    ? await findBusinessImage(context.db, row.businessId, facts.logoMediaId)
    : null;
  const images = await passImages(logo, facts.colors.primary);
  return {
    fileName: passFileName(facts.personName),
    data: buildApplePass(facts, context.apple, images),
  };
}

function googleLink(context: WalletContext, row: PassRow): string {
  if (!context.google) throw new AppError(WALLET_ERRORS.google_wallet_unavailable);
  const facts = factsOf(row, context.origin);
  // Google fetches the logo itself, so only a public https address is of use to it.
  const logoUrl =
    row.logoUrl && context.origin.startsWith('https://') ? `${context.origin}${row.logoUrl}` : null;
  return googleSaveLink(facts, context.google, {
    origin: context.origin,
    logoUrl,
    now: context.clock.now(),
  });
}

export async function employeeApplePass(context: WalletContext, employeeId: string) {
  if (!context.apple) throw new AppError(WALLET_ERRORS.apple_wallet_unavailable);
  return applePass(context, await employeeRow(context, employeeId));
}

export async function pointApplePass(context: WalletContext, businessId: string, pointId: string) {
  if (!context.apple) throw new AppError(WALLET_ERRORS.apple_wallet_unavailable);
  return applePass(context, await pointRow(context, businessId, pointId));
}

export async function employeeGoogleLink(context: WalletContext, employeeId: string) {
  if (!context.google) throw new AppError(WALLET_ERRORS.google_wallet_unavailable);
  return googleLink(context, await employeeRow(context, employeeId));
}

export async function pointGoogleLink(context: WalletContext, businessId: string, pointId: string) {
  if (!context.google) throw new AppError(WALLET_ERRORS.google_wallet_unavailable);
  return googleLink(context, await pointRow(context, businessId, pointId));
}

/** The browser's links for the employee's own card (null: not offered here). */
export function employeeWalletLinks(context: Pick<WalletContext, 'apple' | 'google'>): WalletLinks {
  return {
    apple: context.apple ? '/api/employee/wallet/apple' : null,
    google: context.google ? '/api/employee/wallet/google' : null,
  };
}

/** The links for a point in the admin's details dialog: issuable person points only. */
export async function pointWalletLinks(
  context: WalletContext,
  businessId: string,
  pointId: string,
): Promise<WalletLinks> {
  const row = await findPassRowInBusiness(context.db, businessId, pointId);
  if (!row) throw new AppError(PAYMENT_POINT_ERRORS.entrypoint_not_found);
  const offered = mayIssuePass(row);
  const base = `/api/admin/payment-points/${pointId}/wallet`;
  return {
    apple: offered && context.apple ? `${base}/apple` : null,
    google: offered && context.google ? `${base}/google` : null,
  };
}
