import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { type FieldPath, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import {
  BRANDING_ERRORS,
  BRANDING_LIMITS,
  type Branding,
  type BrandingUpdate,
  type BrandingUpdateInput,
  brandingFormValues,
  brandingUpdateSchemaAgainst,
  DEFAULT_BRANDING,
} from '../../../../shared/api/branding';
import {
  BRANDING_FONTS,
  BRANDING_LANGUAGES,
  BRANDING_TONALITIES,
  PROFILE_IMAGE_TYPES,
} from '../../../../shared/domain/constants';
import { isHexColor, normalizeHexColor } from '../../../../shared/domain/contrast';
import { Button } from '../../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { Input, Textarea } from '../../../components/ui/Field';
import { FormField } from '../../../components/ui/FormField';
import { Tabs } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { brandingApi, brandingKey } from './branding-api';
import { BrandingPreview } from './BrandingPreview';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminBrandingPart } from '../../../../shared/i18n/admin-catalogue-branding';
import { ProMark } from '../plan/ProNotice';

type Form = UseFormReturn<BrandingUpdateInput, unknown, BrandingUpdate>;
type TabKey = keyof (typeof adminBrandingPart)['de']['branding']['tabs'];

const TAB_OF_FIELD: Record<keyof BrandingUpdateInput, TabKey> = {
  primaryColor: 'colors',
  secondaryColor: 'colors',
  accentColor: 'colors',
  companyName: 'text',
  thankYouMessage: 'text',
  tonality: 'text',
  fontFamily: 'content',
  language: 'content',
  logoUrl: 'media',
};

/** Contrast ties the three colours together: a change to one can fix or break the others. */
const COLOR_FIELDS = ['primaryColor', 'secondaryColor', 'accentColor'] as const;

const selectClasses =
  'h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground';

export const formValues = brandingFormValues;

function ColorField({
  form,
  name,
  locked,
}: {
  form: Form;
  name: 'primaryColor' | 'secondaryColor' | 'accentColor';
  /** On Basis the colour is shown and sent as saved: the whitelabel part is Pro. */
  locked: boolean;
}) {
  const {
    labels: { brandingFields: BRANDING_FIELD_LABELS },
  } = useAdminTexts(adminBrandingPart);
  const { branding: t } = useAdminTexts(adminBrandingPart);
  const value = useWatch({ control: form.control, name }) ?? '';
  const normalized = normalizeHexColor(value);
  const label = BRANDING_FIELD_LABELS[name];
  return (
    <FormField id={`branding-${name}`} label={label} error={form.formState.errors[name]?.message}>
      {(a11y) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t.colors.picker(label)}
            value={isHexColor(normalized) ? normalized.toLowerCase() : '#000000'}
            disabled={locked}
            onChange={(event) => {
              form.setValue(name, event.target.value.toUpperCase(), { shouldDirty: true });
              void form.trigger(COLOR_FIELDS);
            }}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1"
          />
          <Input
            {...a11y}
            {...form.register(name, { onChange: () => void form.trigger(COLOR_FIELDS) })}
            readOnly={locked}
            spellCheck={false}
            autoComplete="off"
            className="font-mono uppercase"
          />
        </div>
      )}
    </FormField>
  );
}

function LogoField({
  form,
  businessId,
  readOnly,
}: {
  form: Form;
  businessId: string | null;
  /** On Basis: the saved logo shows, but uploading or removing it is Pro. */
  readOnly: boolean;
}) {
  const {
    labels: { brandingFields: BRANDING_FIELD_LABELS },
  } = useAdminTexts(adminBrandingPart);
  const { branding: t } = useAdminTexts(adminBrandingPart);
  const logoUrl = useWatch({ control: form.control, name: 'logoUrl' });
  const [uploading, setUploading] = useState(false);
  const error = form.formState.errors.logoUrl?.message;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The browser's check saves a pointless upload; the server decides by the bytes themselves.
    if (file.size > BRANDING_LIMITS.logoBytes) {
      form.setError('logoUrl', { message: BRANDING_ERRORS.logo_too_large.message });
      return;
    }
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      form.setError('logoUrl', { message: BRANDING_ERRORS.logo_unsupported.message });
      return;
    }
    setUploading(true);
    try {
      const uploaded = await brandingApi.uploadLogo(businessId, file);
      form.clearErrors('logoUrl');
      form.setValue('logoUrl', uploaded.logoUrl, { shouldDirty: true, shouldValidate: true });
      toast({ title: t.media.uploaded, description: t.media.uploadedHint, variant: 'success' });
    } catch (caught) {
      form.setError('logoUrl', {
        message:
          caught instanceof ApiError ? caught.message : BRANDING_ERRORS.logo_unsupported.message,
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex min-h-20 items-center justify-center rounded-lg border border-dashed border-border bg-muted p-4">
        {logoUrl ? (
          <img src={logoUrl} alt={t.media.current} className="max-h-16 w-auto" />
        ) : (
          <span className="text-sm text-muted-foreground">{t.media.none}</span>
        )}
      </div>
      <FormField
        id="branding-logo"
        label={BRANDING_FIELD_LABELS.logoUrl}
        hint={t.media.logoHint}
        error={error}
      >
        {(a11y) => (
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...a11y}
              type="file"
              accept={PROFILE_IMAGE_TYPES.join(',')}
              disabled={uploading || readOnly}
              onChange={(event) => void onFile(event)}
              className="min-w-0 max-w-full text-sm file:mr-3 file:h-9 file:rounded-lg file:border file:border-input file:bg-card file:px-3 file:text-sm file:font-medium disabled:cursor-not-allowed disabled:opacity-60"
            />
            {readOnly ? <ProMark /> : null}
          </div>
        )}
      </FormField>
      {uploading ? (
        <p role="status" className="text-sm">
          {t.media.uploading}
        </p>
      ) : null}
      {logoUrl ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={readOnly}
          onClick={() => form.setValue('logoUrl', null, { shouldDirty: true })}
        >
          {t.media.remove}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The branding form (react-hook-form with the shared zod schema): tabs for colours, texts,
 * font and language, and the logo, beside a live preview. The same schema checks the colour
 * contrast here and on the server.
 */
export function BrandingForm({
  branding,
  businessId,
  readOnly = false,
}: {
  branding: Branding;
  businessId: string | null;
  /**
   * On Basis (decision 0610): colours, font and logo (the whitelabel part) stay as saved and keep
   * working on the guest pages; name, thank-you message, language and tone are saved as ever.
   */
  readOnly?: boolean;
}) {
  const {
    labels: {
      brandingFields: BRANDING_FIELD_LABELS,
      brandingLanguages: BRANDING_LANGUAGE_LABELS,
      brandingTonalities: BRANDING_TONALITY_LABELS,
    },
  } = useAdminTexts(adminBrandingPart);
  const { branding: t } = useAdminTexts(adminBrandingPart);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('colors');
  const { primaryColor, secondaryColor, accentColor } = branding;
  const savedColors = useMemo(
    () => ({ primaryColor, secondaryColor, accentColor }),
    [primaryColor, secondaryColor, accentColor],
  );
  const form: Form = useForm<BrandingUpdateInput, unknown, BrandingUpdate>({
    // Judged against the saved colours, so a message names the colour the owner changed.
    resolver: zodResolver(brandingUpdateSchemaAgainst(savedColors)),
    defaultValues: formValues(branding),
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (body: BrandingUpdate) => brandingApi.save(businessId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingKey(businessId), saved);
      form.reset(formValues(saved));
      toast({ ...t.toasts.saved, variant: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const detail of error.details) {
          const field = detail.path.replace(/^body\./, '') as keyof BrandingUpdateInput;
          if (field in TAB_OF_FIELD)
            form.setError(field as FieldPath<BrandingUpdateInput>, { message: detail.message });
        }
        if (error.code === 'logo_not_found') form.setError('logoUrl', { message: error.message });
      }
      toast({
        title: t.toasts.saveFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    },
  });

  const onInvalid = (invalid: Partial<Record<keyof BrandingUpdateInput, unknown>>) => {
    const first = (Object.keys(TAB_OF_FIELD) as (keyof BrandingUpdateInput)[]).find(
      (key) => key in invalid,
    );
    if (first) setTab(TAB_OF_FIELD[first]);
    toast({ title: t.toasts.saveFailed, description: t.toasts.invalid, variant: 'destructive' });
  };
  const { pro } = useAdminTexts();
  const readOnlyHintId = useId();
  const busy = save.isPending || form.formState.isSubmitting;
  const tabLabel = (key: TabKey) => {
    const hasError = (Object.keys(TAB_OF_FIELD) as (keyof BrandingUpdateInput)[]).some(
      (field) => TAB_OF_FIELD[field] === key && errors[field],
    );
    return hasError ? `${t.tabs[key]} ⚠` : t.tabs[key];
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <form
        noValidate
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(
            (body) => save.mutateAsync(body).catch(() => {}),
            onInvalid,
          )(event);
        }}
        aria-label={t.pageTitle}
      >
        <Card>
          <CardContent className="pt-5">
            <Tabs
              label={t.tabsLabel}
              value={tab}
              onValueChange={setTab}
              items={[
                {
                  key: 'colors',
                  label: tabLabel('colors'),
                  content: (
                    <div className="flex flex-col gap-4">
                      <p className="text-sm text-muted-foreground">{t.colors.hint}</p>
                      {readOnly ? (
                        <p className="text-sm">
                          {pro.whitelabelLocked}
                          <ProMark />
                        </p>
                      ) : null}
                      <ColorField form={form} name="primaryColor" locked={readOnly} />
                      <ColorField form={form} name="secondaryColor" locked={readOnly} />
                      <ColorField form={form} name="accentColor" locked={readOnly} />
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={readOnly}
                        className="self-start"
                        onClick={() => {
                          for (const name of COLOR_FIELDS) {
                            form.setValue(name, DEFAULT_BRANDING[name], { shouldDirty: true });
                          }
                          void form.trigger(COLOR_FIELDS);
                        }}
                      >
                        {t.colors.reset}
                      </Button>
                    </div>
                  ),
                },
                {
                  key: 'text',
                  label: tabLabel('text'),
                  content: (
                    <div className="flex flex-col gap-4">
                      <FormField
                        id="branding-companyName"
                        label={BRANDING_FIELD_LABELS.companyName}
                        hint={t.text.companyNameHint}
                        error={errors.companyName?.message}
                      >
                        {(a11y) => (
                          <Input
                            {...a11y}
                            {...form.register('companyName')}
                            placeholder={branding.businessName}
                          />
                        )}
                      </FormField>
                      <FormField
                        id="branding-thankYouMessage"
                        label={BRANDING_FIELD_LABELS.thankYouMessage}
                        hint={t.text.thankYouHint}
                        error={errors.thankYouMessage?.message}
                      >
                        {(a11y) => (
                          <Textarea
                            {...a11y}
                            {...form.register('thankYouMessage')}
                            placeholder={t.text.thankYouPlaceholder}
                          />
                        )}
                      </FormField>
                      <fieldset className="flex flex-col gap-2">
                        <legend className="text-sm font-medium">{t.text.tonality}</legend>
                        <p className="text-xs text-muted-foreground">{t.text.tonalityHint}</p>
                        <div className="flex flex-wrap gap-3">
                          {BRANDING_TONALITIES.map((tonality) => (
                            <label
                              key={tonality}
                              className="flex items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm"
                            >
                              <input type="radio" value={tonality} {...form.register('tonality')} />
                              {BRANDING_TONALITY_LABELS[tonality]}
                            </label>
                          ))}
                        </div>
                        {errors.tonality ? (
                          <p role="alert" className="text-sm text-destructive">
                            {errors.tonality.message}
                          </p>
                        ) : null}
                      </fieldset>
                    </div>
                  ),
                },
                {
                  key: 'content',
                  label: tabLabel('content'),
                  content: (
                    <div className="flex flex-col gap-4">
                      <FormField
                        id="branding-fontFamily"
                        label={BRANDING_FIELD_LABELS.fontFamily}
                        hint={t.content.fontHint}
                        error={errors.fontFamily?.message}
                      >
                        {(a11y) =>
                          readOnly ? (
                            // Shown as saved: a font of its own is the whitelabel part (Pro).
                            <Input {...a11y} {...form.register('fontFamily')} readOnly />
                          ) : (
                            <select
                              {...a11y}
                              {...form.register('fontFamily')}
                              className={selectClasses}
                            >
                              {BRANDING_FONTS.map((font) => (
                                <option key={font} value={font}>
                                  {font}
                                </option>
                              ))}
                            </select>
                          )
                        }
                      </FormField>
                      <FormField
                        id="branding-language"
                        label={BRANDING_FIELD_LABELS.language}
                        hint={t.content.languageHint}
                        error={errors.language?.message}
                      >
                        {(a11y) => (
                          <select
                            {...a11y}
                            {...form.register('language')}
                            className={selectClasses}
                          >
                            {BRANDING_LANGUAGES.map((language) => (
                              <option key={language} value={language}>
                                {BRANDING_LANGUAGE_LABELS[language]}
                              </option>
                            ))}
                          </select>
                        )}
                      </FormField>
                    </div>
                  ),
                },
                {
                  key: 'media',
                  label: tabLabel('media'),
                  content: <LogoField form={form} businessId={businessId} readOnly={readOnly} />,
                },
              ]}
            />
            <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <Button
                type="submit"
                disabled={busy}
                aria-busy={busy}
                aria-describedby={readOnly ? readOnlyHintId : undefined}
              >
                {busy ? t.saving : t.save}
              </Button>
              {busy ? (
                <span className="h-1 w-24 overflow-hidden rounded bg-muted" aria-hidden="true">
                  <span className="block h-full w-1/3 animate-progress bg-primary" />
                </span>
              ) : null}
              <span className="text-sm text-muted-foreground" role="status">
                {isDirty
                  ? t.unsaved
                  : branding.updatedAt
                    ? t.lastSaved(formatDateTime(branding.updatedAt))
                    : t.neverSaved}
              </span>
              {readOnly ? (
                <p id={readOnlyHintId} className="basis-full text-sm text-muted-foreground">
                  {pro.brandingTryOut}
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </form>
      {/* Beside the form, not in it: the guest page's own forms must not nest in this one. */}
      <Card className="self-start lg:sticky lg:top-4">
        <CardHeader>
          <CardTitle>{t.preview.title}</CardTitle>
          <CardDescription>{t.preview.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <BrandingPreview
            values={values}
            businessName={branding.businessName}
            businessId={businessId}
          />
        </CardContent>
      </Card>
    </div>
  );
}
