import { validateFields, type FieldError, type FieldRule } from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type Translator } from '../../i18n';
import { ApiError } from '../../api-client/api';

export type Errors<V> = Partial<Record<keyof V, string>>;

/** Domain field errors as messages in the store view's language. */
export function messages<V>(t: Translator, errors: Partial<Record<keyof V, FieldError>>): Errors<V> {
  const out: Errors<V> = {};
  for (const [k, e] of Object.entries(errors) as [keyof V, FieldError | undefined][]) {
    if (e) out[k] = t.msg(e.key, e.params);
  }
  return out;
}

/** Moves focus to the first invalid field of a form after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const run = () => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else run();
}

/** The server's message (already in the store view's language), else the generic one. */
export function errorMessage(t: Translator, e: unknown): string {
  return e instanceof ApiError && e.message ? t.msg(e.message) : t.msg('error.generic');
}

export type Rules<V> = { [K in keyof V]?: readonly FieldRule<V>[] };

export interface FormOptions<V extends Record<string, string>, S, R> {
  t: Translator;
  /** the first values (or a function giving them); also what `resetOnSuccess` returns to */
  initial: V | (() => V);
  /** checked with the domain's `validateFields`; messages in the store view's language */
  rules?: Rules<V>;
  /** a whole-form domain rule (e.g. the address rule, state/address-form.ts), after `rules` */
  validate?: (values: V) => Partial<Record<keyof V, FieldError>>;
  /** the request; what it returns is kept as `result` (and `done` turns true) */
  submit: (values: V) => Promise<R>;
  /** refuses the submit (with this message as the alert) while the browser is offline */
  offlineMessage?: string;
  /** the alert of a failed request; the server's message, else the generic one by default */
  failure?: (err: unknown) => string;
  /** false: a submit does nothing (e.g. the customer is not loaded yet) */
  enabled?: boolean;
  /** back to `initial` after a successful submit */
  resetOnSuccess?: boolean;
  /** refills the values when `from` changes (after hydration: no server/client mismatch) */
  sync?: { from: S | null | undefined; to: (source: S) => V };
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The talon of a storefront form: values, per-field errors, the alert line, busy and done state, and
 * the submit that validates, focuses the first invalid field or sends. Components only render it.
 */
export function useForm<V extends Record<string, string>, S = never, R = void>(
  options: FormOptions<V, S, R>,
) {
  const {
    t,
    rules = {},
    validate,
    submit,
    offlineMessage,
    failure,
    enabled = true,
    resetOnSuccess,
    sync,
  } = options;
  const [initial] = useState(options.initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ value: R } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const syncFrom = sync?.from;
  const syncTo = sync?.to;
  useEffect(() => {
    if (syncFrom && syncTo) setValues(syncTo(syncFrom));
  }, [syncFrom, syncTo]);

  const onChange = (k: keyof V) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  /** value, onChange and error of one field, to spread on a `Field` */
  const bind = (k: keyof V) => ({ value: values[k], onChange: onChange(k), error: errors[k] });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!enabled) return;
    setAlert(null);
    if (offlineMessage !== undefined && isOffline()) {
      setAlert(offlineMessage);
      return;
    }
    const errs = messages<V>(t, { ...validate?.(values), ...validateFields(values, rules) });
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const value = await submit(values);
      if (resetOnSuccess) setValues(initial);
      setOutcome({ value });
    } catch (err) {
      setAlert(failure ? failure(err) : errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return {
    form,
    values,
    errors,
    alert,
    busy,
    done: outcome !== null,
    result: outcome?.value,
    onChange,
    bind,
    onSubmit,
  };
}
