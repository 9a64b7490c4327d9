import type { FormEvent, ReactNode, RefObject } from 'react';
import { useAccountT } from '../i18n/account';
import { Field } from './Field';

/** A form's alert line (server answers), announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-alert" role="alert">
      {children}
    </p>
  );
}

/** What `useForm`'s `bind` gives a `Field`. */
interface FieldBinding {
  value: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
}

/** One text field of a `FieldForm`, bound to the form value `name`. */
export interface FieldSpec<V> {
  name: keyof V & string;
  label: ReactNode;
  /** default `${idPrefix}-${name}`: ids are what labels, tests and e2e journeys find fields by */
  id?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  /** a textarea of this many rows instead of an input */
  rows?: number;
}

/** What a `FieldForm` reads of `useForm`'s state (its `values` tell the field names). */
interface FormState<V extends Record<string, string>> {
  form: RefObject<HTMLFormElement | null>;
  values: V;
  alert: string | null;
  busy: boolean;
  done: boolean;
  bind: (k: keyof V) => FieldBinding;
  onSubmit: (e: FormEvent) => unknown;
}

export interface FieldFormProps<V extends Record<string, string>> {
  form: FormState<V>;
  idPrefix: string;
  // V comes from `form` alone: a field spec names one of its values
  fields: readonly FieldSpec<NoInfer<V>>[];
  submitLabel: ReactNode;
  /** the button's text while the request runs; default "Please wait…" */
  busyLabel?: ReactNode;
  /** default `btn btn-primary` */
  buttonClassName?: string;
  /** disables the button besides while busy (e.g. offline, or the customer not loaded yet) */
  disabled?: boolean;
  /** sets aria-busy on the form while the request runs (the login modal's forms do) */
  announceBusy?: boolean;
  labelledBy?: string;
  /** before the alert line: a heading, an intro paragraph */
  intro?: ReactNode;
  /** shown instead of the form once the request succeeded; without it the form stays */
  done?: ReactNode;
  /** after the alert line, before the fields: controls that are not text fields */
  children?: ReactNode;
  /** after the submit button: links to other forms */
  footer?: ReactNode;
}

function SpecField<V extends Record<string, string>>({
  spec,
  idPrefix,
  bind,
}: {
  spec: FieldSpec<V>;
  idPrefix: string;
  bind: FormState<V>['bind'];
}) {
  const { name, id = `${idPrefix}-${name}`, rows, type, ...attrs } = spec;
  if (rows !== undefined) return <Field multiline id={id} rows={rows} {...attrs} {...bind(name)} />;
  return <Field id={id} type={type} {...attrs} {...bind(name)} />;
}

/**
 * The storefront's form shape: intro, alert line, labelled fields with their validation messages,
 * and a submit button that says it is waiting and is disabled while the request runs. The values,
 * rules and request stay in the caller's `useForm`.
 */
export function FieldForm<V extends Record<string, string>>(props: FieldFormProps<V>) {
  const t = useAccountT();
  const { form: f, idPrefix, fields, disabled = false } = props;
  if (f.done && props.done !== undefined) return <>{props.done}</>;
  return (
    <form
      ref={f.form}
      noValidate
      onSubmit={f.onSubmit}
      aria-labelledby={props.labelledBy}
      aria-busy={(props.announceBusy && f.busy) || undefined}
    >
      {props.intro}
      <FormAlert>{f.alert}</FormAlert>
      {props.children}
      {fields.map((spec) => (
        <SpecField key={spec.name} spec={spec} idPrefix={idPrefix} bind={f.bind} />
      ))}
      <button
        type="submit"
        className={props.buttonClassName ?? 'btn btn-primary'}
        disabled={f.busy || disabled}
      >
        {f.busy ? (props.busyLabel ?? t('auth.wait')) : props.submitLabel}
      </button>
      {props.footer}
    </form>
  );
}
