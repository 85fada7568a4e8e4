import { zodResolver } from '@hookform/resolvers/zod';
import { type FormHTMLAttributes, type ReactNode, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';

/**
 * A form's schema, or how to load it. A form on a page's first screen passes a loader (a
 * module-level `() => import(...)`), so zod comes with the form's first check instead of with the
 * page (decision 0410); the schema is the same one the server checks with.
 */
export type SchemaSource<TIn, TOut> = z.ZodType<TOut, TIn> | (() => Promise<z.ZodType<TOut, TIn>>);

/**
 * The zod resolver of a schema that may still have to load. The first check (a submit, or a
 * change after one) waits for the schema; every later one uses it at once.
 */
function lazyZodResolver<TIn extends FieldValues, TOut>(
  source: SchemaSource<TIn, TOut>,
): Resolver<TIn, unknown, TOut> {
  if (typeof source !== 'function') return zodResolver(source as never) as never;
  let loaded: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  return async (values, context, options) => {
    loaded ??= source().then((schema) => zodResolver(schema as never) as never);
    try {
      return await (
        await loaded
      )(values, context, options);
    } catch (error) {
      // A schema that failed to load (offline) may load on the next try.
      loaded = undefined;
      throw error;
    }
  };
}

/**
 * The one way to build a form (docs/decisions/0050 and 0103): react-hook-form validated by the
 * zod schema from src/shared/api that the server checks again.
 *
 *   const form = useZodForm(createPaymentPointSchema, { defaultValues: { name: '' } });
 *   <Form form={form} onSubmit={(values) => api.post(...)} onError={toastIt}>
 *     <TextField name="name" label="Name" required />
 *     <SubmitButton pendingText="Wird gespeichert...">Speichern</SubmitButton>
 *   </Form>
 *
 * Field errors appear in German next to their field; a server answer naming a field (details
 * path "body.name") lands on that field too. While a save runs the submit button shows its
 * progress and is disabled, and a second submit (Enter pressed twice) is ignored.
 */
export function useZodForm<TIn extends FieldValues, TOut>(
  schema: SchemaSource<TIn, TOut>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  const resolver = useMemo(() => lazyZodResolver(schema), [schema]);
  return useForm<TIn, unknown, TOut>({
    resolver,
    // Checked on submit, then again on every change: an error appearing on blur would move the
    // submit button away under the pointer between mouse down and up.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/** Puts a server's field messages on their fields; answers whether any field took one. */
export function applyServerErrors<TIn extends FieldValues>(
  form: UseFormReturn<TIn, unknown, unknown>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const values = form.getValues() as Record<string, unknown>;
  let placed = false;
  for (const detail of error.details) {
    const field = detail.path.replace(/^body\./, '');
    if (field in values) {
      form.setError(field as Path<TIn>, { type: 'server', message: detail.message });
      placed = true;
    }
  }
  return placed;
}

export interface FormProps<TIn extends FieldValues, TOut> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onError' | 'onInvalid'
> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => Promise<unknown> | unknown;
  /** After a failed save (server or network): for a toast. Field errors are already shown. */
  onError?: (error: unknown) => void;
  /** When the browser-side validation refuses the values (e.g. the spec's required-fields toast). */
  onInvalid?: (errors: FieldErrors<TIn>) => void;
  children: ReactNode;
}

export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onError,
  onInvalid,
  children,
  ...props
}: FormProps<TIn, TOut>) {
  const inFlight = useRef(false);
  const submit = form.handleSubmit(
    async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await onSubmit(values);
      } catch (error) {
        const onField = applyServerErrors(form as UseFormReturn<TIn, unknown, unknown>, error);
        if (!onField) {
          form.setError('root.server', {
            type: 'server',
            message:
              error instanceof ApiError
                ? error.message
                : 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
          });
        }
        onError?.(error);
      } finally {
        inFlight.current = false;
      }
    },
    (errors) => onInvalid?.(errors),
  );
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...props}
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}
