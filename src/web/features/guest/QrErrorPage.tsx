import { usePageTexts } from './page-texts';
import { GuestMessagePage } from './GuestMessagePage';
import { SupportLink } from './SupportLink';

/** /qr-error: the scanned code is not (or no longer) valid. */
export function QrErrorPage() {
  const texts = usePageTexts().qrError;
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
