import { useMemo } from 'react';
import { QR_DISPLAY_SIZE_PX } from '../../shared/domain/constants';
import { cn } from '../lib/cn';
import { qrSvgDataUrl } from '../lib/qr';

export interface QrCodeProps {
  /** What the code encodes, usually a tip link {origin}/t/{uid}. */
  value: string;
  /** Shown size in px (default 200, spec §9). */
  size?: number;
  /** Accessible name, e.g. "QR-Code für Anna Schneider". */
  alt: string;
  className?: string;
}

const FAILED_TEXT = 'QR-Code konnte nicht generiert werden.';

/**
 * A QR code on screen: black on white with its quiet zone in both themes, so phones scan it
 * from a dark screen too. For downloads use qrPngBlob / qrSvg from lib/qr with the same value.
 */
export function QrCode({ value, size = QR_DISPLAY_SIZE_PX, alt, className }: QrCodeProps) {
  const src = useMemo(() => {
    try {
      return qrSvgDataUrl(value);
    } catch {
      // Only a value longer than a QR code can hold ends up here.
      return null;
    }
  }, [value]);

  if (!src) {
    return (
      <div
        role="img"
        aria-label={FAILED_TEXT}
        style={{ width: size, height: size }}
        className={cn(
          'flex items-center justify-center rounded-md border border-dashed border-border p-3 text-center text-sm text-muted-foreground',
          className,
        )}
      >
        {FAILED_TEXT}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      data-qr-value={value}
      className={cn('rounded-md bg-white', className)}
    />
  );
}
