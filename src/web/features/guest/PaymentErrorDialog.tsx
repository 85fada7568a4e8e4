import { DIALOG_RETRY_CLASSES, type PaymentErrorClass } from '../../../shared/domain/payments';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useOutcomeTexts } from './outcome-texts';

/** The error dialog by class (spec §8) for problems that do not switch to the error step. */
export function PaymentErrorDialog(props: {
  errorClass: PaymentErrorClass | null;
  canRetry: boolean;
  onRetry: () => void;
  onRestart: () => void;
  onClose: () => void;
}) {
  const { tip, errors } = useOutcomeTexts();
  const texts = tip.errorDialog;
  const errorClass = props.errorClass ?? 'unknown';
  const dialog = errors[errorClass];
  const retry = props.canRetry && DIALOG_RETRY_CLASSES.includes(errorClass);
  return (
    <Dialog
      open={props.errorClass !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={dialog.title}
      description={dialog.description}
      footer={
        <>
          <Button variant="ghost" onClick={props.onClose}>
            {texts.close}
          </Button>
          {errorClass === 'session_expired' ? (
            <Button onClick={props.onRestart}>{texts.restart}</Button>
          ) : null}
          {retry ? <Button onClick={props.onRetry}>{texts.retry}</Button> : null}
        </>
      }
    />
  );
}
