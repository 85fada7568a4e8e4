import type { ThankYouResponse } from '../../../shared/api/tips';
import { GUEST_MESSAGE_MAX_LENGTH, PLATFORM_FEE_CENTS } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import { thanksIn, tonalityIn } from '../../../shared/i18n/guest';
import { type GuestLocale, INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import { escapeHtml } from '../../lib/html';
import { catalogueInTonality } from '../../../shared/i18n/guest-tonality';
import { GUEST_CATALOGUES } from './catalogues';

/** Served under `script-src 'self'`: styles inline, no script; readable on any phone. */
const STYLE = `
  :root { color-scheme: light; --fg:#0f1b2a; --bg:#f7f8fa; --card:#fff; --muted:#4a5668;
    --border:#d9dde3; --primary:#003057; --on-primary:#fff; }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100dvh; display:flex; align-items:center; justify-content:center;
    padding:1rem; background:var(--bg); color:var(--fg);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { width:100%; max-width:28rem; background:var(--card); border:1px solid var(--border);
    border-radius:0.75rem; padding:1.5rem; display:flex; flex-direction:column; gap:1rem; }
  h1 { font-size:1.5rem; margin:0; } p { margin:0; } .muted { color:var(--muted); }
  .brand { font-weight:600; color:var(--primary); }
  dl { margin:0; display:grid; grid-template-columns:1fr auto; gap:0.35rem 1rem; }
  dt { color:var(--muted); } dd { margin:0; text-align:right; font-variant-numeric:tabular-nums; }
  .total { font-weight:700; color:var(--fg); border-top:1px solid var(--border); padding-top:0.35rem; }
  a.button { font-weight:600; min-height:2.75rem; border-radius:0.75rem; display:flex;
    align-items:center; justify-content:center; text-decoration:none; background:var(--primary);
    color:var(--on-primary); }
  form { display:flex; flex-direction:column; gap:1rem; margin:0; }
  label.check { display:flex; gap:0.6rem; align-items:flex-start; }
  label.check input { width:1.25rem; height:1.25rem; margin-top:0.15rem; flex:none; }
  label.field { display:flex; flex-direction:column; gap:0.35rem; font-weight:600; }
  textarea { font:inherit; min-height:5rem; padding:0.5rem; border:1px solid var(--muted);
    border-radius:0.5rem; resize:vertical; }
  button.button { font:inherit; font-weight:600; min-height:2.75rem; border-radius:0.75rem;
    border:0; background:var(--primary); color:var(--on-primary); cursor:pointer; }
  a.link { color:var(--fg); text-align:center; }
  p, dd, h1, blockquote { overflow-wrap:anywhere; }
  :focus-visible { outline:3px solid var(--fg); outline-offset:2px; }
  footer { display:flex; gap:1rem; justify-content:center; font-size:0.8rem; }
  footer a { color:var(--muted); }
`;

function shell(
  locale: GuestLocale,
  title: string,
  body: string,
  brand: { color: string; name: string } | null,
): string {
  const t = GUEST_CATALOGUES[locale].first.legal;
  const lang = locale === 'de' ? '' : `?lang=${locale}`;
  const colour = brand ? `:root{--primary:${escapeHtml(brand.color)}}` : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Trinkgeld</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}${colour}</style>
</head>
<body><main>
${brand ? `<p class="brand">${escapeHtml(brand.name)}</p>` : ''}${body}
<footer><a href="/impressum${lang}">${escapeHtml(t.imprint)}</a><a href="/datenschutz${lang}">${escapeHtml(t.privacy)}</a></footer>
</main></body>
</html>`;
}

/** A short page with a title, a text and the way back to the tip page. */
export function renderGuestMessage(input: {
  locale: GuestLocale;
  title: string;
  text: string;
  backUrl: string;
  backLabel: string;
}): string {
  return shell(
    input.locale,
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p class="muted">${escapeHtml(input.text)}</p>
<a class="button" href="${escapeHtml(input.backUrl)}">${escapeHtml(input.backLabel)}</a>`,
    null,
  );
}

/**
 * The payment step of the plain form (decision 0221, amended): the chosen amount, the box to bear the
 * platform costs and the optional message, as the app's payment step has them; posting it starts
 * the checkout (`pay=1`).
 */
export function renderPaymentStep(input: {
  locale: GuestLocale;
  amountCents: number;
  action: string;
  backUrl: string;
}): string {
  const { locale } = input;
  const t = GUEST_CATALOGUES[locale].outcome.payment;
  const intl = INTL_LOCALES[locale];
  return shell(
    locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<dl><dt>${escapeHtml(t.tip)}</dt><dd>${escapeHtml(formatCents(input.amountCents, 'eur', intl))}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="amount" value="${input.amountCents}">
<input type="hidden" name="lang" value="${locale}">
<input type="hidden" name="pay" value="1">
<label class="check"><input type="checkbox" name="fee" value="1"><span>${escapeHtml(t.feeCheckbox(formatCents(PLATFORM_FEE_CENTS, 'eur', intl)))}<br><span class="muted">${escapeHtml(t.feeHint)}</span></span></label>
<label class="field">${escapeHtml(t.messageLabel)}<textarea name="message" maxlength="${GUEST_MESSAGE_MAX_LENGTH}" placeholder="${escapeHtml(t.messagePlaceholder)}"></textarea></label>
<button class="button" type="submit">${escapeHtml(t.card)}</button>
</form>
<a class="link" href="${escapeHtml(input.backUrl)}">${escapeHtml(t.back)}</a>`,
    null,
  );
}

/**
 * The thank-you page a checkout started without JavaScript returns to: what the employee
 * receives and the contribution apart, then back to the tip page or close.
 */
export function renderThankYou(locale: GuestLocale, tip: ThankYouResponse): string {
  const texts = catalogueInTonality(GUEST_CATALOGUES[locale], tip.branding.tonality);
  const t = texts.pages.thankYou;
  const money = (cents: number) =>
    escapeHtml(formatCents(cents, tip.currency, INTL_LOCALES[locale]));
  const back = tip.code ? `/t/${encodeURIComponent(tip.code)}` : null;
  return shell(
    locale,
    t.pageTitle,
    `<h1>${escapeHtml(t.heading)}</h1>
<p class="muted">„${escapeHtml(thanksIn(tip.recipient.thankYouMessage, tonalityIn(texts.first, tip.branding.tonality)))}“</p>
<dl>
  <dt>${escapeHtml(t.tipFor(tip.recipient.displayName))}</dt><dd>${money(tip.amountCents)}</dd>
  ${tip.platformFeeCents > 0 ? `<dt>${escapeHtml(t.contribution)}</dt><dd>${money(tip.platformFeeCents)}</dd>` : ''}
  <dt class="total">${escapeHtml(t.totalPaid)}</dt><dd class="total">${money(tip.totalCents)}</dd>
</dl>
<p class="muted">${escapeHtml(t.transactionId)}: ${escapeHtml(tip.shortId)}</p>
${back ? `<a class="button" href="${escapeHtml(back)}">${escapeHtml(t.backToTipPage)}</a>` : ''}
<p class="muted">${escapeHtml(t.closeHint)}</p>`,
    { color: tip.branding.primaryColor, name: tip.branding.companyName ?? tip.businessName },
  );
}
