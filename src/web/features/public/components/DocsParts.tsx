import type { ReactNode } from 'react';

/** A chapter of a documentation page, reachable by its #id from the table of contents. */
export function DocSection({
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

/** The chapter links at the top of a documentation page. */
export function DocsToc({
  label,
  entries,
}: {
  label: string;
  entries: readonly { id: string; label: string }[];
}) {
  return (
    <nav aria-label={label} className="pb-8 pt-2">
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded-full border border-border bg-card px-3 py-1 text-sm hover:bg-muted"
            >
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
