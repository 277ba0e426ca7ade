import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { RoleItem } from '@portal/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { toggled } from '../../../components/crud/toggled';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { usePageCatalogue } from '../api/get-page-catalogue';
import { useSaveRole } from '../api/save-role';
import { groupByMenu, usePageLabel } from './pages';

/** Create or edit a role: its name, description and pages, chosen menu by menu. */
export function RoleDialog({ role, onClose }: { role: RoleItem | null; onClose: () => void }) {
  const t = useT();
  const pageLabel = usePageLabel();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const catalogue = usePageCatalogue();
  const save = useSaveRole();
  const [name, setName] = useState(role?.RoleName ?? '');
  const [description, setDescription] = useState(role?.Description ?? '');
  const [pageIds, setPageIds] = useState<Set<number>>(() => new Set(role?.Pages.map((p) => p.PageId) ?? []));
  const [nameError, setNameError] = useState<string | null>(null);
  const [pagesError, setPagesError] = useState(false);
  const groups = useMemo(() => groupByMenu(catalogue.data?.Data ?? []), [catalogue.data]);

  const toggle = (ids: number[], on: boolean) => setPageIds((current) => toggled(current, ids, on));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem =
      trimmed.length < 2
        ? t('crud.tooShort', { field: t('admin.roles.name'), min: 2 })
        : trimmed.length > 80
          ? t('crud.tooLong', { field: t('admin.roles.name'), max: 80 })
          : null;
    setNameError(problem);
    setPagesError(pageIds.size === 0);
    if (problem || pageIds.size === 0) return;
    save.mutate(
      { RoleId: role?.RoleId, RoleName: trimmed, Description: description.trim(), PageIds: [...pageIds] },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onClose();
        },
        onError: (error) => {
          const reason = serverMessage(error);
          if (reason) notify.error(reason, t('admin.roles.addFailed'));
          else notify.error(t('admin.roles.addFailed'));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {role ? t('admin.roles.editTitle') : t('admin.roles.add')}
        </DialogTitle>
        <DialogContent dividers>
          <TextField
            id={`${id}-name`}
            label={t('admin.roles.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            margin="dense"
            error={!!nameError}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            id={`${id}-description`}
            label={t('admin.roles.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {t('admin.roles.pages')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.roles.pagesSelected', { count: pageIds.size })}
          </Typography>
          {pagesError && <FormHelperText error>{t('admin.roles.pagesRequired')}</FormHelperText>}
          <QueryStatus query={catalogue} sx={{ mt: 1 }} />
          <Box
            sx={{
              mt: 1,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {groups.map((group) => {
              const ids = group.pages.map((p) => p.PageId);
              const chosen = ids.filter((pageId) => pageIds.has(pageId)).length;
              const groupLabel = `${id}-menu-${group.menuId}`;
              return (
                <Box
                  key={group.menuId}
                  role="group"
                  aria-labelledby={groupLabel}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
                >
                  <FormControlLabel
                    id={groupLabel}
                    control={
                      <Checkbox
                        checked={chosen === ids.length && ids.length > 0}
                        indeterminate={chosen > 0 && chosen < ids.length}
                        onChange={(event) => toggle(ids, event.target.checked)}
                      />
                    }
                    label={<Typography sx={{ fontWeight: 600 }}>{group.menuName}</Typography>}
                  />
                  <FormGroup sx={{ pl: 3 }}>
                    {group.pages.map((page) => (
                      <FormControlLabel
                        key={page.PageId}
                        control={
                          <Checkbox
                            size="small"
                            checked={pageIds.has(page.PageId)}
                            onChange={(event) => toggle([page.PageId], event.target.checked)}
                          />
                        }
                        label={pageLabel(page.Page)}
                      />
                    ))}
                  </FormGroup>
                </Box>
              );
            })}
          </Box>
        </DialogContent>
        <DialogActions>
          <CancelAndConfirm pending={save.isPending} onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
