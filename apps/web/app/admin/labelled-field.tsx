import type { ReactNode } from 'react';

/**
 * The back office forms' labelled field: the label, its input (given the name, id and the ARIA that
 * ties it to its hint and error), the hint and the field's own error message, read with it.
 * `errorOf` answers a field's error by its name.
 */
export function labelledField(errorOf: (name: string) => string | undefined) {
  return (
    name: string,
    caption: string,
    input: (props: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const error = errorOf(name);
    const described = [hint ? `h-${name}` : '', error ? `e-${name}` : ''].filter(Boolean).join(' ');
    return (
      <label key={name}>
        {caption}
        {input({
          name,
          id: `f-${name}`,
          ...(error ? { 'aria-invalid': true } : {}),
          ...(described ? { 'aria-describedby': described } : {}),
        })}
        {hint ? (
          <span className="admin-hint" id={`h-${name}`}>
            {hint}
          </span>
        ) : null}
        {error ? (
          <span className="admin-field-error" id={`e-${name}`}>
            {error}
          </span>
        ) : null}
      </label>
    );
  };
}
