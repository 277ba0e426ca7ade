import type { ResultSemester } from '@portal/contracts';
import { useIntl } from 'react-intl';

/** GPA, CGPA and grade points as the school writes them: two decimals, in the reader's locale. */
export function useTwoDecimals() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A semester's heading: its name, with the session when the name does not already say it. */
export const semesterLabel = (s: Pick<ResultSemester, 'Semester' | 'Session'>) =>
  s.Semester.includes(s.Session) ? s.Semester : `${s.Semester} · ${s.Session}`;
