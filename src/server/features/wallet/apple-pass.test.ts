import { createHash, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletTestKeys,
  readText,
  verifyDetachedSignature,
  type WalletTestKeys,
} from '../../../../test/support/wallet-certificates';
import { buildApplePass, passColors, passFileName } from './apple-pass';
import type { PassFacts } from './facts';
import { passImages } from './images';
import type { AppleWalletConfig } from '../../config';
import { StartupError } from '../../startup-error';
import { type AppleWalletKeys, loadAppleWalletKeys } from './keys';

const facts: PassFacts = {
  pointId: '7d1f3c2a-1111-4222-8333-944455556666',
  uid: 'aio-anna-schneider-4k7p',
  personName: 'Anna Schneider',
  jobTitle: 'Rezeptionistin',
  businessName: 'Hotel Seeblick',
  colors: { primary: '#003057', secondary: '#C8C9C7', accent: '#C8AA61' },
  logoMediaId: null,
  tipLink: 'https://trinkgeld.example/t/aio-anna-schneider-4k7p',
};

let testKeys: WalletTestKeys;
let keys: AppleWalletKeys;

beforeAll(() => {
  testKeys = createWalletTestKeys();
  keys = loadAppleWalletKeys(walletConfig());
});

async function unpacked(passFacts = facts) {
  const pass = buildApplePass(passFacts, keys, await passImages(null, passFacts.colors.primary));
  return unzipSync(new Uint8Array(pass));
}

describe('Apple Wallet pass', () => {
  it('carries the tip link as its QR barcode, the names and the brand colours', async () => {
    const files = await unpacked();
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.passTypeIdentifier).toBe('pass.test.trinkgeld');
    expect(pass.teamIdentifier).toBe('ABCDE12345');
    expect(pass.serialNumber).toBe(facts.pointId);
    expect(pass.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatQR', message: facts.tipLink }),
    ]);
    expect(pass.storeCard.primaryFields[0]).toMatchObject({ value: 'Anna Schneider' });
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ value: 'Rezeptionistin' });
    expect(pass.storeCard.auxiliaryFields[0]).toMatchObject({ value: 'Hotel Seeblick' });
    expect(pass.organizationName).toBe('Hotel Seeblick');
    expect(pass.backgroundColor).toBe('rgb(0, 48, 87)');
    expect(pass.foregroundColor).toBe('rgb(255, 255, 255)');
    expect(pass.labelColor).toBe('rgb(200, 170, 97)');
    expect(pass.storeCard.backFields.map((f: { value: string }) => f.value)).toContain(
      facts.tipLink,
    );
    expect(files['icon.png']).toBeDefined();
    expect(files['logo@2x.png']).toBeDefined();
  });

  it('lists every file in manifest.json with its SHA-1, and the signature verifies', async () => {
    const files = await unpacked();
    const manifestBytes = Buffer.from(files['manifest.json']!);
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as Record<string, string>;
    const contentFiles = Object.keys(files).filter(
      (name) => name !== 'manifest.json' && name !== 'signature',
    );
    expect(Object.keys(manifest).sort()).toEqual(contentFiles.sort());
    for (const name of contentFiles) {
      const digest = createHash('sha1').update(files[name]!).digest('hex');
      expect(manifest[name], name).toBe(digest);
    }
    expect(verifyDetachedSignature(testKeys, Buffer.from(files.signature!), manifestBytes)).toBe(
      true,
    );
    // The same signature over a changed manifest does not verify: the check is real.
    const tampered = Buffer.from(manifestBytes.toString('utf8').replace(/"[0-9a-f]{40}"/, '"0"'));
    expect(verifyDetachedSignature(testKeys, Buffer.from(files.signature!), tampered)).toBe(false);
  });

  it('keeps labels readable on a light brand colour', () => {
    expect(passColors({ primary: '#F5F0E6', secondary: '#FFFFFF', accent: '#FFE082' })).toEqual({
      background: '#F5F0E6',
      foreground: '#111111',
      label: '#111111',
    });
  });

  it('names the file after the person, safe for a header', () => {
    expect(passFileName('Jürgen Weiß-Öztürk')).toBe('Trinkgeld-Jurgen-Weiss-Ozturk.pkpass');
    expect(passFileName('"; rm -rf')).toBe('Trinkgeld-rm-rf.pkpass');
  });

  it('refuses a key it cannot open, naming the variable and not the content', () => {
    expect(() => loadAppleWalletKeys({ ...walletConfig(), keyPassphrase: 'wrong' })).toThrow(
      /^APPLE_WALLET_KEY: .* lässt sich nicht öffnen/,
    );
    expect(() => loadAppleWalletKeys({ ...walletConfig(), certPath: testKeys.keyPath })).toThrow(
      /^APPLE_WALLET_CERT: /,
    );
    expect(readText(testKeys.keyPath)).toContain('ENCRYPTED');
  });

  it('refuses a key of another key pair than the certificate, in one German line', () => {
    // Such a key opens, but iPhones refuse every pass it signs.
    const otherKeyPath = path.join(testKeys.dir, 'other-pair.key');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(otherKeyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const load = () => loadAppleWalletKeys({ ...walletConfig(), keyPath: otherKeyPath });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(
      `APPLE_WALLET_KEY: ${otherKeyPath} gehört nicht zum Zertifikat in APPLE_WALLET_CERT (${testKeys.certPath})`,
    );
    expect(() => load()).not.toThrow(/\n/);
  });

  it('takes the matching key, encrypted with its passphrase or plain', () => {
    expect(loadAppleWalletKeys(walletConfig()).signerKeyPassphrase).toBe(testKeys.keyPassphrase);
    const plainKeyPath = path.join(testKeys.dir, 'signer-plain.key');
    expect(
      loadAppleWalletKeys({ ...walletConfig(), keyPath: plainKeyPath, keyPassphrase: undefined })
        .signerKey,
    ).toBe(readText(plainKeyPath));
  });
});

function walletConfig(): AppleWalletConfig {
  return {
    passTypeId: 'pass.test.trinkgeld',
    teamId: 'ABCDE12345',
    certPath: testKeys.certPath,
    keyPath: testKeys.keyPath,
    keyPassphrase: testKeys.keyPassphrase,
    wwdrPath: testKeys.caPath,
  };
}
