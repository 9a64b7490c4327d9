/**
 * "Add a child" on a configurable product's form: a new grade or colour as its own sku, a value of
 * each option the product is configured by (a value another child has is marked; the API refuses the
 * same combination twice), its price as the shop writes prices (gross under CATALOG_PRICES_INCLUDE_TAX,
 * else net), stock and status. Its own form: a refused add keeps what was typed and names the field.
 */
import { Fragment, type ReactNode } from 'react';
import { Form } from 'react-router';
import type { AdminT } from './i18n';
import type { PartResult, PartsView } from './product-parts.server';

export function ProductChildren({
  t,
  product,
  parts,
  result,
  self,
}: {
  t: AdminT;
  product: { version: number; opened_at: string; prices_include_tax: boolean; tax_rate: number };
  parts: PartsView;
  result: PartResult['part'] | null;
  self: string;
}) {
  if (parts.type_id !== 'configurable') return null;
  const mine = result?.name === 'child' ? result : null;
  const sent = mine?.fields ?? null;
  const errorOf = (field: string) => mine?.errors.find((e) => e.field === field)?.message;
  const field = (
    name: string,
    label: string,
    input: (props: Record<string, unknown>) => ReactNode,
    apiField = name,
  ) => {
    const error = errorOf(apiField);
    return (
      <div className="admin-field">
        <label htmlFor={`f-${name}`}>{label}</label>
        {input({
          id: `f-${name}`,
          name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `f-${name}-error` : undefined,
        })}
        {error ? (
          <span id={`f-${name}-error`} className="admin-field-error">
            {error}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <section aria-labelledby="children">
      <h2 id="children">{t('parts.addChild')}</h2>
      <p className="admin-hint">{t('parts.addChildHint')}</p>
      {mine ? (
        <div className="admin-alert" role="alert">
          <p>{mine.message}</p>
          {mine.stale ? <a href={self}>{t('product.stale')}</a> : null}
        </div>
      ) : null}
      <Form method="post" reloadDocument className="admin-subform">
        <input type="hidden" name="intent" value="part.child" />
        <input type="hidden" name="version" value={product.version} />
        <input type="hidden" name="opened_at" value={product.opened_at} />
        <input
          type="hidden"
          name="option_codes"
          value={parts.configurable_options.map((o) => o.attribute_code).join(',')}
        />
        {field(
          'child_sku',
          t('products.sku'),
          (p) => (
            <input {...p} required autoComplete="off" defaultValue={sent?.child_sku ?? ''} />
          ),
          'sku',
        )}
        {parts.configurable_options.map((o) => (
          <Fragment key={o.attribute_code}>
            {field(
              `child_opt_${o.attribute_code}`,
              o.label,
              (p) => (
                <select {...p} required defaultValue={sent?.[`child_opt_${o.attribute_code}`] ?? ''}>
                  <option value="">{t('product.none')}</option>
                  {o.values.map((v) => (
                    <option key={v.value} value={v.value}>
                      {v.used ? t('parts.valueUsed', { value: v.label }) : v.label}
                    </option>
                  ))}
                </select>
              ),
              `options.${o.attribute_code}`,
            )}
          </Fragment>
        ))}
        {field(
          'child_price',
          product.prices_include_tax
            ? t('product.priceEntered', { rate: product.tax_rate })
            : t('product.priceEnteredNet'),
          (p) => (
            <input {...p} required inputMode="decimal" size={10} defaultValue={sent?.child_price ?? ''} />
          ),
          'child.price',
        )}
        {field(
          'child_qty',
          t('product.stockQty'),
          (p) => (
            <input
              {...p}
              type="number"
              step={1}
              min={0}
              className="admin-num"
              defaultValue={sent?.child_qty ?? '0'}
            />
          ),
          'child.stock.qty',
        )}
        <label className="admin-check">
          <input type="checkbox" name="child_in" defaultChecked={sent ? sent.child_in === 'on' : true} />
          {t('product.stockIn')}
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            name="child_enabled"
            defaultChecked={sent ? sent.child_enabled === 'on' : true}
          />
          {t('products.enabled')}
        </label>
        <button type="submit">{t('parts.addChildButton')}</button>
      </Form>
    </section>
  );
}
