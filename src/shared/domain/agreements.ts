/**
 * The contracts a business accepts when it signs up (decision 0326): the terms (AGB) and the
 * data-processing agreement under Art. 28 GDPR (Auftragsverarbeitungsvertrag, AVV). A version
 * changes whenever the text changes; each acceptance stores the version it was given.
 */
export const AGREEMENT_DOCUMENTS = ['terms', 'dpa'] as const;
export type AgreementDocument = (typeof AGREEMENT_DOCUMENTS)[number];

export const TERMS_VERSION = '2026-11';
export const DPA_VERSION = '2026-11';

export const AGREEMENT_VERSIONS: Record<AgreementDocument, string> = {
  terms: TERMS_VERSION,
  dpa: DPA_VERSION,
};

/** Where each contract can be read (server-rendered pages of features/legal). */
export const AGREEMENT_PATHS: Record<AgreementDocument, string> = {
  terms: '/agb',
  dpa: '/avv',
};

export const AGREEMENT_TITLES: Record<AgreementDocument, string> = {
  terms: 'Allgemeine Geschäftsbedingungen (AGB)',
  dpa: 'Vertrag zur Auftragsverarbeitung (AVV)',
};
