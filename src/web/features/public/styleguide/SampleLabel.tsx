import type { ReactNode } from 'react';

/** A small caption above a group of samples. */
export function SampleLabel({ children }: { children: ReactNode }) {
  return (
    <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
      {children}
    </h3>
  );
}
