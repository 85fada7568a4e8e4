import { adminApiKeysTexts } from './admin-api-keys';
import { adminWebhooksTexts } from './admin-webhooks';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The texts of 'API und Webhooks' (/admin/api), loaded with that page (decision 0410). */
const de = {
  apiKeys: adminApiKeysTexts,
  webhooks: adminWebhooksTexts,
} as const;

export const adminApiKeysPart: AdminCataloguePart<Translation<typeof de>> = { de };
