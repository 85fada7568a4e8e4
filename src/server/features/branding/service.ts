import { assertUploadQuota } from '../media/cleanup';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditPayloads } from '../../../shared/domain/audit-events';
import {
  BRANDING_ERRORS,
  BRANDING_LIMITS,
  type Branding,
  type BrandingPreviewData,
  type BrandingUpdate,
  contrastIssuesOf,
} from '../../../shared/api/branding';
import { mediaIdFromUrl } from '../../../shared/api/profiles';
import { ERRORS } from '../../../shared/domain/errors';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { requireProIn } from '../plans/service';
import type { Actor } from '../auth/actor';
import { type ImageRules, processImage } from '../media/image';
import { findMediaBusiness, insertMedia } from '../media/queries';
import { mediaUrl } from '../media/service';
import { changesWhitelabel, mayManageBranding, mayUseLogo } from './policy';
import { type BrandingRow, presentAdminBranding, presentPreviewPerson } from './presenter';
import { findBusinessWithBranding, previewPersonOf, upsertBranding } from './queries';

/** What the branding feature needs from the app. */
export interface BrandingContext {
  database: Database;
  clock: Clock;
}

export interface BrandingScope {
  businessId: string;
  actor: Actor;
}

/** Logos: the same content check and re-encoding as profile pictures, 1 MB, at most 512 px. */
export const LOGO_RULES: ImageRules = {
  maxBytes: BRANDING_LIMITS.logoBytes,
  maxEdgePx: 512,
  errors: {
    tooLarge: BRANDING_ERRORS.logo_too_large,
    unsupported: BRANDING_ERRORS.logo_unsupported,
    empty: BRANDING_ERRORS.logo_empty,
  },
};

function ensureAllowed(scope: BrandingScope): void {
  if (!mayManageBranding(scope.actor, scope.businessId)) throw new AppError(ERRORS.forbidden);
}

async function loadRows(executor: Executor, businessId: string) {
  const row = await findBusinessWithBranding(executor, businessId);
  if (!row) throw new AppError(ERRORS.not_found);
  return { business: row.business, branding: (row.branding ?? null) as BrandingRow | null };
}

export async function getBranding(
  context: BrandingContext,
  scope: BrandingScope,
): Promise<Branding> {
  ensureAllowed(scope);
  const rows = await loadRows(context.database.db, scope.businessId);
  return presentAdminBranding(rows.branding, rows.business);
}

/** The real person of this business the branding preview shows. */
export async function getBrandingPreview(
  context: BrandingContext,
  scope: BrandingScope,
): Promise<BrandingPreviewData> {
  ensureAllowed(scope);
  return presentPreviewPerson(await previewPersonOf(context.database.db, scope.businessId));
}

/** The fields that changed, old and new, for the audit row (never image bytes). */
function changes(
  before: Branding,
  update: BrandingUpdate,
): AuditPayloads['branding_update']['changes'] {
  const changed: AuditPayloads['branding_update']['changes'] = {};
  for (const [key, value] of Object.entries(update) as [keyof BrandingUpdate, unknown][]) {
    if (before[key] !== value) changed[key] = { from: before[key], to: value };
  }
  return changed;
}

/**
 * Colour pairs below WCAG AA, named on the colour to change: the one this save changes against
 * the stored branding. Answered as the schema's field errors are.
 */
function throwIfUnreadable(update: BrandingUpdate, saved: Branding): void {
  const issues = contrastIssuesOf(update, saved);
  if (issues.length === 0) return;
  throw new AppError(ERRORS.validation_failed, {
    message: issues[0]!.message,
    details: issues.map((issue) => ({ path: `body.${issue.field}`, message: issue.message })),
  });
}

/**
 * Saves the branding of one business and writes its `branding_update` audit row in the same
 * transaction. The body was validated by the shared schema (formats, lengths, contrast); here the
 * logo must be an upload of this very business.
 */
export async function saveBranding(
  context: BrandingContext,
  scope: BrandingScope,
  update: BrandingUpdate,
  request: FastifyRequest,
): Promise<Branding> {
  ensureAllowed(scope);
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const current = await loadRows(tx, scope.businessId);
    const before = presentAdminBranding(current.branding, current.business);
    if (changesWhitelabel(before, update)) {
      await requireProIn(tx, context.clock, scope.businessId, 'branding');
    }
    throwIfUnreadable(update, before);
    const mediaId = update.logoUrl ? mediaIdFromUrl(update.logoUrl) : null;
    const logo = mediaId ? await findMediaBusiness(tx, mediaId) : undefined;
    const logoAllowed = mayUseLogo({
      requested: update.logoUrl,
      stored: before.logoUrl,
      mediaBusinessId: logo?.businessId,
      businessId: scope.businessId,
    });
    if (!logoAllowed) {
      throw new AppError(BRANDING_ERRORS.logo_not_found, {
        details: [{ path: 'body.logoUrl', message: BRANDING_ERRORS.logo_not_found.message }],
      });
    }
    const values = { ...update, updatedBy: scope.actor.userId, updatedAt: now };
    await upsertBranding(tx, scope.businessId, values);
    await writeAudit(tx, {
      actor: { ...scope.actor, businessId: scope.businessId },
      action: 'branding_update',
      targetType: 'branding',
      targetId: scope.businessId,
      payload: { changes: changes(before, update) },
      request,
    });
  });
  return getBranding(context, scope);
}

/**
 * Checks and stores an uploaded logo for the business; it takes effect when the branding is
 * saved with its URL. The upload alone changes nothing a guest sees, so it is not audited.
 */
export async function storeBrandingLogo(
  context: BrandingContext,
  scope: BrandingScope,
  upload: Buffer,
) {
  ensureAllowed(scope);
  await assertUploadQuota(context.database.db, scope.actor.userId, context.clock.now());
  const image = await processImage(upload, LOGO_RULES);
  const row = await insertMedia(context.database.db, {
    ownerUserId: scope.actor.userId,
    businessId: scope.businessId,
    contentType: image.contentType,
    byteSize: image.data.length,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.data).digest('hex'),
    data: image.data,
    createdAt: context.clock.now(),
  });
  return {
    logoUrl: mediaUrl(row.id),
    width: image.width,
    height: image.height,
    byteSize: row.byteSize,
  };
}
