import { invalidUidTexts } from '../../../shared/i18n/guest-pages';
import { GuestMessagePage } from './GuestMessagePage';
import { SupportLink } from './SupportLink';

const texts = invalidUidTexts;

/** /error/invalid-uid: no payment point behind the link. */
export function InvalidUidPage() {
  return (
    <GuestMessagePage
      title={texts.title}
      description={texts.description}
      icon="?"
      actions={[
        { label: texts.back, onClick: () => window.history.back() },
        { label: texts.closePage, closeHint: texts.closeHint },
      ]}
      footer={<SupportLink label={texts.support} />}
    />
  );
}
