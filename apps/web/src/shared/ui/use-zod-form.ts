import { type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { warn } from '../toast-bus';

/** Form values while typing: any field may still be empty (null) before the schema checks it. */
export type Draft<T> = { [K in keyof T]: T[K] | null };

export type ZodForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<Draft<z.input<S>>, unknown, z.output<S>> & {
  /** Validates with the schema; on success runs `onValid` with the parsed values. */
  submit: (onValid: (values: z.output<S>) => void | Promise<void>) => Promise<void>;
};

/** The first message in field order, so the toast names what the user sees first. */
export function firstError(errors: FieldErrors): string | undefined {
  for (const e of Object.values(errors)) {
    if (e && typeof e.message === 'string' && e.message) return e.message;
  }
  return undefined;
}

type AnyResolver = Resolver<FieldValues, unknown, FieldValues>;
const resolvers = new WeakMap<object, Promise<AnyResolver>>();

/**
 * The schema's resolver, made once per schema (or loader). The resolver code and a loaded schema
 * are fetched when a form is first checked (at submit), not with the screen: a first screen (the
 * sign-in page) renders without zod's code (about 25 KB gzip).
 */
export function resolverOf(schema: z.ZodType | (() => Promise<z.ZodType>)): Promise<AnyResolver> {
  let made = resolvers.get(schema);
  if (!made) {
    made = Promise.all([import('@hookform/resolvers/zod'), typeof schema === 'function' ? schema() : schema]).then(
      ([{ zodResolver }, loaded]) => zodResolver(loaded as z.ZodType<FieldValues, FieldValues>) as unknown as AnyResolver,
    );
    // A failed load (the network) is tried again at the next submit.
    made.catch(() => resolvers.delete(schema));
    resolvers.set(schema, made);
  }
  return made;
}

/**
 * react-hook-form driven by a contracts zod schema. By default a failed validation shows the
 * schema's message as a warning toast ('Please fill the required fields!'); `inline` leaves the
 * messages in formState.errors for forms that show them under the fields (sign-in, reset).
 * `schema` may be a loader (`() => import(...).then(...)`) for a screen that should show before
 * zod's code arrives.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S | (() => Promise<S>),
  defaultValues: Draft<z.input<S>>,
  options: { invalid?: 'toast' | 'inline' } = {},
): ZodForm<S> {
  const form = useForm<Draft<z.input<S>>, unknown, z.output<S>>({
    // The schema turns empty (null) fields into its own required-field message, so the draft
    // type may be looser than the schema's input; the cast is the only place this is said.
    resolver: (async (values, context, opts) => (await resolverOf(schema))(values, context, opts)) as AnyResolver as unknown as Resolver<
      Draft<z.input<S>>,
      unknown,
      z.output<S>
    >,
    defaultValues: defaultValues as DefaultValues<Draft<z.input<S>>>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const submit = (onValid: (values: z.output<S>) => void | Promise<void>) =>
    form.handleSubmit(onValid, (errors) => {
      const message = firstError(errors);
      if (message && options.invalid !== 'inline') warn(message);
    })();
  return { ...form, submit };
}
