import { useEffect, useState } from 'react';
import type { Api } from '../../../api-client/api';
import type { Bank } from '../../../lib/types';

/**
 * NEOPAY: the banks of the shipping country for the bank selector, asked once NEOPAY is chosen.
 * No list: the shopper chooses the bank on NEOPAY's page.
 */
export function useNeopayBanks(api: Api, country: string, wanted: boolean) {
  const [banks, setBanks] = useState<{ country: string; list: Bank[] } | null>(null);
  useEffect(() => {
    if (!wanted || banks?.country === country) return;
    let live = true;
    api.payment
      .neopayBanks(country)
      .then((list) => live && setBanks({ country, list }))
      .catch(() => live && setBanks({ country, list: [] }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, country]);
  return {
    /** the banks of the country (null: still loading) */
    list: banks?.country === country ? banks.list : null,
    /** a bank's name by its BIC, from the last list answered */
    nameOf: (bic: string) => banks?.list.find((b) => b.bic === bic)?.name ?? null,
  };
}
