import { styleguideTexts } from '../../../shared/i18n/public-docs';
import { DocsLayout } from './components/DocsLayout';
import { ColorsSection } from './styleguide/Colors';
import {
  ButtonsSection,
  CardsAndBadgesSection,
  FormsSection,
  TypographySection,
} from './styleguide/Components';
import {
  AnimationsSection,
  FeedbackSection,
  QrSection,
  SpacingSection,
} from './styleguide/Feedback';

const t = styleguideTexts;
const TOC = [
  { id: 'farben', label: t.sections.colors },
  { id: 'typografie', label: t.sections.typography },
  { id: 'buttons', label: t.sections.buttons },
  { id: 'formulare', label: t.sections.forms },
  { id: 'karten', label: t.sections.cards },
  { id: 'badges', label: t.sections.badges },
  { id: 'rueckmeldungen', label: t.sections.feedback },
  { id: 'abstaende', label: t.sections.spacing },
  { id: 'animationen', label: t.sections.animations },
  { id: 'qr-code', label: t.sections.qr },
] as const;

/** /styleguide: the design tokens and UI primitives, rendered live from the real components. */
export function StyleguidePage() {
  return (
    <DocsLayout title={t.title} description={t.description} lead={t.lead}>
      <nav aria-label={t.tocLabel} className="pb-8 pt-2">
        <ul className="flex flex-wrap gap-2">
          {TOC.map((entry) => (
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
      <div className="flex flex-col gap-12">
        <ColorsSection />
        <TypographySection />
        <ButtonsSection />
        <FormsSection />
        <CardsAndBadgesSection />
        <FeedbackSection />
        <SpacingSection />
        <AnimationsSection />
        <QrSection />
      </div>
    </DocsLayout>
  );
}
