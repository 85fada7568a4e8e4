import { handoverTexts } from '../../../shared/i18n/developer-handover';
import { DocsLayout } from './components/DocsLayout';
import { DocsToc } from './components/DocsParts';
import { ApiReference } from './handover/ApiReference';
import { ArchitectureSection, ConfigSection, DeploySection, RunSection } from './handover/Sections';

const t = handoverTexts;
const TOC = [
  { id: 'starten', label: t.sections.run },
  { id: 'konfiguration', label: t.sections.config },
  { id: 'deployment', label: t.sections.deploy },
  { id: 'architektur', label: t.sections.architecture },
  { id: 'api', label: t.sections.api },
] as const;

/** /developer-handover: run, configure and deploy the product; architecture and API reference. */
export function DeveloperHandoverPage() {
  return (
    <DocsLayout title={t.title} description={t.description} lead={t.lead}>
      <DocsToc label={t.tocLabel} entries={TOC} />
      <div className="flex flex-col gap-12">
        <RunSection />
        <ConfigSection />
        <DeploySection />
        <ArchitectureSection />
        <ApiReference />
      </div>
    </DocsLayout>
  );
}
