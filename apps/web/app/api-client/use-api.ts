import { useMemo } from 'react';
import { browserApi, type Api } from './api';
import { useStoreCode } from '../lib/store';

/** The browser's API client for the current store view (relative `/vsbridge/...`). */
export function useApi(): Api {
  const storeCode = useStoreCode();
  return useMemo(() => browserApi(storeCode), [storeCode]);
}
