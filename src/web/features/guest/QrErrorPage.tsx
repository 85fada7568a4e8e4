import { usePageTexts } from './page-texts';
import { GuestMessagePage } from './GuestMessagePage';
import { SupportLink } from './SupportLink';

/** /qr-error: the scanned code is not (or no longer) valid. */
export function QrErrorPage({ inactive }: { inactive?: boolean | undefined }) {
  const pages = usePageTexts();
  const texts = pages.qrError;
  return (
    <GuestMessagePage
      title={texts.title}
      description={texts.description}
      notice={inactive ? pages.tipPage.codeInactive : undefined}
      icon="▦"
      actions={[
        { label: texts.rescan, onClick: () => window.location.reload() },
        { label: texts.closePage, closeHint: texts.closeHint },
      ]}
      footer={<SupportLink label={texts.support} />}
    />
  );
}
