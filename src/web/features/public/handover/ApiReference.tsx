import { useQuery } from '@tanstack/react-query';
import { handoverTexts } from '../../../../shared/i18n/developer-handover';
import { Badge } from '../../../components/ui/Badge';
import { buttonClasses } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { api } from '../../../lib/api';
import { Icon } from '../components/Icon';
import { DocSection } from '../components/DocsParts';

const t = handoverTexts.api;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiOperation {
  summary?: string;
  description?: string;
}
interface OpenApiDocument {
  paths?: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OpenApiOperation>>>;
}

export interface Endpoint {
  method: string;
  path: string;
  summary: string;
}

/** The operations of an OpenAPI document as rows, sorted by path then method. */
export function listEndpoints(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, operations]) =>
      HTTP_METHODS.filter((method) => operations[method]).map((method) => ({
        method: method.toUpperCase(),
        path,
        summary: operations[method]?.summary ?? operations[method]?.description ?? '',
      })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** A readable list of the live OpenAPI document (/api/docs), plus the link to the raw JSON. */
export function ApiReference() {
  const docs = useQuery({
    queryKey: ['openapi'],
    queryFn: () => api.get<OpenApiDocument>('/api/docs'),
  });
  const endpoints = docs.data ? listEndpoints(docs.data) : [];

  return (
    <DocSection id="api" title={handoverTexts.sections.api} lead={t.lead}>
      <a href="/api/docs" className={buttonClasses('primary')}>
        <Icon name="code" />
        {t.open}
      </a>
      <div className="mt-6">
        {docs.isPending ? (
          <Spinner label={t.loading} className="text-muted-foreground" />
        ) : docs.isError ? (
          <p role="alert" className="text-destructive">
            {t.loadError}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">{t.count(endpoints.length)}</p>
            <ul className="divide-y divide-border rounded-lg border border-border bg-card">
              {endpoints.map((endpoint) => (
                <li
                  key={`${endpoint.method} ${endpoint.path}`}
                  className="grid gap-1 p-3 sm:grid-cols-[5rem_18rem_1fr] sm:gap-4"
                >
                  <span>
                    <Badge variant={endpoint.method === 'GET' ? 'secondary' : 'accent'}>
                      {endpoint.method}
                    </Badge>
                  </span>
                  <code className="break-all text-sm font-semibold">{endpoint.path}</code>
                  <span className="text-sm text-muted-foreground">{endpoint.summary}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </DocSection>
  );
}
