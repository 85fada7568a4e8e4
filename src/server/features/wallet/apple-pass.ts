import { PKPass } from 'passkit-generator';
import { contrastRatio, normalizeHexColor } from '../../../shared/domain/contrast';
import { type PassFacts, PASS_TEXTS } from './facts';
import type { PassImages } from './images';
import type { AppleWalletKeys } from './keys';

export const PKPASS_MIME = 'application/vnd.apple.pkpass';

function rgb(hex: string): string {
  const value = normalizeHexColor(hex).slice(1);
  const channel = (offset: number) => Number.parseInt(value.slice(offset, offset + 2), 16);
  return `rgb(${channel(0)}, ${channel(2)}, ${channel(4)})`;
}

/**
 * The pass's colours from the branding: the primary colour as background, white or near-black
 * text, whichever reads better, and the accent for labels only where it keeps 3:1 (else the text
 * colour), so a business's colours never make its own pass unreadable.
 */
export function passColors(colors: PassFacts['colors']) {
  const background = normalizeHexColor(colors.primary);
  const foreground =
    contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#111111')
      ? '#FFFFFF'
      : '#111111';
  const label = contrastRatio(background, colors.accent) >= 3 ? colors.accent : foreground;
  return { background, foreground, label };
}

/** pass.json of a store card (Apple's type for a card one shows to be paid). */
export function passJson(facts: PassFacts, keys: Pick<AppleWalletKeys, 'passTypeId' | 'teamId'>) {
  const colors = passColors(facts.colors);
  return {
    formatVersion: 1,
    passTypeIdentifier: keys.passTypeId,
    teamIdentifier: keys.teamId,
    serialNumber: facts.pointId,
    organizationName: facts.businessName,
    description: PASS_TEXTS.description(facts.personName),
    logoText: facts.businessName,
    backgroundColor: rgb(colors.background),
    foregroundColor: rgb(colors.foreground),
    labelColor: rgb(colors.label),
    sharingProhibited: true,
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: facts.tipLink,
        messageEncoding: 'iso-8859-1',
        altText: facts.uid,
      },
    ],
    storeCard: {
      primaryFields: [{ key: 'name', label: PASS_TEXTS.nameLabel, value: facts.personName }],
      secondaryFields: facts.jobTitle
        ? [{ key: 'job', label: PASS_TEXTS.jobLabel, value: facts.jobTitle }]
        : [],
      auxiliaryFields: [
        { key: 'business', label: PASS_TEXTS.businessLabel, value: facts.businessName },
      ],
      backFields: [
        { key: 'how', label: PASS_TEXTS.howLabel, value: PASS_TEXTS.how },
        { key: 'link', label: PASS_TEXTS.linkLabel, value: facts.tipLink },
        { key: 'changed', label: PASS_TEXTS.changedLabel, value: PASS_TEXTS.changed },
      ],
    },
  };
}

/** The signed .pkpass (a zip with pass.json, images, manifest.json and its PKCS #7 signature). */
export function buildApplePass(facts: PassFacts, keys: AppleWalletKeys, images: PassImages) {
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson(facts, keys))),
      'icon.png': images.icon,
      'icon@2x.png': images.icon2x,
      'logo.png': images.logo,
      'logo@2x.png': images.logo2x,
    },
    {
      wwdr: keys.wwdr,
      signerCert: keys.signerCert,
      signerKey: keys.signerKey,
      ...(keys.signerKeyPassphrase ? { signerKeyPassphrase: keys.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}

/** "Anna Schneider" → "Trinkgeld-Anna-Schneider.pkpass": the person's name, safe in a header. */
export function passFileName(personName: string): string {
  const ascii = personName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `Trinkgeld-${ascii || 'Pass'}.pkpass`;
}
