import { usePageTexts } from './page-texts';
import { GuestMessagePage } from './GuestMessagePage';
import { SupportLink } from './SupportLink';

/** /error/invalid-uid: no payment point behind the link. */
export function InvalidUidPage() {
  const texts = usePageTexts().invalidUid;
  return (
    <GuestMessagePage
      title={texts.title}
      description={texts.description}
      whatToDo={texts.whatToDo}
      icon="?"
      actions={[
        { label: texts.back, onClick: () => window.history.back() },
        { label: texts.closePage, closeHint: texts.closeHint },
      ]}
      footer={<SupportLink label={texts.support} />}
    />
  );
}
