import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTENT_ITEM_KINDS,
  CONTENT_LIMITS,
  videoLinkProblem,
  type ContentItem,
  type ContentItemInput,
  type ContentItemKind,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { TusUpload, type FinishedUpload } from './TusUpload';

/**
 * Adds an item to a section, or changes one (its kind stays): a document or a video uploaded with
 * tus (a video may instead be a link to a declared video host), a text page, a link.
 */
export function ItemDialog({
  item,
  open,
  onClose,
  onSave,
  pending,
}: {
  /** The item changed; null adds one. */
  item: ContentItem | null;
  open: boolean;
  onClose: () => void;
  onSave: (input: ContentItemInput) => Promise<unknown>;
  pending: boolean;
}) {
  const t = useT();
  const id = useId();
  const [kind, setKind] = useState<ContentItemKind>(item?.Kind ?? 'document');
  const [title, setTitle] = useState(item?.Title ?? '');
  const [url, setUrl] = useState(item?.Url ?? '');
  const [html, setHtml] = useState(item?.Html ?? '');
  const [videoBy, setVideoBy] = useState<'file' | 'link'>(
    item?.Kind === 'video' && item.Url ? 'link' : 'file',
  );
  const [upload, setUpload] = useState<FinishedUpload | null>(null);
  const [problem, setProblem] = useState('');

  const input = (): ContentItemInput | string => {
    const Title = title.trim();
    if (!Title) return t('content.item.titleRequired');
    switch (kind) {
      case 'document':
        if (!upload && !item?.File) return t('content.item.fileRequired');
        return { Kind: 'document', Title, ...(upload ? { UploadId: upload.id } : {}) };
      case 'video':
        if (videoBy === 'link') {
          const wrong = videoLinkProblem(url.trim());
          if (wrong) return wrong;
          return { Kind: 'video', Title, Url: url.trim() };
        }
        if (!upload && !item?.File) return t('content.item.fileRequired');
        return { Kind: 'video', Title, ...(upload ? { UploadId: upload.id } : {}) };
      case 'text':
        if (!html.trim()) return t('content.item.htmlRequired');
        return { Kind: 'text', Title, Html: html };
      case 'link':
        if (!/^https?:\/\/\S+$/i.test(url.trim())) return t('content.item.urlInvalid');
        return { Kind: 'link', Title, Url: url.trim() };
    }
  };

  const save = () => {
    const value = input();
    if (typeof value === 'string') {
      setProblem(value);
      return;
    }
    setProblem('');
    onSave(value).then(onClose, (error: unknown) => setProblem(serverMessage(error) || t('content.error')));
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{item ? t('content.item.edit') : t('content.item.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('content.item.kind')}
            value={kind}
            disabled={item !== null}
            onChange={(event) => {
              setKind(event.target.value as ContentItemKind);
              setUpload(null);
            }}
          >
            {CONTENT_ITEM_KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`content.kind.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('content.item.title')}
            value={title}
            required
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.title } }}
          />
          {kind === 'video' && (
            <RadioGroup
              row
              value={videoBy}
              onChange={(event) => setVideoBy(event.target.value as 'file' | 'link')}
              aria-label={t('content.item.videoSource')}
            >
              <FormControlLabel value="file" control={<Radio />} label={t('content.item.videoFile')} />
              <FormControlLabel value="link" control={<Radio />} label={t('content.item.videoLink')} />
            </RadioGroup>
          )}
          {(kind === 'document' || (kind === 'video' && videoBy === 'file')) && (
            <>
              {item?.File && !upload && (
                <Typography variant="body2" color="text.secondary">
                  {t('content.item.currentFile', { name: item.File.Name })}
                </Typography>
              )}
              <TusUpload
                key={kind}
                purpose={kind === 'video' ? 'content-video' : 'content-document'}
                onUploaded={setUpload}
              />
            </>
          )}
          {(kind === 'link' || (kind === 'video' && videoBy === 'link')) && (
            <TextField
              label={t('content.item.url')}
              value={url}
              type="url"
              required
              onChange={(event) => setUrl(event.target.value)}
              helperText={kind === 'video' ? t('content.item.videoHosts') : undefined}
            />
          )}
          {kind === 'text' && (
            <TextField
              label={t('content.item.html')}
              value={html}
              multiline
              minRows={6}
              required
              onChange={(event) => setHtml(event.target.value)}
              helperText={t('content.item.htmlHint')}
            />
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <CancelAndConfirm pending={pending} onCancel={onClose} onConfirm={save} label={t('content.save')} />
      </DialogActions>
    </Dialog>
  );
}
