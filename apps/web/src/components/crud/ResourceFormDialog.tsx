import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { notify } from '../../lib/notify';
import { useResourceSave, useResourceUpload } from './api';
import { CancelAndConfirm } from './CancelAndConfirm';
import { serverMessage } from './errors';
import { FieldInput, initialValue, toApiValue, useFieldCheck, type FormValues } from './FieldInput';
import type { AnyField, ResourceDeclaration } from './resource';
import { megabytes, UploadProgress } from './UploadProgress';

interface Props<Item extends { id: number }, Input> {
  resource: ResourceDeclaration<Item, Input>;
  /** The record to edit, or null to add one. */
  item: Item | null;
  /** Values set by the page and not shown (the scheme whose score items these are). */
  fixed?: Record<string, unknown>;
  onClose: () => void;
}

/** Add or edit a record of a declared resource (full screen on a phone), with its file if it has one. */
export function ResourceFormDialog<Item extends { id: number }, Input>({
  resource,
  item,
  fixed = {},
  onClose,
}: Props<Item, Input>) {
  const t = useT();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const fields = (resource.fields as readonly AnyField[]).filter((field) => !(field.key in fixed));
  const [values, setValues] = useState<FormValues>(() => {
    if (item) {
      const input = resource.toInput(item) as FormValues;
      return Object.fromEntries(
        fields.map((field) => {
          const value = input[field.key];
          return [
            field.key,
            field.type === 'ids' && Array.isArray(value) ? value.join(', ') : (value ?? initialValue(field)),
          ];
        }),
      );
    }
    return Object.fromEntries(fields.map((field) => [field.key, initialValue(field)]));
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const check = useFieldCheck();
  const save = useResourceSave<Item>(resource.path);
  const upload = useResourceUpload<Item>(resource.path);
  const pending = save.isPending || upload.isPending;
  const noun = t(resource.noun);

  const fail = (error: unknown) => {
    setProgress(null);
    notify.error(serverMessage(error) || t('error.generic'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((field) => [field.key, check(field, values[field.key])]));
    setErrors(found);
    let fileProblem: string | null = null;
    if (resource.file) {
      if (!item && !file) fileProblem = t('crud.fileRequired');
      else if (file && file.size > resource.file.maxBytes)
        fileProblem = t('crud.fileTooLarge', { max: megabytes(resource.file.maxBytes) });
    }
    setFileError(fileProblem);
    if (fileProblem || Object.values(found).some(Boolean)) return;

    const body: Record<string, unknown> = { ...fixed };
    for (const field of fields) {
      const value = toApiValue(field, values[field.key]);
      if (value !== undefined) body[field.key] = value;
    }

    try {
      if (resource.file && !item) {
        // A record with a file is created in one multipart request.
        const form = new FormData();
        for (const [key, value] of Object.entries(body))
          form.append(key, Array.isArray(value) ? value.join(',') : String(value));
        form.append('file', file!);
        setProgress(0);
        const answer = await upload.mutateAsync({
          url: resource.path,
          method: 'POST',
          form,
          onProgress: setProgress,
        });
        notify.success(answer.Message ?? t('crud.saved'));
      } else {
        const answer = await save.mutateAsync({ id: item?.id, body });
        if (resource.file && item && file) {
          const form = new FormData();
          form.append('file', file);
          setProgress(0);
          await upload.mutateAsync({
            url: resource.file.replacePath(item),
            method: 'PUT',
            form,
            onProgress: setProgress,
          });
        }
        notify.success(answer.Message ?? t('crud.saved'));
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>
          {item ? t('crud.editTitle', { noun }) : t('crud.addTitle', { noun })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={1}>
            {fields.map((field) => (
              <FieldInput
                key={field.key}
                field={field}
                value={values[field.key]}
                error={errors[field.key] ?? null}
                disabled={pending}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [field.key]: value }));
                  if (errors[field.key]) setErrors((e) => ({ ...e, [field.key]: check(field, value) }));
                }}
              />
            ))}
            {resource.file && (
              <Stack spacing={0.5}>
                <Typography variant="subtitle2">{t(item ? 'crud.replaceFile' : 'crud.file')}</Typography>
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<UploadFile />}
                  disabled={pending}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('crud.chooseFile')}
                  <input
                    type="file"
                    hidden
                    accept={resource.file.accept}
                    aria-describedby={`${id}-file-hint`}
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      setFileError(null);
                    }}
                  />
                </Button>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file ? file.name : t('crud.noFile')}
                </Typography>
                <FormHelperText id={`${id}-file-hint`} error={!!fileError}>
                  {fileError ?? t(resource.file.hint)}
                </FormHelperText>
              </Stack>
            )}
            {progress !== null && <UploadProgress fraction={progress} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <CancelAndConfirm pending={pending} onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
