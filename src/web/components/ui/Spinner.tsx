import { cn } from '../../lib/cn';

/**
 * The hidden word of a spinner without a label, in the page's language (staff screens set
 * `lang="en"` for English, decision 0383); read at render, so the guest bundle needs no catalogue.
 */
const loadingWord = () =>
  typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'Loading…' : 'Lädt…';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label ? <span>{label}</span> : <span className="sr-only">{loadingWord()}</span>}
    </span>
  );
}

/** A message centred on the whole screen, used by guards and loading states. */
export function FullScreenMessage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      {children}
    </div>
  );
}
