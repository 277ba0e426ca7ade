import { NotFound } from '../../components/NotFound';
import { PublicLayout } from '../../components/PublicLayout';
import { useT } from '../../i18n/useT';

/** The fallback page for any unknown public path. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <PublicLayout title={t('notFound.title')}>
      <NotFound homePath="/" />
    </PublicLayout>
  );
}
