import { styleguideTexts } from '../../../shared/i18n/public-docs';
import { DocsLayout } from './components/DocsLayout';
import { DocsToc } from './components/DocsParts';
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
      <DocsToc label={t.tocLabel} entries={TOC} />
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
