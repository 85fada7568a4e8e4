import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface SectionProps {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Alternating background keeps long pages easy to scan. */
  tone?: 'plain' | 'muted';
}

/**
 * A landing page section: an anchor target below the sticky header (scroll margin), focusable
 * so a jump moves keyboard focus here, and named by its heading for screen readers.
 */
export function Section({
  id,
  title,
  lead,
  eyebrow,
  children,
  className,
  tone = 'plain',
}: SectionProps) {
  const headingId = `${id}-titel`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn('scroll-mt-16 focus:outline-none', tone === 'muted' && 'bg-muted', className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mb-10 max-w-2xl">
          {eyebrow ? (
            <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-primary">
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="mt-3 text-lg text-muted-foreground">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
