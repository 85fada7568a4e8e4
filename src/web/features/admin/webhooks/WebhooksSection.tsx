import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  WEBHOOK_ENDPOINTS_PER_BUSINESS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointCreateSchema,
  type WebhookEndpoint,
  type WebhookEndpointCreateInput,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
} from '../../../../shared/api/webhooks';
import { adminApiKeysPart } from '../../../../shared/i18n/admin-catalogue-api-keys';
import { CodeCheckboxGroupField, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
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
import { formatDate, formatDateTime } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { useSelectedBusinessId } from '../business-scope';
import { useProFeature } from '../plan/plan-api';
import { ProMark } from '../plan/ProNotice';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { webhookKeys, webhooksApi } from './webhooks-api';
import { OneTimeSecretDialog } from '../api-keys/OneTimeSecretDialog';

const useTexts = () => useAdminTexts(adminApiKeysPart).webhooks;

/** A secret to show once: after adding an endpoint or 'Secret erneuern'. */
type Shown = WebhookEndpointWithSecret;

/**
 * 'Webhooks' on /admin/api (decision 0650): add an endpoint (Pro), see its secret once, and per
 * endpoint send a test event, renew the secret, switch it off and on, delete it, and read its
 * delivery log with 'Erneut senden'. The secret lives only in this section's state while its
 * dialog is open.
 */
export function WebhooksSection() {
  const t = useTexts();
  const client = useQueryClient();
  const businessId = useSelectedBusinessId();
  const [shown, setShown] = useState<Shown | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);

  const setEndpoints = (update: (items: WebhookEndpoint[]) => WebhookEndpoint[]) =>
    client.setQueryData<WebhookEndpointList>(webhookKeys.list(businessId), (old) =>
      old ? { items: update(old.items) } : old,
    );
  const replace = (endpoint: WebhookEndpoint) =>
    setEndpoints((items) => items.map((item) => (item.id === endpoint.id ? endpoint : item)));

  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-6">
      <h2 id="webhooks-title" className="text-xl font-semibold">
        {t.title}
      </h2>
      <AddEndpointCard
        onAdded={(answer) => {
          setEndpoints((items) => [
            answer.endpoint,
            ...items.filter((item) => item.id !== answer.endpoint.id),
          ]);
          setShown(answer);
        }}
      />
      <EndpointsCard onChanged={replace} onRemove={setRemoving} onRoll={setRolling} />
      <SecretDialog shown={shown} onDone={() => setShown(null)} />
      <ConfirmDialog
        open={rolling !== null}
        onOpenChange={(open) => {
          if (!open) setRolling(null);
        }}
        title={t.rollTitle}
        description={rolling ? t.rollBody(rolling.url) : ''}
        confirmLabel={t.rollConfirm}
        variant="primary"
        onConfirm={async () => {
          if (!rolling) return;
          try {
            const answer = await webhooksApi.rollSecret(rolling.id);
            replace(answer.endpoint);
            setRolling(null);
            setShown(answer);
          } catch (error) {
            toast({ title: messageOf(error, t.rollFailed), variant: 'destructive' });
          }
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t.removeTitle}
        description={removing ? t.removeBody(removing.url) : ''}
        confirmLabel={t.removeConfirm}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await webhooksApi.remove(removing.id);
            setEndpoints((items) => items.filter((item) => item.id !== removing.id));
            toast({ title: t.removed, variant: 'success' });
            setRemoving(null);
          } catch (error) {
            toast({ title: messageOf(error, t.removeFailed), variant: 'destructive' });
          }
        }}
      />
    </section>
  );
}

/** 'Endpunkt hinzufügen': checked in the browser by the server's own schema. */
function AddEndpointCard({ onAdded }: { onAdded: (answer: Shown) => void }) {
  const t = useTexts();
  const { included } = useProFeature('api');
  const form = useZodForm(webhookEndpointCreateSchema, {
    defaultValues: {
      url: '',
      description: '',
      eventTypes: [],
    } satisfies WebhookEndpointCreateInput,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t.addTitle}
          <ProMark />
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          className="flex flex-col"
          onSubmit={async (values) => {
            const answer = await webhooksApi.create(values);
            form.reset();
            onAdded(answer);
          }}
          onError={(error) =>
            toast({ title: messageOf(error, t.addFailed), variant: 'destructive' })
          }
        >
          {/* On Basis every control is off; the notice above the keys shows the way to 'Tarif'. */}
          <fieldset disabled={!included} className="flex min-w-0 flex-col gap-4">
            <TextField
              name="url"
              type="url"
              inputMode="url"
              label={t.fields.url}
              hint={t.fields.urlHint}
              required
              maxLength={2048}
              autoComplete="off"
              spellCheck={false}
              className="sm:max-w-xl"
            />
            <TextField
              name="description"
              label={t.fields.description}
              hint={t.fields.descriptionHint}
              maxLength={200}
              autoComplete="off"
              className="sm:max-w-md"
            />
            <EventTypesField />
            <SubmitButton pendingText={t.adding} disabled={!included} className="self-start">
              {t.add}
            </SubmitButton>
          </fieldset>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The event types, each with what it means and its code. */
function EventTypesField() {
  const t = useTexts();
  return (
    <CodeCheckboxGroupField
      name="eventTypes"
      legend={t.fields.eventTypes}
      codes={WEBHOOK_EVENT_TYPES}
      labelOf={(type) => t.eventLabels[type]}
    />
  );
}

interface EndpointActions {
  onChanged: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
  onRoll: (endpoint: WebhookEndpoint) => void;
}

/** 'Endpunkte': every endpoint of the business, on every plan. */
function EndpointsCard(actions: EndpointActions) {
  const t = useTexts();
  const businessId = useSelectedBusinessId();
  const list = useQuery({ queryKey: webhookKeys.list(businessId), queryFn: webhooksApi.list });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.listTitle}</CardTitle>
        <CardDescription>{t.listDescription(WEBHOOK_ENDPOINTS_PER_BUSINESS)}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert">{messageOf(list.error, t.loadFailed)}</p>
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        ) : (
          <ul className="flex flex-col gap-4" data-testid="webhook-endpoints">
            {list.data.items.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} {...actions} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One endpoint: what it receives, its state, its actions and (on demand) its delivery log. */
function EndpointItem({
  endpoint,
  onChanged,
  onRemove,
  onRoll,
}: EndpointActions & { endpoint: WebhookEndpoint }) {
  const t = useTexts();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const enabled = endpoint.state === 'enabled';

  const run = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast({ title: messageOf(error, failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const sendTest = () =>
    run(async () => {
      await webhooksApi.test(endpoint.id);
      toast({ title: t.testSent, variant: 'success' });
      setLogOpen(true);
    }, t.testFailed);

  const toggle = () =>
    run(async () => {
      const changed = await webhooksApi.update(endpoint.id, { enabled: !enabled });
      onChanged(changed);
      toast({ title: enabled ? t.disabled : t.enabled, variant: 'success' });
    }, t.switchFailed);

  return (
    <li
      data-testid="webhook-endpoint"
      className="min-w-0 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-semibold">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="break-words text-sm text-muted-foreground">{endpoint.description}</p>
          ) : null}
        </div>
        <Badge variant={enabled ? 'success' : 'secondary'} className="shrink-0 whitespace-nowrap">
          {t.states[endpoint.state]}
        </Badge>
      </div>
      {endpoint.disabledReason ? (
        <p className="mt-2 text-sm text-destructive">
          {t.disabledReasons[endpoint.disabledReason]}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-1" aria-label={t.fields.eventTypes}>
        {endpoint.eventTypes.map((type) => (
          <li key={type}>
            <code
              title={t.eventLabels[type]}
              className="inline-block break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
            >
              {type}
            </code>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t.lastDelivery}</dt>
        <dd className="min-w-0 break-words">
          {endpoint.lastDelivery
            ? `${t.deliveryStates[endpoint.lastDelivery.state]}, ${formatDateTime(endpoint.lastDelivery.createdAt)}`
            : t.noDelivery}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">
        {endpoint.createdBy
          ? t.createdBy(formatDate(endpoint.createdAt), endpoint.createdBy)
          : t.created(formatDate(endpoint.createdAt))}
      </p>
      {endpoint.previousSecretExpiresAt ? (
        <p className="mt-1 text-xs text-muted-foreground">
          {t.previousSecret(formatDateTime(endpoint.previousSecretExpiresAt))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? t.hideLog : t.showLog}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || !enabled}
          aria-label={t.testLabel(endpoint.url)}
          onClick={() => void sendTest()}
        >
          {t.test}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={t.rollLabel(endpoint.url)}
          onClick={() => onRoll(endpoint)}
        >
          {t.roll}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={enabled ? t.disableLabel(endpoint.url) : t.enableLabel(endpoint.url)}
          onClick={() => void toggle()}
        >
          {enabled ? t.disable : t.enable}
        </Button>
        <Button
          variant="destructive"
          size="sm"
          disabled={busy}
          aria-label={t.removeLabel(endpoint.url)}
          onClick={() => onRemove(endpoint)}
        >
          {t.remove}
        </Button>
      </div>
      {logOpen ? (
        <div id={logId} className="mt-4">
          <WebhookDeliveryLog endpoint={endpoint} />
        </div>
      ) : null}
    </li>
  );
}

/** The endpoint's secret, this once. */
function SecretDialog({ shown, onDone }: { shown: Shown | null; onDone: () => void }) {
  const t = useTexts();
  return (
    <OneTimeSecretDialog
      secret={shown?.secret ?? null}
      label={shown ? t.secretLabel(shown.endpoint.url) : ''}
      words={t}
      testId="webhook-secret"
      rows={2}
      onDone={onDone}
    />
  );
}
