import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Throwaway signing material for wallet tests, made with the machine's openssl: a certificate
 * authority standing in for Apple's WWDR intermediate, a pass signing certificate issued by it
 * (its key protected by a passphrase, as Apple's exports are), and a Google service-account key
 * file. Nothing here is a real Apple or Google credential.
 */
export interface WalletTestKeys {
  dir: string;
  caPath: string;
  certPath: string;
  keyPath: string;
  keyPassphrase: string;
  serviceAccountPath: string;
  serviceAccountPublicKey: string;
}

export function createWalletTestKeys(): WalletTestKeys {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-keys-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const keyPassphrase = 'test-passphrase';

  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=Pass Type ID: pass.test.trinkgeld',
    '-keyout',
    file('signer-plain.key'),
    '-out',
    file('signer.csr'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('signer.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    file('signer.pem'),
  );
  openssl(
    'pkey',
    '-in',
    file('signer-plain.key'),
    '-aes256',
    '-passout',
    `pass:${keyPassphrase}`,
    '-out',
    file('signer.key'),
  );

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccountPath = file('service-account.json');
  writeFileSync(
    serviceAccountPath,
    JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@test-project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
  );
  return {
    dir,
    caPath: file('ca.pem'),
    certPath: file('signer.pem'),
    keyPath: file('signer.key'),
    keyPassphrase,
    serviceAccountPath,
    serviceAccountPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** `openssl cms -verify`: true when `signature` (DER PKCS #7) signs `content` under the test CA. */
export function verifyDetachedSignature(
  keys: WalletTestKeys,
  signature: Buffer,
  content: Buffer,
): boolean {
  const signaturePath = path.join(keys.dir, `sig-${Date.now()}-${Math.random()}.der`);
  const contentPath = `${signaturePath}.content`;
  writeFileSync(signaturePath, signature);
  writeFileSync(contentPath, content);
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        signaturePath,
        '-content',
        contentPath,
        '-CAfile',
        keys.caPath,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

export function readText(filePath: string): string {
  return readFileSync(filePath, 'utf8');
}
