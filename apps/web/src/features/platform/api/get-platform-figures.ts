import { PLATFORM_FIGURES_API, type PlatformFigures } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/platform-figures: the learning platform at a glance (the /app dashboard). */
export function usePlatformFigures(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['platform-figures'],
    queryFn: ({ signal }) => api<{ Status: string; Data: PlatformFigures }>(PLATFORM_FIGURES_API, { signal }),
    staleTime: 0,
    retry: false,
  });
}
