import { handoverTexts } from '../../../shared/i18n/developer-handover';
import { DocsLayout } from './components/DocsLayout';
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
        <RunSection />
        <ConfigSection />
        <DeploySection />
        <ArchitectureSection />
        <ApiReference />
      </div>
    </DocsLayout>
  );
}
