import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { get, type RegisterOptions, useFormContext, useFormState } from 'react-hook-form';
import { fieldMessageIn } from '../../../shared/i18n/staff-fields';
import { cn } from '../../lib/cn';
import { useStaffLanguage } from '../../lib/staff-language';
import { Button, type ButtonProps } from '../ui/Button';
import { Input, Label, selectClasses, Textarea } from '../ui/Field';

/** Ids and the error of one field, for custom controls inside a <Form>. */
export function useFieldState(name: string) {
  const id = useId();
  const { errors } = useFormState({ name });
  const { language } = useStaffLanguage();
  const german = (get(errors, name) as { message?: string } | undefined)?.message;
  // The shared schemas speak German; a staff screen in English says their messages in English.
  const message = german === undefined ? undefined : fieldMessageIn(language, german);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return { id, hintId, errorId, message };
}

export interface FieldFrameProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    'aria-required': boolean | undefined;
  }) => ReactNode;
}

/** Label, control, hint and the German error message right below the control. */
export function FieldFrame({ name, label, hint, required, className, children }: FieldFrameProps) {
  const { id, hintId, errorId, message } = useFieldState(name);
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children({
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

type FieldBase = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Extra react-hook-form options, e.g. `onChange` to reset a dependent field. */
  registerOptions?: RegisterOptions;
};

export function TextField({
  name,
  label,
  hint,
  required,
  className,
  registerOptions,
  ...props
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} required={required} className={className}>
      {(control) => <Input {...props} {...control} {...register(name, registerOptions)} />}
    </FieldFrame>
  );
}

export function TextareaField({
  name,
  label,
  hint,
  required,
  className,
  registerOptions,
  ...props
}: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} required={required} className={className}>
      {(control) => <Textarea {...props} {...control} {...register(name, registerOptions)} />}
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  registerOptions,
  ...props
}: FieldBase &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
    options: readonly { value: string; label: string }[];
    /** A first, empty choice ("Bitte wählen"). */
    placeholder?: string;
  }) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} required={required} className={className}>
      {(control) => (
        <select
          className={selectClasses}
          {...props}
          {...control}
          {...register(name, registerOptions)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** The form's own error (a server answer that names no field), announced when it appears. */
export function FormError() {
  const { errors } = useFormState();
  const { language } = useStaffLanguage();
  const german = (errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  if (!german) return null;
  const message = fieldMessageIn(language, german);
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}

/** Submit with progress: disabled and showing `pendingText` while the save runs. */
export function SubmitButton({
  children,
  pendingText,
  ...props
}: Omit<ButtonProps, 'type'> & { pendingText: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      aria-busy={isSubmitting}
      disabled={isSubmitting || props.disabled}
      {...props}
    >
      {isSubmitting ? (
        <>
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/**
 * A checkbox with its label to the right (an agreement, a yes/no choice) and its German error
 * below. The label may hold links, e.g. to the text being agreed to.
 */
export function CheckboxField({
  name,
  label,
  required,
  className,
  registerOptions,
  ...props
}: Omit<FieldBase, 'hint'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>) {
  const { register } = useFormContext();
  const { id, errorId, message } = useFieldState(name);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? errorId : undefined}
          aria-required={required || undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--primary)]"
          {...props}
          {...register(name, registerOptions)}
        />
        <Label htmlFor={id} className="font-normal leading-snug">
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              {' '}
              *
            </span>
          ) : null}
        </Label>
      </div>
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A required group of checkboxes over a fixed list of codes (an API key's scopes, a webhook's
 * event types), two columns from `sm`: each box with its German name and the code a developer
 * types, one error for the group below.
 */
export function CodeCheckboxGroupField<Code extends string>({
  name,
  legend,
  codes,
  labelOf,
}: {
  name: string;
  legend: ReactNode;
  codes: readonly Code[];
  labelOf: (code: Code) => ReactNode;
}) {
  const { register } = useFormContext();
  const { errorId, message } = useFieldState(name);
  return (
    <fieldset aria-describedby={message ? errorId : undefined} className="min-w-0">
      <legend className="mb-2 text-sm font-medium">
        {legend}
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      </legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>
            <label className="flex h-full cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
              <input
                type="checkbox"
                value={code}
                aria-invalid={Boolean(message)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--primary)]"
                {...register(name)}
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{labelOf(code)}</span>
                <code className="block break-all font-mono text-xs text-muted-foreground">
                  {code}
                </code>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {message ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
