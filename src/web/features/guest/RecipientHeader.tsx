import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import { Card } from '../../components/ui/Card';
import { receiverNote } from '../../../shared/domain/team-split';
import { thanksIn, tonalityIn } from '../../../shared/i18n/guest';
import { initials } from '../../lib/format';
import { useFirstViewTexts } from './i18n';

/** Black or white text, whichever reads better on the business's colour. */
function textOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#0f1b2a' : '#ffffff';
}

export function Avatar({
  name,
  url,
  size = 'lg',
}: {
  name: string;
  url: string | null;
  size?: 'lg' | 'md';
}) {
  // Initials at 20 px like the name below them: the tip page's first view keeps to two weights
  // and four sizes, each of which costs a font lookup in its first layout (decision 0412).
  const box = size === 'lg' ? 'h-20 w-20 text-xl' : 'h-16 w-16 text-xl';
  if (url) {
    return (
      <img src={url} alt="" className={`${box} rounded-full border-4 border-card object-cover`} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center rounded-full border-4 border-card bg-muted font-semibold text-foreground`}
    >
      {initials(name)}
    </span>
  );
}

/** The header card of the tip page: who receives the tip, in the business's colours. */
export function RecipientHeader({ entry }: { entry: GuestEntrypoint }) {
  const { branding } = entry;
  // Said from the catalogue, so both follow a language switch at once (decision 0270).
  const texts = useFirstViewTexts();
  const note = entry.receiver ? receiverNote(entry.receiver, texts.receiver) : null;
  return (
    <Card className="overflow-hidden">
      <div
        className="flex items-center gap-3 px-5 pb-10 pt-4"
        style={{ backgroundColor: branding.primaryColor, color: textOn(branding.primaryColor) }}
      >
        {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="h-8 w-auto" /> : null}
        <span className="text-sm font-semibold">{branding.companyName ?? entry.businessName}</span>
      </div>
      <div className="-mt-10 flex flex-col items-center gap-1 px-5 pb-5 text-center">
        <Avatar name={entry.displayName} url={entry.avatarUrl} />
        <h1 className="mt-2 text-xl font-semibold">{entry.displayName}</h1>
        {entry.jobTitle ? <p className="text-sm text-muted-foreground">{entry.jobTitle}</p> : null}
        <p className="mt-2 text-sm text-muted-foreground">
          „{thanksIn(entry.thankYouMessage, tonalityIn(texts, branding.tonality))}“
        </p>
        {note ? (
          <p className="mt-1 text-sm" data-testid="receiver-note">
            {note}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
