import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../config';
import { StartupError } from '../../startup-error';

/**
 * The signing material, read once at start from files outside the repository (decision 0381).
 * A problem names the variable and the file, never the content; the keys are never logged.
 */
export interface AppleWalletKeys {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

export interface GoogleWalletKeys {
  issuerId: string;
  clientEmail: string;
  privateKey: KeyObject;
}

function readFile(variable: string, filePath: string): string {
  try {
    return readFileSync(filePath, 'utf8');
  } catch {
    throw new StartupError(`${variable}: Datei ${filePath} kann nicht gelesen werden`);
  }
}

function certificate(variable: string, filePath: string): { pem: string; parsed: X509Certificate } {
  const pem = readFile(variable, filePath);
  try {
    return { pem, parsed: new X509Certificate(pem) };
  } catch {
    throw new StartupError(`${variable}: ${filePath} ist kein Zertifikat im PEM-Format`);
  }
}

export function loadAppleWalletKeys(config: AppleWalletConfig): AppleWalletKeys {
  const signerKey = readFile('APPLE_WALLET_KEY', config.keyPath);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: signerKey, passphrase: config.keyPassphrase ?? '' });
  } catch {
    throw new StartupError(
      `APPLE_WALLET_KEY: ${config.keyPath} lässt sich nicht öffnen (PEM-Schlüssel; Passwort in APPLE_WALLET_KEY_PASSPHRASE?)`,
    );
  }
  const signerCert = certificate('APPLE_WALLET_CERT', config.certPath);
  // A key of another pair opens just as well, but every pass it signs is refused by the iPhone:
  // the start says so instead.
  if (!signerCert.parsed.checkPrivateKey(privateKey)) {
    throw new StartupError(
      `APPLE_WALLET_KEY: ${config.keyPath} gehört nicht zum Zertifikat in APPLE_WALLET_CERT (${config.certPath})`,
    );
  }
  return {
    passTypeId: config.passTypeId,
    teamId: config.teamId,
    signerCert: signerCert.pem,
    signerKey,
    signerKeyPassphrase: config.keyPassphrase,
    wwdr: certificate('APPLE_WALLET_WWDR', config.wwdrPath).pem,
  };
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(3),
  private_key: z.string().min(1),
});

export function loadGoogleWalletKeys(config: GoogleWalletConfig): GoogleWalletKeys {
  const text = readFile('GOOGLE_WALLET_SERVICE_ACCOUNT', config.serviceAccountPath);
  let parsed: z.infer<typeof serviceAccountSchema>;
  try {
    parsed = serviceAccountSchema.parse(JSON.parse(text));
  } catch {
    throw new StartupError(
      `GOOGLE_WALLET_SERVICE_ACCOUNT: ${config.serviceAccountPath} ist keine Schlüsseldatei eines Dienstkontos (JSON mit client_email und private_key)`,
    );
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(parsed.private_key);
  } catch {
    throw new StartupError(
      `GOOGLE_WALLET_SERVICE_ACCOUNT: private_key in ${config.serviceAccountPath} ist kein RSA-Schlüssel`,
    );
  }
  return { issuerId: config.issuerId, clientEmail: parsed.client_email, privateKey };
}
