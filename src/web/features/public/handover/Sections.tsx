import { handoverTexts } from '../../../../shared/i18n/developer-handover';
import { Card } from '../../../components/ui/Card';
import { Icon, type IconName } from '../components/Icon';
import { ARCHITECTURE_TREE } from './architecture-doc';
import { DocSection } from '../components/DocsParts';

const t = handoverTexts;

function Command({ children }: { children: string }) {
  return (
    <pre className="whitespace-pre-wrap break-all rounded-lg bg-foreground p-3 text-sm text-background">
      <code>{children}</code>
    </pre>
  );
}

export function RunSection() {
  const r = t.run;
  return (
    <DocSection id="starten" title={t.sections.run}>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col gap-3 p-5">
          <h3 className="font-semibold">{r.startTitle}</h3>
          <Command>{r.startCommand}</Command>
          <p className="text-sm text-muted-foreground">{r.startText}</p>
        </Card>
        <Card className="flex flex-col gap-3 p-5">
          <h3 className="font-semibold">{r.testTitle}</h3>
          <Command>{r.testCommand}</Command>
          <p className="text-sm text-muted-foreground">{r.testText}</p>
        </Card>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{r.requirements}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">{r.loginsTitle}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{r.loginsText(r.demoPassword)}</p>
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {r.logins.map((login) => (
              <li key={login.email} className="flex flex-wrap gap-x-3">
                <code className="font-semibold">{login.email}</code>
                <span className="text-muted-foreground">{login.role}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold">{r.otherTitle}</h3>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            {r.commands.map((entry) => (
              <div key={entry.command}>
                <dt>
                  <code className="font-semibold">{entry.command}</code>
                </dt>
                <dd className="text-muted-foreground">{entry.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </DocSection>
  );
}

export function ConfigSection() {
  const c = t.config;
  return (
    <DocSection id="konfiguration" title={t.sections.config} lead={c.lead}>
      <dl className="divide-y divide-border rounded-lg border border-border bg-card">
        {c.variables.map((variable) => (
          <div
            key={variable.name}
            className="grid gap-1 p-3 md:grid-cols-[14rem_16rem_1fr] md:gap-4"
          >
            <dt>
              <code className="break-all font-semibold">{variable.name}</code>
            </dt>
            <dd className="break-words text-sm text-muted-foreground">
              <span className="sr-only">{c.head.fallback}: </span>
              <code>{variable.fallback ?? c.unset}</code>
            </dd>
            <dd className="text-sm">{variable.meaning}</dd>
          </div>
        ))}
      </dl>
    </DocSection>
  );
}

export function DeploySection() {
  return (
    <DocSection id="deployment" title={t.sections.deploy} lead={t.deploy.lead}>
      <ol className="flex list-decimal flex-col gap-2 pl-6">
        {t.deploy.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </DocSection>
  );
}

function Box({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <div className="flex h-full gap-3 rounded-lg border border-border bg-card p-4">
      <Icon name={icon} className="mt-0.5 text-primary" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}

function Arrow() {
  return (
    <div aria-hidden="true" className="flex justify-center py-2 text-muted-foreground">
      <Icon name="arrowRight" className="rotate-90" />
    </div>
  );
}

export function ArchitectureSection() {
  const a = t.architecture;
  const b = a.boxes;
  return (
    <DocSection id="architektur" title={t.sections.architecture} lead={a.lead}>
      <figure>
        <figcaption className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {a.systemLabel}
        </figcaption>
        <div className="grid gap-3 sm:grid-cols-2">
          <Box icon="phone" {...b.guest} />
          <Box icon="users" {...b.staff} />
        </div>
        <Arrow />
        <Box icon="code" {...b.server} />
        <Arrow />
        <div className="grid gap-3 md:grid-cols-4">
          <Box icon="database" {...b.database} />
          <Box icon="card" {...b.stripe} />
          <Box icon="mail" {...b.mail} />
          <Box icon="qr" {...b.aio} />
        </div>
      </figure>
      <h3 className="mt-10 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {a.flowLabel}
      </h3>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {a.flow.map((stage, index) => (
          <li key={stage.name} className="flex gap-3 rounded-lg border border-border bg-card p-3">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
              {index + 1}
            </span>
            <div>
              <code className="font-semibold">{stage.name}</code>
              <p className="text-sm text-muted-foreground">{stage.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <h3 className="mt-10 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {a.treeLabel}
      </h3>
      <pre
        tabIndex={0}
        aria-label={a.treeLabel}
        className="mt-3 max-h-[32rem] overflow-auto rounded-lg border border-border bg-card p-4 text-xs leading-relaxed"
      >
        <code>{ARCHITECTURE_TREE}</code>
      </pre>
      <p className="mt-3 text-sm text-muted-foreground">{a.decisions}</p>
    </DocSection>
  );
}
