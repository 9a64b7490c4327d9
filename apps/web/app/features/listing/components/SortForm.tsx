import { Form } from 'react-router';
import { useT } from '../../../i18n';
import type { SortFormView } from '../hooks/use-sort-form';

/** the sort select, applied on change; a button in <noscript> sends the form without JavaScript */
export function SortForm({ form }: { form: SortFormView }) {
  const t = useT();
  return (
    <Form method="get" className="sort-form" preventScrollReset>
      {form.kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort">{t('listing.sortBy')}</label>
      <select
        id="sort"
        name="sort"
        defaultValue={form.sort}
        key={form.sort}
        onChange={(e) => form.onChange(e.currentTarget.form)}
      >
        {form.options.map((o) => (
          <option key={o.value} value={o.value}>
            {t.msg(o.labelKey)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn">
          {t('listing.apply')}
        </button>
      </noscript>
    </Form>
  );
}
