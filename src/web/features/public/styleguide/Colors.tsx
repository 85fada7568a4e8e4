import { useCallback, useSyncExternalStore } from 'react';
import { styleguideTexts } from '../../../../shared/i18n/public-docs';
import { useTheme } from '../../../lib/theme';
import { DocSection } from '../components/DocsParts';
import { SampleLabel } from './SampleLabel';
import { BRAND_COLOR_TOKENS, type ColorToken, THEME_COLOR_TOKENS } from './tokens';

const t = styleguideTexts;
const SEPARATOR = '|';

/**
 * The current value of CSS variables on <html>. Re-read when the theme choice changes (which
 * re-renders through useTheme) and when the system switches between light and dark.
 */
export function useCssVariables(names: readonly string[]): string[] {
  useTheme();
  const subscribe = useCallback((onChange: () => void) => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => {
      const style = getComputedStyle(document.documentElement);
      return names.map((name) => style.getPropertyValue(name).trim()).join(SEPARATOR);
    },
    () => '',
  );
  return snapshot.split(SEPARATOR);
}

function Swatches({ tokens }: { tokens: readonly ColorToken[] }) {
  const values = useCssVariables(tokens.map((token) => token.variable));
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tokens.map((token, index) => (
        <li
          key={token.variable}
          className="overflow-hidden rounded-lg border border-border bg-card"
        >
          <div
            className="flex h-16 items-end p-2 text-sm font-semibold"
            style={{
              background: `var(${token.variable})`,
              color: token.foreground ? `var(${token.foreground})` : undefined,
            }}
          >
            {token.foreground ? 'Aa' : null}
          </div>
          <div className="flex flex-col gap-0.5 p-2 text-xs">
            <span className="font-semibold">{token.label}</span>
            <code className="break-all text-muted-foreground">{token.utility}</code>
            <code className="break-all text-muted-foreground">
              {token.variable}: {values[index]}
            </code>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ColorsSection() {
  return (
    <DocSection id="farben" title={t.sections.colors} lead={t.colors.lead}>
      <SampleLabel>{t.colors.theme}</SampleLabel>
      <Swatches tokens={THEME_COLOR_TOKENS} />
      <div className="mt-8">
        <SampleLabel>{t.colors.brand}</SampleLabel>
        <Swatches tokens={BRAND_COLOR_TOKENS} />
      </div>
    </DocSection>
  );
}
