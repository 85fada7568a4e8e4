import { Link } from '../../../lib/router';
import { publicTexts } from '../../../../shared/i18n/public';
import { cn } from '../../../lib/cn';

/** The logo (the same mark as the favicon) and the product name, linking home. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      aria-label={publicTexts.nav.home}
      className={cn('inline-flex shrink-0 items-center gap-2 rounded-md font-bold', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" fill="#003057" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#C8AA61" strokeWidth="2.5" />
        <path
          d="M16 10.5v11M13 13.5c0-1.4 1.3-2.2 3-2.2s3 .8 3 2c0 3-6 1.7-6 4.9 0 1.3 1.3 2.2 3 2.2s3-.9 3-2.2"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-lg">{publicTexts.brand}</span>
    </Link>
  );
}
