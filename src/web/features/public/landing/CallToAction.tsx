import { Link } from '../../../lib/router';
import { publicTexts } from '../../../../shared/i18n/public';
import { buttonClasses } from '../../../components/ui/Button';
import { Icon } from '../components/Icon';
import { MailLink } from '../components/MailLink';

const t = publicTexts.landing.cta;

export function CallToAction() {
  return (
    <section aria-labelledby="cta-titel" className="px-4 py-16 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
        <h2 id="cta-titel" className="text-2xl font-bold sm:text-3xl">
          {t.title}
        </h2>
        <p className="max-w-xl text-lg">{t.lead}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/employee/login" className={buttonClasses('accent', 'lg')}>
            {t.open}
            <Icon name="arrowRight" />
          </Link>
          <MailLink
            subject={t.mailSubject}
            body={t.mailBody}
            className={buttonClasses('secondary', 'lg')}
          >
            <Icon name="mail" />
            {t.requestDemo}
          </MailLink>
        </div>
      </div>
    </section>
  );
}
