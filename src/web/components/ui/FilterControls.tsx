import { type InputHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { Input, Label, selectClasses } from './Field';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled select that filters a list at once (no form, no submit). */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly FilterOption<V>[];
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={cn(selectClasses, 'h-10 text-sm')}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled text, search or date input that filters a list at once. */
export function FilterInput({
  label,
  value,
  onValue,
  className,
  ...props
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="h-10 text-sm"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...props}
      />
    </div>
  );
}

/** Options for "all" plus one per value, labelled from a record. */
export function optionsWithAll<V extends string>(
  allLabel: string,
  values: readonly V[],
  labels: Record<V, string>,
): FilterOption<V | 'all'>[] {
  return [
    { value: 'all', label: allLabel },
    ...values.map((value) => ({ value, label: labels[value] })),
  ];
}
