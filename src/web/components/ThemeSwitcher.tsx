import { THEME_CHOICES } from '../../shared/domain/constants';
import { commonTexts } from '../../shared/i18n/common';
import { cn } from '../lib/cn';
import { setTheme, type ThemeChoice, useTheme } from '../lib/theme';

const ICONS: Record<ThemeChoice, React.ReactNode> = {
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />,
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
};

/**
 * Light, dark or follow the system (the default). A group of toggle buttons: each is reachable
 * with Tab and says whether it is the current choice; the choice is kept in localStorage.
 */
export function ThemeSwitcher({
  className,
  showLabels = false,
}: {
  className?: string;
  /** Show the words next to the icons (otherwise they are for screen readers only). */
  showLabels?: boolean;
}) {
  const current = useTheme();
  return (
    <div
      role="group"
      aria-label={commonTexts.theme.label}
      className={cn(
        'inline-flex items-center gap-0.5 rounded-lg border border-border bg-card p-0.5',
        className,
      )}
    >
      {THEME_CHOICES.map((choice) => {
        const selected = choice === current;
        return (
          <button
            key={choice}
            type="button"
            aria-pressed={selected}
            title={commonTexts.theme[choice]}
            onClick={() => setTheme(choice)}
            className={cn(
              'inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-md px-2 text-sm transition',
              selected
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {ICONS[choice]}
            </svg>
            <span className={showLabels ? '' : 'sr-only'}>{commonTexts.theme[choice]}</span>
          </button>
        );
      })}
    </div>
  );
}
