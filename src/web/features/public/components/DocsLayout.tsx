import type { ReactNode } from 'react';
import { Link, NavLink } from '../../../lib/router';
import { publicTexts } from '../../../../shared/i18n/public';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { buttonClasses } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { usePageTitle } from '../../../lib/page-title';
import { BrandLink } from './BrandLink';
import { PublicFooter } from './PublicFooter';
import { SkipLink } from '../../../components/SkipLink';
import { useDemoPages } from '../queries';

const t = publicTexts.docs;

const DOC_PAGES = [
  { to: '/security', label: t.pages.security, demo: false },
  { to: '/demo-showcase', label: t.pages.showcase, demo: true },
  { to: '/prototype-demo', label: t.pages.prototype, demo: true },
  { to: '/styleguide', label: t.pages.styleguide, demo: true },
  { to: '/developer-handover', label: t.pages.handover, demo: true },
] as const;

export interface DocsLayoutProps {
  title: string;
  /** Meta description of the page. */
  description: string;
  lead?: ReactNode;
  /** Buttons under the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of the security centre and the documentation and demo pages. */
export function DocsLayout({ title, description, lead, actions, children }: DocsLayoutProps) {
  usePageTitle(title, description);
  // The demo pages exist only outside production (decision 0520).
  const demoPages = useDemoPages();
  const pages = DOC_PAGES.filter((page) => demoPages || !page.demo);
  return (
    <>
      <SkipLink label={publicTexts.skipToContent} />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <div className="ml-auto flex items-center gap-2">
            <ThemeSwitcher />
            <Link to="/employee/login" className={buttonClasses('primary', 'sm')}>
              {publicTexts.nav.login}
            </Link>
          </div>
        </div>
        <nav aria-label={t.navLabel} className="mx-auto max-w-6xl px-2 pb-2 sm:px-4">
          <ul className="flex flex-wrap gap-1">
            {pages.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-1.5 text-sm font-medium transition',
                      isActive
                        ? 'bg-muted text-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="inhalt" tabIndex={-1} className="focus:outline-none">
        <div className="bg-gradient-to-b from-muted to-background">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-10 sm:px-6 sm:py-14">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            {lead ? <p className="max-w-3xl text-lg text-muted-foreground">{lead}</p> : null}
            {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">{children}</div>
      </main>
      <PublicFooter />
    </>
  );
}
