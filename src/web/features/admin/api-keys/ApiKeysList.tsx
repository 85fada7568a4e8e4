import type { ApiKey } from '../../../../shared/api/api-keys';
import { adminApiKeysPart } from '../../../../shared/i18n/admin-catalogue-api-keys';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import {
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatBerlinDate, formatDate, formatDateTime } from '../../../lib/format';

type Texts = ReturnType<typeof useAdminTexts<typeof adminApiKeysPart.de>>['apiKeys'];

const STATE_VARIANTS: Record<ApiKey['state'], BadgeVariant> = {
  active: 'success',
  expired: 'outline',
  revoked: 'secondary',
};

/** How a key is recognised without its secret: `tg_live_…a1b2`. */
export function keyCode(key: ApiKey): string {
  return `${key.prefix}…${key.lastFour}`;
}

function created(key: ApiKey, t: Texts): string {
  const date = formatDate(key.createdAt);
  return key.createdBy ? t.createdBy(date, key.createdBy) : date;
}

function lastUsed(key: ApiKey, t: Texts): string {
  return key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t.neverUsed;
}

/**
 * The last day a key works. The server stores the moment it stops (the next Berlin midnight), so
 * the day shown is the one just before that moment, as the owner chose it.
 */
function expires(key: ApiKey, t: Texts): string {
  return key.expiresAt ? formatBerlinDate(new Date(Date.parse(key.expiresAt) - 1)) : t.noExpiry;
}

function StateBadge({ apiKey }: { apiKey: ApiKey }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  return (
    <Badge variant={STATE_VARIANTS[apiKey.state]} className="shrink-0 whitespace-nowrap">
      {t.states[apiKey.state]}
    </Badge>
  );
}

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  return (
    <ul className="flex flex-wrap gap-1">
      {apiKey.scopes.map((scope) => (
        <li key={scope}>
          <code
            title={t.scopes[scope]}
            className="inline-block break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
          >
            {scope}
          </code>
        </li>
      ))}
    </ul>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  if (apiKey.state !== 'active') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t.revokeLabel(apiKey.name)}
      onClick={() => onRevoke(apiKey)}
    >
      {t.revoke}
    </Button>
  );
}

/**
 * The keys: a table from 1024 px, cards below, so a phone never scrolls sideways; long codes
 * break. Active keys can be revoked; expired and revoked ones stay listed for the record.
 */
export function ApiKeysList({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  const { apiKeys: t } = useAdminTexts(adminApiKeysPart);
  return (
    <>
      <div className="hidden overflow-x-auto lg:block">
        <table className="w-full border-collapse text-sm" data-testid="api-keys-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t.columns.name}</TableHeaderCell>
              <TableHeaderCell>{t.columns.scopes}</TableHeaderCell>
              <TableHeaderCell>{t.columns.created}</TableHeaderCell>
              <TableHeaderCell>{t.columns.lastUsed}</TableHeaderCell>
              <TableHeaderCell>{t.columns.expires}</TableHeaderCell>
              <TableHeaderCell>{t.columns.state}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t.columns.actions}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key.id} data-testid="api-key-row">
                <TableCell className="max-w-[14rem]">
                  <span className="block break-words font-medium">{key.name}</span>
                  <code className="block break-all font-mono text-xs text-muted-foreground">
                    {keyCode(key)}
                  </code>
                </TableCell>
                <TableCell className="max-w-[18rem]">
                  <Scopes apiKey={key} />
                </TableCell>
                <TableCell>{created(key, t)}</TableCell>
                <TableCell className="whitespace-nowrap">{lastUsed(key, t)}</TableCell>
                <TableCell className="whitespace-nowrap">{expires(key, t)}</TableCell>
                <TableCell>
                  <StateBadge apiKey={key} />
                </TableCell>
                <TableCell className="text-right">
                  <RevokeButton apiKey={key} onRevoke={onRevoke} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 lg:hidden" data-testid="api-keys-cards">
        {keys.map((key) => (
          <li
            key={key.id}
            data-testid="api-key-card"
            className="min-w-0 rounded-lg border border-border bg-card p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-semibold">{key.name}</p>
                <code className="block break-all font-mono text-xs text-muted-foreground">
                  {keyCode(key)}
                </code>
              </div>
              <StateBadge apiKey={key} />
            </div>
            <div className="mt-3">
              <Scopes apiKey={key} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t.columns.created}</dt>
              <dd className="min-w-0 break-words">{created(key, t)}</dd>
              <dt className="text-muted-foreground">{t.columns.lastUsed}</dt>
              <dd>{lastUsed(key, t)}</dd>
              <dt className="text-muted-foreground">{t.columns.expires}</dt>
              <dd>{expires(key, t)}</dd>
            </dl>
            {key.state === 'active' ? (
              <div className="mt-3">
                <RevokeButton apiKey={key} onRevoke={onRevoke} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
