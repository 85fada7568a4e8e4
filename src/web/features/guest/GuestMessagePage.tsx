import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { usePageTitle } from '../../lib/page-title';
import { BrandMark } from './brand-theme';
import { LegalLinks } from './LegalLinks';

export interface GuestAction {
  label: string;
  /** A link, or an action when there is no address (reload, back). */
  href?: string;
  onClick?: () => void;
  /**
   * 'Seite schließen': browsers close only windows a script opened, never the tab a QR code
   * opened, so no button pretends to; the guest is told they may close the tab.
   */
  closeHint?: string;
}

/**
 * A way on whose label wraps inside the button: a team or business name makes a label longer than
 * a phone's line, so the button grows in height instead of the text spilling.
 */
const WRAPPING_BUTTON = 'w-full !h-auto min-h-12 py-2 text-center [overflow-wrap:anywhere]';

/** A small centred card with a title, a text and a few ways on: the guest error pages. */
export function GuestMessagePage(props: {
  title: string;
  description: string;
  /** What the guest can do now, in plain words. */
  whatToDo?: string | undefined;
  icon?: ReactNode;
  /** Why the guest is here, said on the page (the server answered it without a toast). */
  notice?: { title: string; description: string } | undefined;
  /** Other tip pages first (a deactivated person's team and business): server-given paths. */
  links?: { path: string; message: string }[] | undefined;
  actions: GuestAction[];
  footer?: ReactNode;
}) {
  usePageTitle(props.title);
  const hint = props.actions.find((action) => action.closeHint)?.closeHint ?? null;
  const actions = props.actions.filter((action) => !action.closeHint);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center p-4">
      <Card className="flex flex-col items-center gap-4 p-6 text-center">
        <BrandMark />
        <span
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-muted text-3xl"
        >
          {props.icon ?? '⚠️'}
        </span>
        <h1 className="text-2xl font-bold">{props.title}</h1>
        {props.notice ? (
          <p className="text-sm">
            <strong>{props.notice.title}</strong> {props.notice.description}
          </p>
        ) : null}
        <p className="text-muted-foreground [overflow-wrap:anywhere]">{props.description}</p>
        {props.whatToDo ? <p className="font-medium">{props.whatToDo}</p> : null}
        <div className="flex w-full flex-col gap-3">
          {[
            ...(props.links ?? []).map((link) => ({ label: link.message, href: link.path })),
            ...actions,
          ].map((action: GuestAction, index) =>
            action.href ? (
              <a
                key={action.label}
                href={action.href}
                className={buttonClasses(
                  index === 0 ? 'primary' : 'outline',
                  'lg',
                  WRAPPING_BUTTON,
                )}
              >
                {action.label}
              </a>
            ) : (
              <button
                key={action.label}
                type="button"
                onClick={() => action.onClick?.()}
                className={buttonClasses(
                  index === 0 ? 'primary' : 'outline',
                  'lg',
                  WRAPPING_BUTTON,
                )}
              >
                {action.label}
              </button>
            ),
          )}
        </div>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
        {props.footer}
      </Card>
      <LegalLinks />
    </main>
  );
}
