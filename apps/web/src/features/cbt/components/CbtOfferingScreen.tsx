import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useOfferingExams } from '../api';
import { CbtMessages } from './CbtMessages';
import { ExamsPanel } from './ExamsPanel';
import { QuestionBankPanel } from './QuestionBankPanel';

const idParam = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** /admin/cbt/:courseId/:sessionId: the course's question bank and the offering's exams. */
export default function CbtOfferingScreen() {
  const params = useParams();
  const courseId = idParam(params.courseId);
  const sessionId = idParam(params.sessionId);
  if (!courseId || !sessionId) return <NotFound homePath="/admin/cbt" />;
  return (
    <CbtMessages>
      <Offering courseId={courseId} sessionId={sessionId} />
    </CbtMessages>
  );
}

function Offering({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const exams = useOfferingExams(courseId, sessionId);
  const [tab, setTab] = useState<'exams' | 'bank'>('exams');
  const first = exams.data?.[0];
  const heading = first ? `${first.Code} · ${first.CourseTitle}` : t('cbt.staff.heading');
  useDocumentTitle(`${heading} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={heading} intro={t('cbt.staff.offeringIntro')} />
      <Tabs
        value={tab}
        onChange={(_, next: 'exams' | 'bank') => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('cbt.staff.parts')}
        sx={{ mb: 2 }}
      >
        <Tab
          value="exams"
          label={t('cbt.staff.examsTab')}
          id="cbt-tab-exams"
          aria-controls="cbt-panel-exams"
        />
        <Tab value="bank" label={t('cbt.staff.bankTab')} id="cbt-tab-bank" aria-controls="cbt-panel-bank" />
      </Tabs>
      <div role="tabpanel" id={`cbt-panel-${tab}`} aria-labelledby={`cbt-tab-${tab}`}>
        {tab === 'exams' ? (
          <ExamsPanel courseId={courseId} sessionId={sessionId} exams={exams} />
        ) : (
          <QuestionBankPanel courseId={courseId} />
        )}
      </div>
    </>
  );
}
