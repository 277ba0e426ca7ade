import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { GuardianForm } from './GuardianForm';

/** /applicant/guardian: the parent or guardian on its own page. */
export default function GuardianScreen() {
  const t = useT();
  useDocumentTitle(`${t('applicant.guardian.title')} · ${t('portal.name')}`);
  return <GuardianForm headingLevel="h1" />;
}
