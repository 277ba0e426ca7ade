import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from '@portal/contracts';
import { useId } from 'react';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';

export interface AudienceValue {
  Audience: AnnouncementAudience;
  FacultyId: number | null;
  DepartmentId: number | null;
  LevelId: number | null;
}

export const AUDIENCE_LABELS: Record<AnnouncementAudience, MessageId> = {
  everyone: 'announcements.audience.everyone',
  students: 'announcements.audience.students',
  applicants: 'announcements.audience.applicants',
  staff: 'announcements.audience.staff',
};

export const EVERYONE: AudienceValue = {
  Audience: 'everyone',
  FacultyId: null,
  DepartmentId: null,
  LevelId: null,
};

/** Who it is for: everyone, students (optionally of a faculty, department, level), applicants, staff. */
export function AudienceFields({
  value,
  onChange,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <>
      <TextField
        select
        size="small"
        label={t('announcements.audience')}
        value={value.Audience}
        onChange={(e) => onChange({ ...EVERYONE, Audience: e.target.value as AnnouncementAudience })}
      >
        {ANNOUNCEMENT_AUDIENCES.map((audience) => (
          <MenuItem key={audience} value={audience}>
            {t(AUDIENCE_LABELS[audience])}
          </MenuItem>
        ))}
      </TextField>
      {value.Audience === 'students' && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <ReferenceInput
            id={`${id}-faculty`}
            path="/api/admin/faculties"
            label={t('announcements.faculty')}
            value={value.FacultyId}
            onChange={(FacultyId) => onChange({ ...value, FacultyId })}
            size="small"
          />
          <ReferenceInput
            id={`${id}-department`}
            path="/api/admin/departments"
            label={t('announcements.department')}
            value={value.DepartmentId}
            onChange={(DepartmentId) => onChange({ ...value, DepartmentId })}
            size="small"
          />
          <ReferenceInput
            id={`${id}-level`}
            path="/api/admin/levels"
            label={t('announcements.level')}
            value={value.LevelId}
            onChange={(LevelId) => onChange({ ...value, LevelId })}
            size="small"
          />
        </Box>
      )}
    </>
  );
}
