/**
 * A grouped product's linked products and a bundle's options with their selections, as the import
 * file has them (product_links; bundle_options → product_links): add by sku, remove, quantity,
 * default, position. Each section is its own form saving the whole list in order; the API checks it
 * with the import file's schema and the domain's link rules and names the field it refuses.
 */
import { Form } from 'react-router';
import type { AdminKey, AdminT } from './i18n';
import { ScrollRegion } from './ScrollRegion';
import type { PartResult, PartsView } from './product-parts.server';

const BUNDLE_TYPES = ['select', 'radio', 'checkbox', 'multi'] as const;
const VIEWS = ['lt', 'en', 'ru'] as const;

type Props = {
  t: AdminT;
  lang: 'lt' | 'en';
  version: number;
  parts: PartsView;
  result: PartResult['part'] | null;
  self: string;
  productLink: (sku: string) => string;
};

/** the message of a field, or of the row's sku or qty */
function errorsOf(result: PartResult['part'] | null, name: PartResult['part']['name']) {
  const mine = result?.name === name ? result : null;
  return {
    mine,
    sent: mine?.fields ?? null,
    of: (field: string) => mine?.errors.find((e) => e.field === field)?.message,
  };
}

function Linked({
  t,
  sku,
  name,
  status,
  href,
}: {
  t: AdminT;
  sku: string;
  name: string | null;
  status: number | null;
  href: string;
}) {
  return (
    <>
      <a href={href}>{sku}</a>
      <div className="admin-hint">
        {name ?? t('parts.unknownSku')}
        {status !== null && status >= 2 ? ` · ${t('parts.disabledLink')}` : ''}
      </div>
    </>
  );
}

function Alert({ t, mine, self }: { t: AdminT; mine: PartResult['part'] | null; self: string }) {
  if (!mine) return null;
  return (
    <div className="admin-alert" role="alert">
      <p>{mine.message}</p>
      {mine.stale ? <a href={self}>{t('product.stale')}</a> : null}
    </div>
  );
}

export function ProductLinks(props: Props) {
  if (props.parts.type_id === 'grouped') return <GroupedLinks {...props} />;
  if (props.parts.type_id === 'bundle') return <BundleOptions {...props} />;
  return null;
}

function GroupedLinks({ t, version, parts, result, self, productLink }: Props) {
  const { mine, sent, of } = errorsOf(result, 'links');
  const links = parts.product_links;
  const errorCell = (field: string) => {
    const e = of(field);
    return e ? <div className="admin-field-error">{e}</div> : null;
  };
  return (
    <section aria-labelledby="links">
      <h2 id="links">{t('parts.grouped')}</h2>
      <p className="admin-hint">{t('parts.groupedHint')}</p>
      <Alert t={t} mine={mine} self={self} />
      <Form method="post" reloadDocument>
        <input type="hidden" name="intent" value="part.links" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="links" value={links.length} />
        {links.length ? (
          <ScrollRegion label={t('parts.grouped')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('parts.position')}</th>
                  <th scope="col">{t('products.sku')}</th>
                  <th scope="col">{t('parts.defaultQty')}</th>
                  <th scope="col">{t('parts.remove')}</th>
                </tr>
              </thead>
              <tbody>
                {links.map((l, i) => (
                  <tr key={l.sku}>
                    <td>
                      <input
                        name={`link_${i}_position`}
                        type="number"
                        step={1}
                        className="admin-num"
                        aria-label={`${l.sku}: ${t('parts.position')}`}
                        defaultValue={sent?.[`link_${i}_position`] ?? i + 1}
                      />
                    </td>
                    <th scope="row">
                      <input type="hidden" name={`link_${i}_sku`} value={l.sku} />
                      <Linked t={t} sku={l.sku} name={l.name} status={l.status} href={productLink(l.sku)} />
                      {errorCell(`product_links.${i}.sku`)}
                    </th>
                    <td>
                      <input
                        name={`link_${i}_qty`}
                        type="number"
                        step={1}
                        min={1}
                        className="admin-num"
                        aria-label={`${l.sku}: ${t('parts.defaultQty')}`}
                        defaultValue={sent?.[`link_${i}_qty`] ?? l.qty}
                      />
                      {errorCell(`product_links.${i}.qty`)}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        name={`link_${i}_remove`}
                        aria-label={`${l.sku}: ${t('parts.remove')}`}
                        defaultChecked={sent?.[`link_${i}_remove`] === 'on'}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p>{t('parts.noLinks')}</p>
        )}
        <fieldset className="admin-subform">
          <legend>{t('parts.addLink')}</legend>
          <label>
            {t('products.sku')}
            <input name="new_link_sku" autoComplete="off" defaultValue={sent?.new_link_sku ?? ''} />
            {errorCell(
              `product_links.${links.filter((_, i) => sent?.[`link_${i}_remove`] !== 'on').length}.sku`,
            )}
          </label>
          <label>
            {t('parts.defaultQty')}
            <input
              name="new_link_qty"
              type="number"
              step={1}
              min={1}
              className="admin-num"
              defaultValue={sent?.new_link_qty ?? '1'}
            />
          </label>
        </fieldset>
        <p>
          <button type="submit">{t('parts.saveLinks')}</button>
        </p>
      </Form>
    </section>
  );
}

function BundleOptions({ t, lang, version, parts, result, self, productLink }: Props) {
  const { mine, sent, of } = errorsOf(result, 'bundle');
  const options = parts.bundle_options;
  const errorText = (field: string) => {
    const e = of(field);
    return e ? <div className="admin-field-error">{e}</div> : null;
  };
  return (
    <section aria-labelledby="links">
      <h2 id="links">{t('parts.bundle')}</h2>
      <p className="admin-hint">{t('parts.bundleHint')}</p>
      <Alert t={t} mine={mine} self={self} />
      <Form method="post" reloadDocument>
        <input type="hidden" name="intent" value="part.bundle" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="opts" value={options.length} />
        {options.map((o, i) => {
          const p = `opt_${i}`;
          const title = o.title[lang] ?? o.title.lt ?? Object.values(o.title)[0] ?? `#${o.option_id}`;
          return (
            <fieldset key={o.option_id} className="admin-bundle-option">
              <legend>{t('parts.option', { title })}</legend>
              <input type="hidden" name={`${p}_id`} value={o.option_id} />
              <input type="hidden" name={`${p}_links`} value={o.product_links.length} />
              <div className="admin-subform">
                {VIEWS.map((v) => (
                  <label key={v}>
                    {t('parts.optionTitle')} ({v})
                    <input
                      name={`${p}_title_${v}`}
                      lang={v}
                      defaultValue={sent?.[`${p}_title_${v}`] ?? o.title[v] ?? ''}
                    />
                  </label>
                ))}
                <label>
                  {t('parts.optionType')}
                  <select name={`${p}_type`} defaultValue={sent?.[`${p}_type`] ?? o.type}>
                    {BUNDLE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`parts.type.${type}` as AdminKey)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t('parts.position')}
                  <input
                    name={`${p}_position`}
                    type="number"
                    step={1}
                    className="admin-num"
                    defaultValue={sent?.[`${p}_position`] ?? i + 1}
                  />
                </label>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    name={`${p}_required`}
                    defaultChecked={sent ? sent[`${p}_required`] === 'on' : o.required}
                  />
                  {t('parts.required')}
                </label>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    name={`${p}_remove`}
                    defaultChecked={sent?.[`${p}_remove`] === 'on'}
                  />
                  {t('parts.removeOption')}
                </label>
              </div>
              {errorText(`bundle_options.${i}.title`)}
              <ScrollRegion label={t('parts.option', { title })}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('products.sku')}</th>
                      <th scope="col">{t('parts.qty')}</th>
                      <th scope="col">{t('parts.isDefault')}</th>
                      <th scope="col">{t('parts.canChangeQty')}</th>
                      <th scope="col">{t('parts.remove')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {o.product_links.map((l, j) => {
                      const q = `${p}_link_${j}`;
                      return (
                        <tr key={l.sku}>
                          <th scope="row">
                            <input type="hidden" name={`${q}_sku`} value={l.sku} />
                            <Linked
                              t={t}
                              sku={l.sku}
                              name={l.name}
                              status={l.status}
                              href={productLink(l.sku)}
                            />
                            {errorText(`bundle_options.${i}.product_links.${j}.sku`)}
                          </th>
                          <td>
                            <input
                              name={`${q}_qty`}
                              type="number"
                              step={1}
                              min={1}
                              className="admin-num"
                              aria-label={`${l.sku}: ${t('parts.qty')}`}
                              defaultValue={sent?.[`${q}_qty`] ?? l.qty}
                            />
                            {errorText(`bundle_options.${i}.product_links.${j}.qty`)}
                          </td>
                          <td>
                            <input
                              type="checkbox"
                              name={`${q}_default`}
                              aria-label={`${l.sku}: ${t('parts.isDefault')}`}
                              defaultChecked={sent ? sent[`${q}_default`] === 'on' : l.is_default}
                            />
                          </td>
                          <td>
                            <input
                              type="checkbox"
                              name={`${q}_change`}
                              aria-label={`${l.sku}: ${t('parts.canChangeQty')}`}
                              defaultChecked={sent ? sent[`${q}_change`] === 'on' : l.can_change_quantity}
                            />
                          </td>
                          <td>
                            <input
                              type="checkbox"
                              name={`${q}_remove`}
                              aria-label={`${l.sku}: ${t('parts.remove')}`}
                              defaultChecked={sent?.[`${q}_remove`] === 'on'}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollRegion>
              <div className="admin-subform">
                <label>
                  {t('parts.addSelection')}
                  <input
                    name={`${p}_new_sku`}
                    autoComplete="off"
                    placeholder={t('products.sku')}
                    defaultValue={sent?.[`${p}_new_sku`] ?? ''}
                  />
                </label>
                <label>
                  {t('parts.qty')}
                  <input
                    name={`${p}_new_qty`}
                    type="number"
                    step={1}
                    min={1}
                    className="admin-num"
                    defaultValue={sent?.[`${p}_new_qty`] ?? '1'}
                  />
                </label>
                {errorText(`bundle_options.${i}.product_links.${o.product_links.length}.sku`)}
              </div>
            </fieldset>
          );
        })}
        <fieldset className="admin-bundle-option">
          <legend>{t('parts.addOption')}</legend>
          <div className="admin-subform">
            {VIEWS.map((v) => (
              <label key={v}>
                {t('parts.optionTitle')} ({v})
                <input
                  name={`new_opt_title_${v}`}
                  lang={v}
                  defaultValue={sent?.[`new_opt_title_${v}`] ?? ''}
                />
              </label>
            ))}
            <label>
              {t('parts.optionType')}
              <select name="new_opt_type" defaultValue={sent?.new_opt_type ?? 'radio'}>
                {BUNDLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`parts.type.${type}` as AdminKey)}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-check">
              <input
                type="checkbox"
                name="new_opt_required"
                defaultChecked={sent?.new_opt_required === 'on'}
              />
              {t('parts.required')}
            </label>
            <label>
              {t('parts.firstSelection')}
              <input
                name="new_opt_sku"
                autoComplete="off"
                placeholder={t('products.sku')}
                defaultValue={sent?.new_opt_sku ?? ''}
              />
            </label>
            <label>
              {t('parts.qty')}
              <input
                name="new_opt_qty"
                type="number"
                step={1}
                min={1}
                className="admin-num"
                defaultValue={sent?.new_opt_qty ?? '1'}
              />
            </label>
          </div>
        </fieldset>
        <p>
          <button type="submit">{t('parts.saveBundle')}</button>
        </p>
      </Form>
    </section>
  );
}
