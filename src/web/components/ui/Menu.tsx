import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './Button';

export type MenuItem =
  | {
      kind?: 'action';
      label: string;
      onSelect: () => void;
      destructive?: boolean;
      disabled?: boolean;
    }
  | { kind: 'link'; label: string; href: string; newTab?: boolean };

export interface MenuProps {
  /** Accessible name of the button, e.g. "Aktionen für Tisch 7". */
  label: string;
  trigger: ReactNode;
  items: readonly MenuItem[];
  variant?: ButtonVariant;
  size?: ButtonSize;
  align?: 'start' | 'end';
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or arrow down opens it on the first item,
 * arrows move, Home/End jump, Escape closes and returns focus to the button, Tab leaves it.
 */
export function Menu({
  label,
  trigger,
  items,
  variant = 'ghost',
  size = 'sm',
  align = 'end',
}: MenuProps) {
  const [open, setOpen] = useState(false);

  // Until placed, the list is fixed and hidden: in the flow it would widen the button's row and
  // move the button, and the menu would then open away from it.
  const hidden: CSSProperties = { visibility: 'hidden', position: 'fixed', left: 0, top: 0 };
  const [position, setPosition] = useState<CSSProperties>(hidden);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const itemElements = () =>
    Array.from(
      listRef.current?.querySelectorAll<HTMLElement>(
        '[role="menuitem"]:not([aria-disabled="true"])',
      ) ?? [],
    );

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // Fixed to the viewport, so a scrolling table around the button cannot clip the menu; it
  // opens upwards when there is no room below. Returns false when the button is out of view.
  const place = (): boolean => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const list = listRef.current;
    if (!rect || !list) return false;
    if (rect.bottom < 0 || rect.top > window.innerHeight) return false;
    const height = list.offsetHeight;
    const width = list.offsetWidth;
    const upwards = rect.bottom + height + 8 > window.innerHeight && rect.top > height + 8;
    const left =
      align === 'end'
        ? Math.max(8, rect.right - width)
        : Math.min(rect.left, window.innerWidth - width - 8);
    const top = upwards ? rect.top - height - 4 : rect.bottom + 4;
    setPosition((current) =>
      current.visibility !== 'hidden' && current.left === left && current.top === top
        ? current
        : { position: 'fixed', left, top },
    );
    return true;
  };

  useLayoutEffect(() => {
    if (open) place();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Once placed (and visible), the first item takes the focus.
  useEffect(() => {
    if (open && position.visibility !== 'hidden') itemElements()[0]?.focus();
  }, [open, position]);

  // Scrolling or resizing moves the menu with its button; it closes only when the button has
  // left the viewport. Closing on every scroll event lost menus to the event the browser sends
  // a frame after scrolling the button into view, i.e. right after the click that opened it.
  useEffect(() => {
    if (!open) return;
    const follow = () => {
      if (!place()) close(false);
    };
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onListKey = (event: KeyboardEvent) => {
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      elements[(to + elements.length) % elements.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(elements.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') close(false);
  };

  const itemClasses =
    'flex w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus:bg-muted focus:outline-none';

  return (
    <div className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={buttonClasses(variant, size)}
        onClick={(event) => {
          event.stopPropagation();
          setPosition(hidden);
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setPosition(hidden);
            setOpen(true);
          }
        }}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onListKey}
          onClick={(event) => event.stopPropagation()}
          style={position}
          className="z-50 min-w-52 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          {items.map((item) =>
            item.kind === 'link' ? (
              <a
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                {...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className={itemClasses}
                onClick={() => close(false)}
              >
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                className={cn(
                  itemClasses,
                  item.destructive && 'text-destructive',
                  item.disabled && 'opacity-50',
                )}
                onClick={() => {
                  if (item.disabled) return;
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
