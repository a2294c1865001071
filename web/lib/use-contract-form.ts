import type { z } from "@common/zod";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, issuesByField, serverFieldErrors } from "@web/lib/form-errors";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export type ContractFormOptions<S extends z.ZodType, V> = {
  /** The request body's schema from common/contract, or a loader of it (keeps zod off a first paint). */
  schema: S | (() => Promise<S>);
  initialValues: V | (() => V);
  /** The body to check and send, made from the values (the schema checks it); by default the values. */
  toBody?: (values: V) => unknown;
  /** Sends the checked body. What it throws is the server's refusal: see `errors` and `formError`. */
  onSubmit: (body: z.output<S>, values: V) => unknown;
  /** After the schema refused the values, their messages already on screen (to focus or toast). */
  onInvalid?: (errors: FieldErrors, form: HTMLFormElement | null) => void;
  /** After `onSubmit` threw, its field errors already set (to toast, or scroll to a notice). */
  onError?: (error: unknown) => void;
  /** The top error's text for what `onSubmit` threw ("" for none); `errorMessage` by default. */
  describeError?: (error: unknown) => string;
  /**
   * The inputs keep their own values (a server-rendered form typed into before it hydrates): the
   * submit reads them from the form, by the names of `initialValues`, and `field()` gives no value.
   */
  uncontrolled?: boolean;
};

/**
 * A form whose body is checked by the same zod schema as the API, with pt-BR messages per field.
 * Errors are keyed by the body's paths, as the server's 400 `details` are, so both land on the
 * same fields. A sketch:
 *
 *   const form = useContractForm({ schema: profileUpdateSchema, initialValues, onSubmit: save });
 *   <form onSubmit={form.handleSubmit} noValidate>
 *     {form.formError && <Notice tone="error">{form.formError}</Notice>}
 *     <TextField label="Nome" {...form.field("first_name")} />
 *     <Button type="submit" loading={form.busy}>Salvar</Button>
 *
 * `field(name)` gives a text input its name, value, error and an onChange that clears its error;
 * other inputs use `values`, `setValue` and `error(path)`. `busy` holds while `onSubmit` runs, and
 * a submit meanwhile is ignored.
 */
export function useContractForm<S extends z.ZodType, V extends object>(options: ContractFormOptions<S, V>) {
  const [initial] = useState(options.initialValues);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  const handleSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (running.current) return;
    running.current = true;
    const form = event?.currentTarget ?? null;
    const submitted = options.uncontrolled && form ? readForm(form, initial) : values;
    setFailure(null);
    try {
      const { schema } = options;
      const parsed = ("safeParse" in schema ? schema : await schema()).safeParse(
        options.toBody ? options.toBody(submitted) : submitted,
      );
      if (!parsed.success) {
        const found = issuesByField(parsed.error.issues);
        // NOTE: past a lazy schema's await this is no longer the event's update, rendered at once.
        flushSync(() => setErrors(found));
        options.onInvalid?.(found, form);
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        await options.onSubmit(parsed.data, submitted);
      } catch (error) {
        setErrors(serverFieldErrors(error));
        setFailure({ error });
        options.onError?.(error);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    values,
    setValues,
    /** Sets one value; its error stays until the next submit (`field()`'s onChange clears it). */
    setValue: <K extends keyof V>(name: K, value: V[K]) =>
      setValues((current) => ({ ...current, [name]: value })),
    /** Back to `next` (the initial values by default), with no errors. */
    reset: (next: V = initial) => {
      setValues(next);
      setErrors({});
      setFailure(null);
    },
    field: <K extends TextKeys<V>>(name: K) => ({
      name,
      value: options.uncontrolled ? undefined : (values[name] as string),
      error: errors[name],
      onChange: (event: { target: { value: string } }) => {
        if (!options.uncontrolled) setValues((current) => ({ ...current, [name]: event.target.value }));
        clearError(name);
      },
    }),
    /** The message of a field or path ("links.0.url"), the schema's or the server's. */
    error: (path: string): string | undefined => errors[path],
    /** What the last submit threw (null while none did), e.g. to tell a plan limit apart. */
    submitError: failure?.error ?? null,
    formError: failure ? (options.describeError ?? errorMessage)(failure.error) : "",
    busy,
    handleSubmit,
  };
}

function readForm<V extends object>(form: HTMLFormElement, initial: V): V {
  const data = new FormData(form);
  return Object.fromEntries(
    Object.entries(initial).map(([name, fallback]) => [name, data.get(name) ?? fallback]),
  ) as V;
}
