import type { MetaDescriptor } from 'react-router';
import { getT, type MessageKey, type Vars } from '../../i18n';
import { accountT, type AccountKey } from '../../i18n/account';
import { pageMeta, type Seo } from '../../lib/seo';
import type { StoreCode } from '@vitrina/domain';

/** title, description, canonical and `noindex` of a private (client-rendered) page. */
export function privateMeta(
  data: { storeCode: StoreCode; seo: Seo } | undefined,
  titleKey: MessageKey | AccountKey,
  descriptionKey: MessageKey | AccountKey = 'account.description',
  vars?: Vars,
): MetaDescriptor[] {
  if (!data) return [];
  const t = accountT(getT(data.storeCode));
  return pageMeta({
    title: `${t(titleKey)} | ${t('site.name')}`,
    description: t(descriptionKey, vars),
    seo: data.seo,
    robots: 'noindex',
  });
}
