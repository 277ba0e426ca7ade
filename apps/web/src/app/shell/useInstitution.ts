import { useT } from '../../i18n/useT';
import { useInstitution } from '../../lib/institution';

/**
 * The school's short name as School Management sets it (one source for the shell), or the
 * portal's generic name until it arrives or where it cannot be read.
 */
export function useSchoolShortName(): string {
  const t = useT();
  return useInstitution()?.ShortName || t('portal.name');
}
