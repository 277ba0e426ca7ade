import type { ResultSemester } from '@portal/contracts';
import { useIntl } from 'react-intl';

/** GPA, CGPA and grade points as the school writes them: two decimals, in the reader's locale. */
export function useTwoDecimals() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A name with its session, unless the name already says it ("2023/2024 Second Semester"). */
export const withSession = (name: string, session: string) =>
  !session || name.includes(session) ? name : `${name} · ${session}`;

/** A semester's heading: its name, with the session when the name does not already say it. */
export const semesterLabel = (s: Pick<ResultSemester, 'Semester' | 'Session'>) =>
  withSession(s.Semester, s.Session);
