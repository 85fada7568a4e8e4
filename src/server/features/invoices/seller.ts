import type { InvoicePartyRecord } from '../../../shared/domain/plans';
import type { Config } from '../../config';

/**
 * The demo's stand-in for the operator on invoices (outside production, where LEGAL_* may be
 * unset): plainly marked as an example, so a demo invoice is never mistaken for a real one.
 */
const DEMO_SELLER = {
  name: 'Trinkgeld Demo GmbH (Beispiel)',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE999999999',
  phone: '+49 30 0000000',
} as const;

/** "Uferweg 1, 82319 Starnberg" → street, postal code and city; null when it is not that shape. */
export function postalAddressOf(
  address: string,
): { street: string; postalCode: string; city: string } | null {
  const match = /^(.+?),\s*(?:D-)?(\d{4,5})\s+(.+)$/.exec(address.trim());
  if (!match) return null;
  return { street: match[1]!.trim(), postalCode: match[2]!, city: match[3]!.trim() };
}

/**
 * The operator as the seller on Pro's invoices, from LEGAL_OPERATOR, LEGAL_ADDRESS, VAT_ID,
 * LEGAL_PHONE and CONTACT_EMAIL (decision 0615); null in production while any is missing, so no
 * invoice without the fields § 14 (4) UStG requires is ever issued. The demo fills gaps with
 * DEMO_SELLER.
 */
export function sellerOf(
  config: Pick<Config, 'legal' | 'contactEmail' | 'nodeEnv'>,
): InvoicePartyRecord | null {
  const { legal } = config;
  const address = legal.address ? postalAddressOf(legal.address) : null;
  if (legal.operator && address && legal.vatId && legal.phone) {
    return {
      name: legal.operator,
      ...address,
      countryCode: 'DE',
      vatId: legal.vatId,
      email: config.contactEmail,
      phone: legal.phone,
    };
  }
  if (config.nodeEnv === 'production') return null;
  return { ...DEMO_SELLER, email: config.contactEmail };
}
