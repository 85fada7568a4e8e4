import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type RecoveryCodes,
  secondFactorCodeSchema,
  totpCodeSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/api/two-factor';
import { RECOVERY_CODES_LOW } from '../../../shared/domain/two-factor';
import { FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { QrCode } from '../../components/QrCode';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/qr';
import { useSession } from '../../lib/session';
import { twoFactorApi, twoFactorKeys } from './two-factor-api';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { activeStaffTexts } from '../../lib/staff-active';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

/** What the section shows besides the status: a setup, fresh codes, or one of the two forms. */
type Panel =
  | { kind: 'none' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

const failed = (error: unknown, t = activeStaffTexts(staffSignInPart).twoFactor.section) =>
  toast({
    title: error instanceof ApiError ? error.title : t.title,
    description: error instanceof ApiError ? error.message : t.loadFailed,
    variant: 'destructive',
  });

/**
 * 'Zwei-Faktor-Anmeldung' on 'Konto und Sicherheit': turn it on with an
 * authenticator app (QR code or the secret typed in, confirmed with a code), keep the ten
 * recovery codes shown once, make new ones, or turn it off with a code.
 */
export function TwoFactorSection() {
  const t = useStaffTexts(staffSignInPart).twoFactor.section;
  const session = useSession();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: twoFactorApi.status });
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });

  /** The new state for the page and for the session (banner, setup-only routing). */
  const settled = (next: TwoFactorStatus) => {
    queryClient.setQueryData(twoFactorKeys.status, next);
    session.setTwoFactor({ enabled: next.enabled, setupRequired: next.required && !next.enabled });
  };

  const start = useMutation({
    mutationFn: twoFactorApi.startSetup,
    onSuccess: (setup) => setPanel({ kind: 'setup', setup }),
    onError: failed,
  });

  const withCodes = (result: RecoveryCodes) => {
    settled(result.status);
    setPanel({ kind: 'codes', codes: result.recoveryCodes });
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t.title}</CardTitle>
          {status.data ? (
            <Badge variant={status.data.enabled ? 'success' : 'outline'}>
              {status.data.enabled ? t.on : t.off}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{t.intro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t.loadFailed}
          </p>
        ) : !status.data ? (
          <Spinner label={t.loading} />
        ) : panel.kind === 'setup' ? (
          <SetupPanel
            setup={panel.setup}
            onConfirmed={withCodes}
            onCancel={() => setPanel({ kind: 'none' })}
          />
        ) : panel.kind === 'codes' ? (
          <RecoveryCodesPanel
            codes={panel.codes}
            account={session.user?.email ?? ''}
            onDone={() => setPanel({ kind: 'none' })}
          />
        ) : (
          <>
            {status.data.required && !status.data.enabled ? (
              <p role="alert" className="rounded-md border border-accent px-3 py-2 text-sm">
                {t.required}
              </p>
            ) : null}
            {status.data.enabled ? (
              <EnabledSummary status={status.data} />
            ) : (
              <div>
                <Button
                  onClick={() => start.mutate()}
                  disabled={start.isPending}
                  aria-busy={start.isPending}
                >
                  {start.isPending ? t.starting : t.start}
                </Button>
              </div>
            )}
            {status.data.enabled && panel.kind === 'none' ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setPanel({ kind: 'regenerate' })}>
                  {t.regenerate}
                </Button>
                <Button variant="outline" onClick={() => setPanel({ kind: 'disable' })}>
                  {t.disable}
                </Button>
              </div>
            ) : null}
            {panel.kind === 'regenerate' ? (
              <CodeForm
                title={t.regenerateTitle}
                text={t.regenerateText}
                label={t.code}
                kind="totp"
                submit={t.regenerateSubmit}
                pending={t.regenerating}
                onSubmit={async (code) => withCodes(await twoFactorApi.regenerate(code))}
                onCancel={() => setPanel({ kind: 'none' })}
              />
            ) : null}
            {panel.kind === 'disable' ? (
              <CodeForm
                title={t.disableTitle}
                text={t.disableText}
                label={t.anyCode}
                kind="any"
                submit={t.disableSubmit}
                pending={t.disabling}
                onSubmit={async (code) => {
                  settled(await twoFactorApi.disable(code));
                  setPanel({ kind: 'none' });
                  toast({ title: t.disabled, variant: 'success' });
                }}
                onCancel={() => setPanel({ kind: 'none' })}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EnabledSummary({ status }: { status: TwoFactorStatus }) {
  const t = useStaffTexts(staffSignInPart).twoFactor.section;
  const { date: formatDate } = useStaffFormat();
  const low = status.recoveryCodesRemaining <= RECOVERY_CODES_LOW;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {status.enabledAt ? <p>{t.enabledSince(formatDate(status.enabledAt))}</p> : null}
      <p className={low ? 'font-medium text-destructive' : 'text-muted-foreground'}>
        {low
          ? t.codesLow(status.recoveryCodesRemaining)
          : t.codesLeft(status.recoveryCodesRemaining)}
      </p>
    </div>
  );
}

/** The secret in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetupPanel({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (result: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const t = useStaffTexts(staffSignInPart).twoFactor.section;
  const form = useZodForm(totpCodeSchema, { defaultValues: { code: '' } });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium">{t.scan}</p>
      <QrCode value={setup.uri} alt={t.qrAlt} size={200} className="self-start" />
      <div className="flex flex-col gap-1 text-sm">
        <p>{t.manual}</p>
        <code
          data-testid="two-factor-secret"
          className="w-fit break-all rounded-md bg-muted px-2 py-1 font-mono text-base"
        >
          {grouped(setup.secret)}
        </code>
        <p className="text-muted-foreground">{t.account(setup.account)}</p>
      </div>
      <p className="text-sm font-medium">{t.enterCode}</p>
      <Form
        form={form}
        className="flex flex-col gap-3"
        onSubmit={async (values) => onConfirmed(await twoFactorApi.confirm(values.code))}
      >
        <FormError />
        <TextField
          name="code"
          label={t.code}
          hint={t.codeHint}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          className="min-w-0 sm:max-w-xs"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pendingText={t.confirming}>{t.confirm}</SubmitButton>
          <Button variant="outline" onClick={onCancel}>
            {t.cancel}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodesPanel({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: string;
  onDone: () => void;
}) {
  const t = useStaffTexts(staffSignInPart).twoFactor.section;
  const text = [t.fileHeading(account), t.fileNote, '', ...codes, ''].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: t.copied, variant: 'success' });
    } catch {
      toast({ title: t.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-3">
      <p role="status" className="font-medium text-success">
        {t.enabled}
      </p>
      <h3 id="recovery-codes-title" className="font-semibold">
        {t.codesTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{t.codesText}</p>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-muted p-3 font-mono text-base min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <Button
          variant="outline"
          onClick={() => downloadBlob(new Blob([text], { type: 'text/plain' }), t.fileName)}
        >
          {t.download}
        </Button>
        <Button onClick={onDone}>{t.done}</Button>
      </div>
    </section>
  );
}

function CodeForm({
  title,
  text,
  label,
  kind,
  submit,
  pending,
  onSubmit,
  onCancel,
}: {
  title: string;
  text: string;
  label: string;
  kind: 'totp' | 'any';
  submit: string;
  pending: string;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useStaffTexts(staffSignInPart).twoFactor.section;
  const form = useZodForm(kind === 'totp' ? totpCodeSchema : secondFactorCodeSchema, {
    defaultValues: { code: '' },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <Form
      form={form}
      aria-label={title}
      className="flex flex-col gap-3 rounded-md border border-border p-4"
      onSubmit={(values) => onSubmit(values.code)}
    >
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{text}</p>
      <FormError />
      <TextField
        name="code"
        label={label}
        autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        maxLength={kind === 'totp' ? 7 : 40}
        required
        className="min-w-0 sm:max-w-xs"
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingText={pending}>{submit}</SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </Form>
  );
}
