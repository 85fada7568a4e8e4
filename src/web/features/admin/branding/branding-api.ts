import type {
  Branding,
  BrandingLogoUpload,
  BrandingPreviewData,
  BrandingUpdateInput,
} from '../../../../shared/api/branding';
import { api } from '../../../lib/api';
import { scoped } from '../business-scope';

/** The branding calls, always in the selected business (the server checks the scope). */
export const brandingApi = {
  get: (businessId: string | null) => api.get<Branding>(scoped('/api/admin/branding', businessId)),
  preview: (businessId: string | null) =>
    api.get<BrandingPreviewData>(scoped('/api/admin/branding/preview', businessId)),
  save: (businessId: string | null, body: BrandingUpdateInput) =>
    api.put<Branding>(scoped('/api/admin/branding', businessId), body),
  uploadLogo: (businessId: string | null, file: File) =>
    api.post<BrandingLogoUpload>(scoped('/api/admin/branding/logo', businessId), file),
};

export const brandingKey = (businessId: string | null) =>
  ['admin', 'branding', businessId] as const;

export const brandingPreviewKey = (businessId: string | null) =>
  ['admin', 'branding', businessId, 'preview'] as const;
