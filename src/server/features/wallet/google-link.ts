import { createSign } from 'node:crypto';
import { normalizeHexColor } from '../../../shared/domain/contrast';
import { type PassFacts, PASS_TEXTS } from './facts';
import type { GoogleWalletKeys } from './keys';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** One generic class per installation: every person's code is an object of it. */
export function googleClassId(issuerId: string): string {
  return `${issuerId}.trinkgeld_tip_code`;
}

function localized(value: string) {
  return { defaultValue: { language: 'de', value } };
}

/** The generic pass object: same content as the Apple pass (names, colour, QR of the tip link). */
export function googleObject(
  facts: PassFacts,
  keys: Pick<GoogleWalletKeys, 'issuerId'>,
  logoUrl: string | null,
) {
  return {
    id: `${keys.issuerId}.${facts.pointId}`,
    classId: googleClassId(keys.issuerId),
    state: 'ACTIVE',
    cardTitle: localized(facts.businessName),
    header: localized(facts.personName),
    ...(facts.jobTitle ? { subheader: localized(facts.jobTitle) } : {}),
    hexBackgroundColor: normalizeHexColor(facts.colors.primary),
    ...(logoUrl ? { logo: { sourceUri: { uri: logoUrl } } } : {}),
    barcode: { type: 'QR_CODE', value: facts.tipLink, alternateText: facts.uid },
    textModulesData: [
      { id: 'how', header: PASS_TEXTS.howLabel, body: PASS_TEXTS.how },
      { id: 'changed', header: PASS_TEXTS.changedLabel, body: PASS_TEXTS.changed },
    ],
  };
}

/**
 * The "save to Google Wallet" link: a JWT (RS256, signed with the service account's key) that
 * carries the class and the object, so nothing has to be created at Google beforehand.
 */
export function googleSaveLink(
  facts: PassFacts,
  keys: GoogleWalletKeys,
  options: { origin: string; logoUrl: string | null; now: Date },
): string {
  const header = { alg: 'RS256', typ: 'JWT' };
  const claims = {
    iss: keys.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(options.now.getTime() / 1000),
    origins: [options.origin],
    payload: {
      genericClasses: [{ id: googleClassId(keys.issuerId) }],
      genericObjects: [googleObject(facts, keys, options.logoUrl)],
    },
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(keys.privateKey);
  return `${GOOGLE_SAVE_URL}${unsigned}.${base64url(signature)}`;
}
