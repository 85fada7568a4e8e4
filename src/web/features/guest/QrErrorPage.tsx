import { qrErrorTexts } from '../../../shared/i18n/guest-pages';
import { GuestMessagePage } from './GuestMessagePage';
import { SupportLink } from './SupportLink';

const texts = qrErrorTexts;

/** /qr-error: the scanned code is not (or no longer) valid. */
export function QrErrorPage() {
  return (
    <GuestMessagePage
      title={texts.title}
      description={texts.description}
      icon="▦"
      actions={[
        { label: texts.rescan, onClick: () => window.location.reload() },
        { label: texts.closePage, closeHint: texts.closeHint },
      ]}
      footer={<SupportLink label={texts.support} />}
    />
  );
}
