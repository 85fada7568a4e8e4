import { Link } from '../../lib/router';
import { publicTexts } from '../../../shared/i18n/public';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DocsLayout } from './components/DocsLayout';
import { Icon } from './components/Icon';
import { MailLink } from './components/MailLink';
import { SECURITY_AUDIENCES } from './security-facts';

const t = publicTexts.security;

/** The security centre: the facts from security-facts.ts, grouped by who they protect. */
export function SecurityPage() {
  return (
    <DocsLayout
      title={t.title}
      description={t.description}
      lead={t.lead}
      actions={
        <>
          <Link to="/" className={buttonClasses('outline')}>
            <Icon name="arrowLeft" />
            {publicTexts.docs.backHome}
          </Link>
          <Link to="/employee/login" className={buttonClasses('primary')}>
            {publicTexts.docs.login}
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-14 pt-6">
        {SECURITY_AUDIENCES.map((audience) => (
          <section key={audience.id} aria-labelledby={`${audience.id}-titel`}>
            <h2 id={`${audience.id}-titel`} className="text-2xl font-bold">
              {audience.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{audience.lead}</p>
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              {audience.facts.map((fact) => (
                <li key={fact.id}>
                  <Card className="flex h-full gap-4 p-5">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-muted text-primary">
                      <Icon name={fact.icon} />
                    </span>
                    <div>
                      <h3 className="font-semibold">{fact.title}</h3>
                      <p className="mt-1 text-muted-foreground">{fact.text}</p>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Card className="flex flex-col items-start gap-3 p-6">
          <h2 className="text-xl font-bold">{t.reportTitle}</h2>
          <p className="text-muted-foreground">{t.reportText}</p>
          <MailLink subject={t.reportSubject} className={buttonClasses('outline')}>
            <Icon name="mail" />
            {t.reportButton}
          </MailLink>
        </Card>
      </div>
    </DocsLayout>
  );
}
