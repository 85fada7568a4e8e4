/**
 * First stop for keyboard users: jumps over the header to the page's main content. The words come
 * from the page's own catalogue, so the admin console does not load the public site's texts for
 * them (decision 0410).
 */
export function SkipLink({ label, target = 'inhalt' }: { label: string; target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {label}
    </a>
  );
}
