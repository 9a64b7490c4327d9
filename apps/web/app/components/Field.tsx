import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface Common {
  id: string;
  label: ReactNode;
  error?: string | null;
}
type InputProps = Common & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
type TextareaProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

/**
 * A labelled input (or, `multiline`, a textarea) with its validation message linked by
 * aria-describedby.
 */
export function Field(props: InputProps | TextareaProps) {
  const { id, label, error } = props;
  const errorId = `${id}-error`;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  let control: ReactNode;
  if (props.multiline) {
    const { id: _id, label: _label, error: _error, multiline: _multiline, ...textarea } = props;
    control = <textarea id={id} {...aria} {...textarea} />;
  } else {
    const { id: _id, label: _label, error: _error, multiline: _multiline, ...input } = props;
    control = <input id={id} name={id} {...aria} {...input} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
