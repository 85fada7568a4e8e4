import type { ReactNode } from 'react';

export function GuideSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titel`}
      className="scroll-mt-4 border-t border-border pt-10"
    >
      <h2 id={`${id}-titel`} className="text-2xl font-bold">
        {title}
      </h2>
      {lead ? <p className="mt-2 max-w-3xl text-muted-foreground">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A small caption above a group of samples. */
export function SampleLabel({ children }: { children: ReactNode }) {
  return (
    <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
      {children}
    </h3>
  );
}
