import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResultSemester } from '@portal/contracts';
import { Fragment, type ReactNode } from 'react';
import { semesterLabel, useTwoDecimals } from '../lib/semester';
import { DataTable, type DataTableProps } from './DataTable';

export type ResultCourse = ResultSemester['Courses'][number];

/** Each page's own words for the tables (the student's, the registry's and the public page's catalogues). */
export interface SemesterResultsText {
  code: string;
  title: string;
  units: string;
  score: string;
  grade: string;
  gradePoint: string;
  /** The table's accessible name, from the semester's heading. */
  table: (semester: string) => string;
  /** The line under (or over) the table: units, GPA and CGPA so far. */
  gpaLine: (values: { gpa: string; cgpa: string; units: number }) => string;
}

/**
 * Published results per semester, as the student's Result page, the public /ResultVerify page and
 * the registry's View Result show them: each course's units, score, grade (a failed one marked)
 * and grade point, then the semester's GPA and the CGPA so far. The page frames each semester
 * (`frame`: a card, a document section) and may add a column's content or actions.
 */
export function SemesterResults({
  semesters,
  text,
  frame,
  gpaFirst = false,
  code = (course) => course.Code,
  actions,
  after,
}: {
  semesters: readonly ResultSemester[];
  text: SemesterResultsText;
  /** The semester's section: its heading (`label`) around `body`. */
  frame: (props: { semester: ResultSemester; label: string; body: ReactNode }) => ReactNode;
  /** The GPA line above the table rather than under it. */
  gpaFirst?: boolean;
  code?: (course: ResultCourse) => ReactNode;
  actions?: DataTableProps<ResultCourse>['actions'];
  /** Anything the page shows under a semester's table (the student's queries). */
  after?: (semester: ResultSemester) => ReactNode;
}) {
  const two = useTwoDecimals();
  return semesters.map((semester) => {
    const label = semesterLabel(semester);
    const gpa = (
      <Typography sx={{ fontWeight: 600, [gpaFirst ? 'mb' : 'mt']: 1 }} data-testid="semester-gpa">
        {text.gpaLine({ gpa: two(semester.Gpa), cgpa: two(semester.Cgpa), units: semester.Units })}
      </Typography>
    );
    const body = (
      <>
        {gpaFirst && gpa}
        <DataTable
          label={text.table(label)}
          rows={semester.Courses}
          rowKey={(course) => course.ResultId}
          columns={[
            { key: 'code', header: text.code, priority: 0, cell: code },
            { key: 'title', header: text.title, priority: 2, cell: (c) => c.Title },
            { key: 'units', header: text.units, numeric: true, cell: (c) => c.Units },
            { key: 'score', header: text.score, numeric: true, priority: 0, cell: (c) => c.Score },
            {
              key: 'grade',
              header: text.grade,
              priority: 0,
              cell: (c) =>
                c.Passed ? (
                  c.Grade
                ) : (
                  <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
                    {c.Grade}
                  </Box>
                ),
            },
            {
              key: 'gradePoint',
              header: text.gradePoint,
              numeric: true,
              priority: 3,
              cell: (c) => two(c.GradePoint),
            },
          ]}
          actions={actions}
        />
        {!gpaFirst && gpa}
        {after?.(semester)}
      </>
    );
    return <Fragment key={semester.SemesterId}>{frame({ semester, label, body })}</Fragment>;
  });
}
