import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/** Tabs following the WAI-ARIA pattern: arrow keys, Home and End move between tabs. */
export function Tabs<K extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
}: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  const focusTab = (key: K) => {
    onValueChange(key);
    tabRefs.current.get(key)?.focus();
  };

  // A newly chosen tab is brought into view (not on the first render: the page stays at its top).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    tabRefs.current.get(value)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = enabled.findIndex((item) => item.key === value);
    let next: TabItem<K> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (next) {
      event.preventDefault();
      focusTab(next.key);
    }
  };

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Wraps onto a second row on a phone: every tab stays visible and reachable by touch.
        className="flex flex-wrap gap-1 rounded-lg bg-muted p-1"
      >
        {items.map((item) => {
          const selected = item.key === value;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => onValueChange(item.key)}
              className={cn(
                'shrink-0 rounded-md px-3 py-2 text-sm font-medium transition disabled:opacity-50',
                selected
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === value ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${baseId}-panel-${item.key}`}
            aria-labelledby={`${baseId}-tab-${item.key}`}
            tabIndex={0}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
