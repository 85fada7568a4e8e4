import type { GuestLocale } from '../../shared/i18n/guest-locale';
import { escapeHtml } from './html';

/** The page is served under `script-src 'self'`: styles inline, no script at all. */
const STYLE = `
  :root { color-scheme: light dark; --fg:#0f1b2a; --bg:#f7f8fa; --card:#fff; --muted:#4a5668;
    --border:#d9dde3; --primary:#003057; --on-primary:#fff; --danger:#b42318; }
  @media (prefers-color-scheme: dark) { :root { --fg:#eef2f7; --bg:#0b1420; --card:#132132;
    --muted:#a9b4c3; --border:#2a3a4f; --primary:#7fb2e5; --on-primary:#04131f; --danger:#f97066; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100dvh; display:flex; align-items:center; justify-content:center;
    padding:1.5rem; background:var(--bg); color:var(--fg);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { width:100%; max-width:26rem; background:var(--card); border:1px solid var(--border);
    border-radius:0.75rem; padding:1.5rem; display:flex; flex-direction:column; gap:1rem; }
  h1 { font-size:1.25rem; margin:0; }
  .badge { align-self:flex-start; font-size:0.75rem; font-weight:600; padding:0.25rem 0.6rem;
    border-radius:999px; border:1px dashed var(--muted); color:var(--muted); margin:0; }
  .muted { color:var(--muted); margin:0; font-size:0.875rem; }
  dl { margin:0; display:grid; grid-template-columns:1fr auto; gap:0.35rem 1rem; }
  dt { color:var(--muted); } dd { margin:0; text-align:right; font-variant-numeric:tabular-nums; }
  .total { font-weight:700; color:var(--fg); border-top:1px solid var(--border); padding-top:0.35rem; }
  form { display:flex; flex-direction:column; gap:0.6rem; }
  button, a.button { font:inherit; font-weight:600; min-height:2.75rem; border-radius:0.75rem;
    border:1px solid var(--border); background:transparent; color:var(--fg); cursor:pointer;
    display:flex; align-items:center; justify-content:center; text-decoration:none; }
  .primary { background:var(--primary); color:var(--on-primary); border-color:var(--primary); }
  .danger { color:var(--danger); border-color:var(--danger); }
`;

/** A page of the demo provider (its checkouts for tips and for Pro), in its own plain style. */
export function demoProviderPage(locale: GuestLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Demo</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
