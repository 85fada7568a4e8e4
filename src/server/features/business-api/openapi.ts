import { escapeHtml } from '../../lib/html';

/** The parts of an OpenAPI document this module reads and writes. */
interface OpenApiDocument {
  openapi: string;
  info?: Record<string, unknown>;
  servers?: unknown[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  [key: string]: unknown;
}

const V1 = '/api/v1/';

/**
 * The business API's own OpenAPI 3.1 document (decision 0631): the /api/v1 operations of the
 * app's document, which @fastify/swagger makes from the same zod schemas the routes validate
 * with, plus how to authenticate.
 */
export function businessApiDocument(whole: OpenApiDocument, origin: string): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(V1)),
  );
  return {
    openapi: whole.openapi,
    info: {
      title: 'Trinkgeld Betriebs-API',
      version: 'v1',
      description:
        'Die API eines Betriebs mit Trinkgeld Pro. Authentifizierung mit einem API-Schlüssel des Betriebs (Authorization: Bearer tg_…); Beträge in Cent mit Währung; Listen seitenweise mit limit und starting_after; Fehler mit einem festen code und einer deutschen message.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'API-Schlüssel (tg_live_… / tg_test_…)',
        },
      },
    },
    security: [{ apiKey: [] }],
  };
}

/** The document as a readable German page: one section per operation, with its parameters. */
export function renderBusinessApiDocs(document: OpenApiDocument): string {
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? [])
        .map(
          (parameter) =>
            `<li><code>${escapeHtml(parameter.name)}</code> (${escapeHtml(parameter.in)}${
              parameter.required ? ', Pflicht' : ''
            })${parameter.description ? `: ${escapeHtml(parameter.description)}` : ''}</li>`,
        )
        .join('');
      sections.push(
        `<section><h2><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(operation.summary ?? '')}</p>` +
          (operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '') +
          (parameters ? `<h3>Parameter</h3><ul>${parameters}</ul>` : '') +
          `</section>`,
      );
    }
  }
  const info = document.info ?? {};
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(String(info.title ?? 'API'))}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:50rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1a1a}
code{background:#f3f3f3;padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}
section{border-top:1px solid #ddd;padding:.5rem 0}
h2{font-size:1.05rem}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(String(info.title ?? 'API'))}</h1>
<p>${escapeHtml(String(info.description ?? ''))}</p>
<p>Maschinenlesbar: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
${sections.join('\n')}
</main>
</body>
</html>`;
}
