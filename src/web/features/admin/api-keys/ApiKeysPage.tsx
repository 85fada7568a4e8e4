import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  API_KEY_SCOPES,
  API_KEYS_PER_BUSINESS,
  type ApiKey,
  apiKeyCreateSchema,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyList,
} from '../../../../shared/api/api-keys';
import { berlinDay } from '../../../../shared/domain/berlin-day';
import { adminApiKeysPart } from '../../../../shared/i18n/admin-catalogue-api-keys';
import { CodeCheckboxGroupField, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAdminTexts } from '../../../lib/admin-language';
import { messageOf } from '../admin-api';
import { AdminPage } from '../AdminPage';
import { useSelectedBusinessId } from '../business-scope';
import { useProFeature } from '../plan/plan-api';
import { ProMark, ProNotice } from '../plan/ProNotice';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { ApiKeysList } from './ApiKeysList';
import { apiKeyKeys, apiKeysApi } from './api-keys-api';
import { OneTimeSecretDialog } from './OneTimeSecretDialog';

/**
 * /admin/api, 'API und Webhooks' (decisions 0630, 0650): the business's API keys, then its webhook
 * endpoints. Creating either is Pro; the lists, revoking and managing work on every plan. A new key's secret lives only in this page's state
 * while its dialog is open: never in the query cache, gone with 'Fertig'.
 */
export function ApiKeysPage() {
  const { api: nav, apiKeys: t } = useAdminTexts(adminApiKeysPart);
  const client = useQueryClient();
  const businessId = useSelectedBusinessId();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const setKeys = (update: (items: ApiKey[]) => ApiKey[]) =>
    client.setQueryData<ApiKeyList>(apiKeyKeys.list(businessId), (old) =>
      old ? { items: update(old.items) } : old,
    );

  return (
    <AdminPage title={nav.title} description={t.description}>
      <CreateKeyCard
        onCreated={(answer) => {
          // Only the key goes into the list; the secret stays with the dialog.
          setKeys((items) => [answer.key, ...items.filter((item) => item.id !== answer.key.id)]);
          setCreated(answer);
        }}
      />
      <KeysCard onRevoke={setRevoking} />
      <WebhooksSection />
      <SecretDialog created={created} onDone={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t.revokeTitle}
        description={revoking ? t.revokeBody(revoking.name) : ''}
        confirmLabel={t.revokeConfirm}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            const revoked = await apiKeysApi.revoke(revoking.id);
            setKeys((items) => items.map((item) => (item.id === revoked.id ? revoked : item)));
            toast({ title: t.revoked, variant: 'success' });
            setRevoking(null);
          } catch (error) {
            toast({ title: messageOf(error, t.revokeFailed), variant: 'destructive' });
          }
        }}
      />
    </AdminPage>
  );
}

/** 'Neuen API-Schlüssel erstellen': checked in the browser by the server's own schema. */
function CreateKeyCard({ onCreated }: { onCreated: (answer: ApiKeyCreated) => void }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  const { included } = useProFeature('api');
  const form = useZodForm(apiKeyCreateSchema, {
    defaultValues: { name: '', scopes: [], expiresOn: null } satisfies ApiKeyCreateInput,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t.createTitle}
          <ProMark />
        </CardTitle>
        <CardDescription>{t.createDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ProNotice feature="api" />
        <Form
          form={form}
          className="flex flex-col"
          onSubmit={async (values) => {
            const answer = await apiKeysApi.create(values);
            form.reset();
            onCreated(answer);
          }}
          onError={(error) =>
            toast({ title: messageOf(error, t.createFailed), variant: 'destructive' })
          }
        >
          {/* On Basis every control is off; the notice above shows the way to 'Tarif'. */}
          <fieldset disabled={!included} className="flex min-w-0 flex-col gap-4">
            <TextField
              name="name"
              label={t.fields.name}
              hint={t.fields.nameHint}
              required
              maxLength={80}
              autoComplete="off"
              className="sm:max-w-md"
            />
            <ScopesField />
            <TextField
              name="expiresOn"
              type="date"
              label={t.fields.expiresOn}
              hint={t.fields.expiresOnHint}
              min={berlinDay(new Date())}
              className="sm:max-w-xs"
              // An empty field means no expiry, as the schema's null.
              registerOptions={{ setValueAs: (value: unknown) => (value ? value : null) }}
            />
            <SubmitButton pendingText={t.creating} disabled={!included} className="self-start">
              {t.create}
            </SubmitButton>
          </fieldset>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The seven scopes, each with what it allows and its code. */
function ScopesField() {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  return (
    <CodeCheckboxGroupField
      name="scopes"
      legend={t.fields.scopes}
      codes={API_KEY_SCOPES}
      labelOf={(scope) => t.scopes[scope]}
    />
  );
}

/** 'Schlüssel': every key of the business, on every plan. */
function KeysCard({ onRevoke }: { onRevoke: (key: ApiKey) => void }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  const businessId = useSelectedBusinessId();
  const list = useQuery({ queryKey: apiKeyKeys.list(businessId), queryFn: apiKeysApi.list });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.listTitle}</CardTitle>
        <CardDescription>{t.listDescription(API_KEYS_PER_BUSINESS)}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert">{messageOf(list.error, t.loadFailed)}</p>
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        ) : (
          <ApiKeysList keys={list.data.items} onRevoke={onRevoke} />
        )}
      </CardContent>
    </Card>
  );
}

/** The new key's secret, this once. */
function SecretDialog({ created, onDone }: { created: ApiKeyCreated | null; onDone: () => void }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  return (
    <OneTimeSecretDialog
      secret={created?.secret ?? null}
      label={created ? t.secretLabel(created.key.name) : ''}
      words={t}
      testId="api-key-secret"
      rows={3}
      onDone={onDone}
    />
  );
}
