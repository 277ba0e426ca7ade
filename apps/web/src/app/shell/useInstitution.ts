import { INSTITUTION_API } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import { api } from '../../lib/api';

/**
 * The school's short name as School Management sets it (one source for the shell), or the
 * portal's generic name until it arrives or where it cannot be read.
 */
export function useSchoolShortName(): string {
  const t = useT();
  const { data } = useQuery({
    queryKey: ['institution'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: { Name: string; ShortName: string } }>(INSTITUTION_API, { signal }),
    staleTime: 5 * 60_000,
  });
  return data?.Data.ShortName || t('portal.name');
}
