import { useIntl } from 'react-intl';
import { useT } from '../../i18n/useT';
import type { NavLabel } from './nav';

/** Resolves a NavLabel to display text (a server text when its id is not in the catalogue). */
export function useNavLabel(): (label: NavLabel) => string {
  const t = useT();
  const { messages } = useIntl();
  return (label) =>
    'id' in label && (label.text === undefined || label.id in messages) ? t(label.id) : (label.text ?? '');
}
