import { useState } from 'react';
import { Link } from '../../../lib/router';
import { publicTexts } from '../../../../shared/i18n/public';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { buttonClasses } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { scrollToSection } from '../scroll';
import { Icon } from './Icon';
import { BrandLink } from './BrandLink';

export const LANDING_SECTIONS = [
  { id: 'features', label: publicTexts.nav.features },
  { id: 'zielgruppen', label: publicTexts.nav.audiences },
  { id: 'demo', label: publicTexts.nav.demo },
] as const;

const anchorClasses =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition hover:bg-muted hover:text-foreground';

/**
 * The sticky header of the landing page: anchors to its sections and the login. Below 768 px
 * the anchors fold into a menu so the header never makes the page scroll sideways.
 */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);

  const anchors = (onNavigate?: () => void) =>
    LANDING_SECTIONS.map((section) => (
      <a
        key={section.id}
        href={`#${section.id}`}
        className={anchorClasses}
        onClick={(event) => {
          event.preventDefault();
          onNavigate?.();
          scrollToSection(section.id);
        }}
      >
        {section.label}
      </a>
    ));

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label={publicTexts.nav.label} className="ml-4 hidden items-center gap-1 md:flex">
          {anchors()}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeSwitcher className="hidden sm:inline-flex" />
          <Link to="/employee/login" className={buttonClasses('primary', 'sm')}>
            {publicTexts.nav.login}
          </Link>
          <button
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), 'md:hidden')}
            aria-expanded={menuOpen}
            aria-controls="landing-menu"
            aria-label={menuOpen ? publicTexts.nav.closeMenu : publicTexts.nav.menu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      <div
        id="landing-menu"
        hidden={!menuOpen}
        className="border-t border-border bg-background px-4 pb-4 pt-2 md:hidden"
      >
        <nav aria-label={publicTexts.nav.label} className="flex flex-col">
          {anchors(() => setMenuOpen(false))}
        </nav>
        <ThemeSwitcher className="mt-3 sm:hidden" showLabels />
      </div>
    </header>
  );
}
