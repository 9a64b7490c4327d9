import { useNavigation } from 'react-router';
import { useT } from '../i18n';
import { useUi } from '../state/ui';

/** A thin bar while a navigation loads (or while the UI store's loader flag is set). */
export function GlobalLoader() {
  const navigation = useNavigation();
  const flag = useUi((s) => s.loader);
  const t = useT();
  const busy = navigation.state !== 'idle' || flag;
  return busy ? <div className="global-loader" role="progressbar" aria-label={t('common.loading')} /> : null;
}
