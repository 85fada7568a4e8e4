import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '../../lib/router';
import {
  QR_GENERATOR_MESSAGES,
  QR_GENERATOR_TYPES,
  type QrGeneratorInput,
  type QrGeneratorResult,
  qrGeneratorBodySchema,
} from '../../../shared/api/qr-admin';
import { QrCode } from '../../components/QrCode';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Input } from '../../components/ui/Field';
import { FormField } from '../../components/ui/FormField';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { downloadQrPng, qrFileName } from '../../lib/qr';
import { reportQrExport } from './setup/setup-api';
import { useSelectedBusinessId } from './business-scope';
import { paymentPointQrApi, paymentPointQrKeys } from './payment-points/qr-api';
import { useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';
const selectClasses = 'h-11 w-full rounded-lg border border-input bg-card px-3 text-base';

type FormValues = { type: string; designation: string; employeeId?: string | undefined };

function Tips({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/qr-codes (spec §2 "QR-code admin page", §5): choose a type, enter a designation, create
 * the preview, then export a PNG or copy the link. Every code points at a real payment point
 * (docs/decisions/0111-qr-generator-link-targets.md).
 */
export function QrCodesPage() {
  const {
    labels: { qrGeneratorTypes: QR_GENERATOR_TYPE_LABELS },
  } = useAdminTexts(adminPointsPart);
  const { admin: adminTexts, qr: qrAdminTexts } = useAdminTexts(adminPointsPart);
  const t = qrAdminTexts.generator;
  usePageTitle(t.title);
  const businessId = useSelectedBusinessId();
  const [preview, setPreview] = useState<QrGeneratorResult | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    // The form's loose values (an empty type) are checked by the server's own schema.
    resolver: zodResolver(qrGeneratorBodySchema) as never,
    defaultValues: { type: '', designation: '', employeeId: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const [type, designation, employeeId] = useWatch({
    control: form.control,
    name: ['type', 'designation', 'employeeId'],
  });
  const staff = useQuery({
    queryKey: paymentPointQrKeys.employees(businessId),
    queryFn: () => paymentPointQrApi.employees(businessId),
    enabled: type === 'personal',
  });

  // A preview belongs to exactly what was asked: any change asks for a new one.
  useEffect(() => {
    setPreview(null);
  }, [type, designation, employeeId, businessId]);

  const onPreview = form.handleSubmit(async (values) => {
    setExportError(null);
    try {
      setPreview(await paymentPointQrApi.generate(businessId, values as QrGeneratorInput));
    } catch (error) {
      const field =
        error instanceof ApiError ? error.details[0]?.path.replace(/^body\./, '') : undefined;
      if (
        error instanceof ApiError &&
        field &&
        ['type', 'designation', 'employeeId'].includes(field)
      ) {
        form.setError(field as keyof FormValues, { message: error.details[0]!.message });
      }
      toast({
        title: t.toasts.previewFailed,
        description: error instanceof ApiError && error.status < 500 ? error.message : undefined,
        variant: 'destructive',
      });
    }
  });

  const requirePreview = (): QrGeneratorResult | null => {
    if (preview) return preview;
    setExportError(QR_GENERATOR_MESSAGES.previewFirst);
    toast({ title: QR_GENERATOR_MESSAGES.previewFirst, variant: 'destructive' });
    return null;
  };
  const exportPng = async () => {
    const current = requirePreview();
    if (!current) return;
    try {
      await downloadQrPng(current.link, qrFileName(current.uid, current.designation, 'png'));
      reportQrExport();
      toast({ ...t.toasts.exported, variant: 'success' });
    } catch {
      toast({ ...t.toasts.exportFailed, variant: 'destructive' });
    }
  };
  const copyLink = async () => {
    const current = requirePreview();
    if (!current) return;
    try {
      await navigator.clipboard.writeText(current.link);
      toast({ title: t.toasts.copied, variant: 'success' });
    } catch {
      toast({ ...t.toasts.copyFailed, variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <Link to="/admin/dashboard" className={buttonClasses('outline', 'sm', 'self-start')}>
        ← {qrAdminTexts.backToDashboard}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      <Card className="border-accent">
        <CardHeader>
          <CardTitle>{t.integrationTitle}</CardTitle>
          <CardDescription>{t.integration(window.location.origin)}</CardDescription>
        </CardHeader>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t.formTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              noValidate
              onSubmit={(event) => void onPreview(event)}
              className="flex flex-col gap-4"
            >
              <FormField id="qr-type" label={t.type} error={errors.type?.message}>
                {(a11y) => (
                  <select {...a11y} {...form.register('type')} className={selectClasses}>
                    <option value="">{t.chooseType}</option>
                    {QR_GENERATOR_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {QR_GENERATOR_TYPE_LABELS[value]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              {type === 'personal' ? (
                <FormField id="qr-employee" label={t.employee} error={errors.employeeId?.message}>
                  {(a11y) => (
                    <select
                      {...a11y}
                      {...form.register('employeeId', {
                        setValueAs: (value: string) => value || undefined,
                        onChange: (event: { target: { value: string } }) => {
                          const person = staff.data?.items.find(
                            (item) => item.id === event.target.value,
                          );
                          if (person?.fullName && !form.getValues('designation').trim()) {
                            form.setValue('designation', person.fullName);
                          }
                        },
                      })}
                      className={selectClasses}
                    >
                      <option value="">{t.chooseEmployee}</option>
                      {staff.data?.items.map((item) => (
                        <option key={item.id} value={item.id}>
                          {qrAdminTexts.overview.option(item.fullName ?? item.email, item.jobTitle)}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              ) : null}
              <FormField
                id="qr-designation"
                label={t.designation}
                hint={t.designationHint}
                error={errors.designation?.message}
              >
                {(a11y) => (
                  <Input
                    {...a11y}
                    {...form.register('designation')}
                    placeholder={t.designationPlaceholder}
                    maxLength={120}
                  />
                )}
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  disabled={designation.trim() === '' || isSubmitting}
                  aria-busy={isSubmitting}
                >
                  {isSubmitting ? t.previewing : t.preview}
                </Button>
                <Button variant="secondary" onClick={() => void exportPng()}>
                  {t.exportPng}
                </Button>
                <Button variant="outline" onClick={() => void copyLink()}>
                  {t.copyLink}
                </Button>
              </div>
              {exportError && !preview ? (
                <p role="alert" className="text-sm text-destructive">
                  {exportError}
                </p>
              ) : null}
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t.previewTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            {preview ? (
              <div
                className="flex flex-col items-center gap-3 text-center"
                data-testid="qr-generator-preview"
              >
                <QrCode value={preview.link} alt={adminTexts.qr.alt(preview.designation)} />
                <p className="text-lg font-semibold">{preview.designation}</p>
                <Badge variant={preview.created ? 'success' : 'secondary'}>
                  {preview.created ? t.created : t.existing}
                </Badge>
                <code
                  className="break-all rounded bg-muted px-2 py-1 text-sm"
                  data-testid="qr-generator-link"
                >
                  {preview.link}
                </code>
                <a
                  href={preview.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-primary underline underline-offset-4"
                >
                  {t.open}
                </a>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t.previewEmpty}</p>
            )}
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Tips title={t.usageTitle} items={t.usage} />
        <Tips title={t.printTitle} items={t.print} />
      </div>
    </div>
  );
}
