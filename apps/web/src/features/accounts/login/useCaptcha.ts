import type { TCaptcha } from '@portal/shared/schemas/accounts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiCancelled } from '../../../lib/api/api-error.ts';
import { fetchCaptcha } from '../accounts-api.ts';

/** The picture code: loaded on mount, single use, refreshed on demand (click, failed login). */
export function useCaptcha(): { captcha: TCaptcha | null; loading: boolean; refresh: () => Promise<void> } {
  const [captcha, setCaptcha] = useState<TCaptcha | null>(null);
  const [loading, setLoading] = useState(false);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const next = await fetchCaptcha();
      if (mounted.current) setCaptcha(next);
    } catch (error) {
      // A newer request replaced this one: its answer is the one to show.
      if (!isApiCancelled(error) && mounted.current) setCaptcha(null);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  return { captcha, loading, refresh };
}
