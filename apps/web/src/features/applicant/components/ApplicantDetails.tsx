import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicationSlip, OlevelDisplayRow } from '@portal/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/locales';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';

export type DetailsFields = Omit<ApplicationSlip, 'OlevelResults'>;

/**
 * The applicant's details as the application slip and the Applicant Details form show them:
 * registration date, passport (or a default avatar), the basic details block, and the
 * O'LEVEL RESULT table.
 */
export function ApplicantDetails({
  details,
  olevel,
  idPrefix,
}: {
  details: DetailsFields;
  olevel: readonly OlevelDisplayRow[];
  idPrefix: string;
}) {
  const t = useT();
  const intl = useIntl();
  const a = details.Applicant;
  const rows: [MessageId, string | null | undefined][] = [
    ['applicant.field.jambRegNo', details.JambRegNo],
    ['applicant.field.category', a.CategoryName],
    ['applicant.field.department', a.DepartmentName],
    ['applicant.field.courseOfStudy', details.CourseofStudy],
    ['applicant.field.firstName', details.FirstName],
    ['applicant.field.otherName', details.OtherName],
    ['applicant.field.lastName', details.LastName],
    ['applicant.field.email', details.Email],
    ['applicant.field.dateOfBirth', details.DateOfBirth?.slice(0, 10)],
    ['applicant.field.gender', details.Gender],
    ['applicant.field.phoneNumber', details.PhoneNumber],
    ['applicant.field.maritalStatus', a.MaritalStatusName],
    ['applicant.field.address', details.Address],
    ['applicant.field.country', a.CountryName],
    ['applicant.field.state', a.StateName],
    ['applicant.field.lga', a.LGAName],
  ];

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {t('applicant.details.dateRegistered')}:
        </Box>{' '}
        {details.DateRegistered
          ? intl.formatDate(details.DateRegistered, { dateStyle: 'long' })
          : t('applicant.details.notRegistered')}
      </Typography>

      <Typography id={`${idPrefix}-basic`} component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('applicant.details.basic')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 3,
          alignItems: 'flex-start',
          mb: 3,
        }}
      >
        <Avatar
          src={details.Passport ?? undefined}
          alt={details.Passport ? t('applicant.documents.passportAlt') : ''}
          variant="rounded"
          sx={{ width: 120, height: 140, bgcolor: 'action.selected', color: 'text.secondary' }}
        >
          <Person sx={{ fontSize: 72 }} />
        </Avatar>
        <Box
          component="dl"
          aria-labelledby={`${idPrefix}-basic`}
          sx={{
            flex: 1,
            m: 0,
            width: '100%',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0, sm: 1 },
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {t(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                <bdi>{value || '—'}</bdi>
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>

      <Typography id={`${idPrefix}-olevel`} component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('applicant.details.olevel')}
      </Typography>
      {olevel.length === 0 ? (
        <Typography color="text.secondary">{t('applicant.olevel.none')}</Typography>
      ) : (
        <SimpleTable
          label={t('applicant.details.olevel')}
          rows={olevel}
          rowKey={(row) => row.OLevelResultID}
          columns={[
            { header: t('applicant.details.examNumber'), priority: 2, cell: (row) => row.ExamNumber },
            { header: t('applicant.details.examYear'), priority: 3, cell: (row) => row.ExamYear },
            { header: t('applicant.details.examType'), cell: (row) => row.OLevelTypeName },
            { header: t('applicant.details.subject'), priority: 0, cell: (row) => row.OLevelSubjectName },
            { header: t('applicant.details.grade'), priority: 0, cell: (row) => row.GradeName },
          ]}
        />
      )}
    </Box>
  );
}
