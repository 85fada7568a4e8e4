import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletTestKeys,
  type WalletTestKeys,
} from '../../../../test/support/wallet-certificates';
import type { PassFacts } from './facts';
import { GOOGLE_SAVE_URL, googleSaveLink } from './google-link';
import { type GoogleWalletKeys, loadGoogleWalletKeys } from './keys';

const facts: PassFacts = {
  pointId: '7d1f3c2a-1111-4222-8333-944455556666',
  uid: 'aio-anna-schneider-4k7p',
  personName: 'Anna Schneider',
  jobTitle: null,
  businessName: 'Hotel Seeblick',
  colors: { primary: '#003057', secondary: '#C8C9C7', accent: '#C8AA61' },
  logoMediaId: null,
  tipLink: 'https://trinkgeld.example/t/aio-anna-schneider-4k7p',
};

let testKeys: WalletTestKeys;
let keys: GoogleWalletKeys;

beforeAll(() => {
  testKeys = createWalletTestKeys();
  keys = loadGoogleWalletKeys({
    issuerId: '3388000000012345678',
    serviceAccountPath: testKeys.serviceAccountPath,
  });
});

function decode(link: string) {
  expect(link.startsWith(GOOGLE_SAVE_URL)).toBe(true);
  const token = link.slice(GOOGLE_SAVE_URL.length);
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const verified = createVerify('RSA-SHA256')
    .update(`${header}.${claims}`)
    .verify(testKeys.serviceAccountPublicKey, Buffer.from(signature, 'base64url'));
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { header: json(header), claims: json(claims), verified, token };
}

describe('Google Wallet save link', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is a JWT signed with the service account key, carrying the tip link as QR code', () => {
    const link = googleSaveLink(facts, keys, {
      origin: 'https://trinkgeld.example',
      logoUrl: 'https://trinkgeld.example/api/media/x',
      now,
    });
    const { header, claims, verified } = decode(link);
    expect(verified).toBe(true);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: 'wallet@test-project.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
      iat: now.getTime() / 1000,
      origins: ['https://trinkgeld.example'],
    });
    const [object] = claims.payload.genericObjects;
    expect(claims.payload.genericClasses).toEqual([
      { id: '3388000000012345678.trinkgeld_tip_code' },
    ]);
    expect(object).toMatchObject({
      id: `3388000000012345678.${facts.pointId}`,
      classId: '3388000000012345678.trinkgeld_tip_code',
      barcode: { type: 'QR_CODE', value: facts.tipLink, alternateText: facts.uid },
      header: { defaultValue: { language: 'de', value: 'Anna Schneider' } },
      cardTitle: { defaultValue: { language: 'de', value: 'Hotel Seeblick' } },
      hexBackgroundColor: '#003057',
      logo: { sourceUri: { uri: 'https://trinkgeld.example/api/media/x' } },
    });
    expect(object.subheader).toBeUndefined();
  });

  it('does not verify once a claim is changed', () => {
    const { token } = decode(
      googleSaveLink(facts, keys, { origin: 'https://x.example', logoUrl: null, now }),
    );
    const [header, claims, signature] = token.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    forged.payload.genericObjects[0].barcode.value = 'https://evil.example/t/x';
    const forgedClaims = Buffer.from(JSON.stringify(forged)).toString('base64url');
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${forgedClaims}`)
      .verify(testKeys.serviceAccountPublicKey, Buffer.from(signature, 'base64url'));
    expect(verified).toBe(false);
  });

  it('refuses a key file that is not a service account key', () => {
    expect(() =>
      loadGoogleWalletKeys({
        issuerId: '3388000000012345678',
        serviceAccountPath: testKeys.caPath,
      }),
    ).toThrow(/^GOOGLE_WALLET_SERVICE_ACCOUNT: /);
  });
});
