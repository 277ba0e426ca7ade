import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { queryParam } from '../../../lib/query';
import { appStateStore, parseResetUserMode, type ResetUserMode } from '../../../lib/session';

/**
 * The user mode a reset page's link names (`?usermode=…`, matched without regard to case), kept in
 * the app state for the steps that follow; null when the link names none.
 */
export function useLinkedResetMode(): ResetUserMode | null {
  const [params] = useSearchParams();
  const linkedMode = parseResetUserMode(queryParam(params, 'usermode'));

  useEffect(() => {
    if (linkedMode) appStateStore.set({ userMode: linkedMode });
  }, [linkedMode]);

  return linkedMode;
}
