import { useT } from '../../i18n/useT';
import type { NavLabel } from './nav';

/** Resolves a NavLabel to display text. */
export function useNavLabel(): (label: NavLabel) => string {
  const t = useT();
  return (label) => ('id' in label ? t(label.id) : label.text);
}
