import { useId } from 'react';
import {
  isStaffLanguage,
  STAFF_LANGUAGES,
  type StaffLanguage,
} from '../../../shared/domain/staff-language';
import { Label, selectClasses } from '../../components/ui/Field';
import { useStaffTexts } from '../../lib/staff-language';

/**
 * 'Sprache' / 'Language' (decision 0383): each option in its own language, so a person who
 * cannot read the current one still finds theirs.
 */
export function StaffLanguageSelect({
  value,
  onChange,
  disabled,
  compact,
}: {
  value: StaffLanguage;
  onChange: (language: StaffLanguage) => void;
  disabled?: boolean;
  /** Without the hint, for the sign-in page's corner. */
  compact?: boolean;
}) {
  const t = useStaffTexts().screens.language;
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t.label}</Label>
      <select
        id={id}
        className={selectClasses}
        value={value}
        disabled={disabled}
        data-testid="staff-language"
        onChange={(event) => {
          if (isStaffLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {STAFF_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t.options[language]}
          </option>
        ))}
      </select>
      {compact ? null : <p className="text-xs text-muted-foreground">{t.hint}</p>}
    </div>
  );
}
