import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ContentItem, ContentItemState, ContentSection } from '@portal/contracts';
import { useState, type DragEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useContentChanges, useOffering } from '../api/staff';
import { ContentError } from './ContentStatus';
import { OfferingRoute } from './OfferingRoute';
import { ItemDialog } from './ItemDialog';
import { ProgressPanel } from './ProgressPanel';

/** /admin/managecontent/:courseId/:sessionId: an offering's sections and items, and its students' progress. */
export default function OfferingScreen() {
  return (
    <OfferingRoute home="/admin/managecontent">{(offering) => <Offering {...offering} />}</OfferingRoute>
  );
}

const STATE_COLOURS: Record<ContentItemState, 'default' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  pending_review: 'warning',
  published: 'success',
  returned: 'error',
};

/** A list with one entry moved from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}

/** What a mutation's failure says: the server's words, else the spec's 'An error occured'. */
const failure = (fallback: string) => (error: unknown) => notify.error(serverMessage(error) || fallback);
const success = (answer: { Message: string }) => notify.success(answer.Message);

type Confirm = { title: string; message: string; run: () => void };

function Offering({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const offering = useOffering(courseId, sessionId);
  const changes = useContentChanges(courseId, sessionId);
  const [tab, setTab] = useState<'content' | 'progress'>('content');
  const [sectionTitle, setSectionTitle] = useState('');
  const [dialog, setDialog] = useState<{ sectionId: number; item: ContentItem | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);
  const data = offering.data;
  useDocumentTitle(`${data ? data.Code : t('content.manage.title')} · ${t('portal.name')}`);
  const error = t('content.error');

  if (offering.isPending) return <LoadingBlock rows={5} />;
  if (offering.isError || !data)
    return (
      <>
        <PageHeading title={t('content.manage.title')} />
        <ContentError error={offering.error} onRetry={() => void offering.refetch()} />
      </>
    );

  const sections = data.Sections;
  const orderSections = (ids: number[]) => changes.orderSections.mutate(ids, { onError: failure(error) });
  const orderItems = (section: ContentSection, ids: number[]) =>
    changes.orderItems.mutate({ sectionId: section.Id, ids }, { onError: failure(error) });

  return (
    <>
      <PageHeading
        title={`${data.Code} · ${data.Title}`}
        intro={`${data.Session} · ${data.Semester} · ${data.Lecturers.join(', ')}`}
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/admin/managecontent" startIcon={<ArrowBack />}>
              {t('content.manage.offerings')}
            </Button>
            <Button
              component={RouterLink}
              to={`/admin/managecontent/${courseId}/${sessionId}/preview`}
              startIcon={<Visibility />}
              variant="outlined"
            >
              {t('content.preview.open')}
            </Button>
          </Stack>
        }
      />
      <Tabs value={tab} onChange={(_event, value: 'content' | 'progress') => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="content" label={t('content.manage.contentTab')} />
        <Tab value="progress" label={t('content.manage.progressTab')} />
      </Tabs>
      {tab === 'progress' && <ProgressPanel courseId={courseId} sessionId={sessionId} />}
      {tab === 'content' && (
        <Stack spacing={2}>
          {data.NeedsReview && <Alert severity="info">{t('content.manage.needsReview')}</Alert>}
          {sections.length === 0 && <Typography color="text.secondary">{t('content.noData')}</Typography>}
          {sections.map((section, index) => (
            <Reorderable
              key={section.Id}
              kind="section"
              index={index}
              onDrop={(from) =>
                from !== index && orderSections(moved(sections, from, index).map((s) => s.Id))
              }
            >
              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <DragIndicator aria-hidden sx={{ cursor: 'grab', color: 'text.secondary' }} />
                    <Typography
                      component="h2"
                      variant="h6"
                      sx={{ flex: 1, minWidth: 120, overflowWrap: 'anywhere' }}
                    >
                      {section.Title}
                    </Typography>
                    <Chip
                      size="small"
                      label={
                        section.Published ? t('content.section.published') : t('content.section.unpublished')
                      }
                      color={section.Published ? 'success' : 'default'}
                    />
                  </Stack>
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
                    <MoveButtons
                      name={section.Title}
                      index={index}
                      count={sections.length}
                      onMove={(to) => orderSections(moved(sections, index, to).map((s) => s.Id))}
                    />
                    <Button
                      size="small"
                      onClick={() =>
                        changes.publishSection.mutate(
                          { id: section.Id, publish: !section.Published },
                          { onSuccess: success, onError: failure(error) },
                        )
                      }
                    >
                      {section.Published ? t('content.unpublish') : t('content.publish')}
                    </Button>
                    <IconButton
                      size="small"
                      aria-label={t('content.section.rename', { name: section.Title })}
                      onClick={() => setRenaming({ id: section.Id, title: section.Title })}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('content.deleteNamed', { name: section.Title })}
                      onClick={() =>
                        setConfirm({
                          title: t('content.section.deleteTitle'),
                          message: t('content.deleteConfirm', { name: section.Title }),
                          run: () =>
                            changes.deleteSection.mutate(section.Id, {
                              onSuccess: success,
                              onError: failure(error),
                              onSettled: () => setConfirm(null),
                            }),
                        })
                      }
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </Stack>
                  <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
                    {section.Items.length === 0 && (
                      <Typography component="li" variant="body2" color="text.secondary">
                        {t('content.noData')}
                      </Typography>
                    )}
                    {section.Items.map((item, position) => (
                      <Reorderable
                        key={item.Id}
                        kind={`items-${section.Id}`}
                        index={position}
                        component="li"
                        onDrop={(from) =>
                          from !== position &&
                          orderItems(
                            section,
                            moved(section.Items, from, position).map((i) => i.Id),
                          )
                        }
                      >
                        <ItemRow
                          item={item}
                          moveButtons={
                            <MoveButtons
                              name={item.Title}
                              index={position}
                              count={section.Items.length}
                              onMove={(to) =>
                                orderItems(
                                  section,
                                  moved(section.Items, position, to).map((i) => i.Id),
                                )
                              }
                            />
                          }
                          onEdit={() => setDialog({ sectionId: section.Id, item })}
                          onPublish={(publish) =>
                            changes.publishItem.mutate(
                              { id: item.Id, publish },
                              { onSuccess: success, onError: failure(error) },
                            )
                          }
                          onDelete={() =>
                            setConfirm({
                              title: t('content.item.deleteTitle'),
                              message: t('content.deleteConfirm', { name: item.Title }),
                              run: () =>
                                changes.deleteItem.mutate(item.Id, {
                                  onSuccess: success,
                                  onError: failure(error),
                                  onSettled: () => setConfirm(null),
                                }),
                            })
                          }
                        />
                      </Reorderable>
                    ))}
                  </Stack>
                  <Button
                    startIcon={<Add />}
                    sx={{ mt: 1 }}
                    onClick={() => setDialog({ sectionId: section.Id, item: null })}
                  >
                    {t('content.item.addTo', { name: section.Title })}
                  </Button>
                </CardContent>
              </Card>
            </Reorderable>
          ))}
          <Stack
            component="form"
            direction="row"
            sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            onSubmit={(event) => {
              event.preventDefault();
              if (!sectionTitle.trim()) return;
              changes.addSection.mutate(
                { Title: sectionTitle.trim() },
                { onSuccess: (answer) => (success(answer), setSectionTitle('')), onError: failure(error) },
              );
            }}
          >
            <TextField
              size="small"
              label={t('content.section.newTitle')}
              value={sectionTitle}
              onChange={(event) => setSectionTitle(event.target.value)}
              sx={{ flex: 1, minWidth: 200 }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<Add />}
              disabled={changes.addSection.isPending}
            >
              {t('content.section.add')}
            </Button>
          </Stack>
        </Stack>
      )}
      {dialog && (
        <ItemDialog
          open
          item={dialog.item}
          pending={changes.addItem.isPending || changes.editItem.isPending}
          onClose={() => setDialog(null)}
          onSave={(input) =>
            (dialog.item
              ? changes.editItem.mutateAsync({ id: dialog.item.Id, input })
              : changes.addItem.mutateAsync({ sectionId: dialog.sectionId, input })
            ).then(success)
          }
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={t('content.delete')}
        danger
        pending={changes.deleteItem.isPending || changes.deleteSection.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm?.run()}
      />
      <ConfirmDialog
        open={renaming !== null}
        title={t('content.section.renameTitle')}
        message=""
        confirmLabel={t('content.save')}
        pending={changes.renameSection.isPending}
        confirmDisabled={!renaming?.title.trim()}
        onClose={() => setRenaming(null)}
        onConfirm={() =>
          renaming &&
          changes.renameSection.mutate(
            { id: renaming.id, Title: renaming.title.trim() },
            { onSuccess: success, onError: failure(error), onSettled: () => setRenaming(null) },
          )
        }
      >
        <TextField
          fullWidth
          sx={{ mt: 1 }}
          label={t('content.section.title')}
          value={renaming?.title ?? ''}
          onChange={(event) => setRenaming((current) => current && { ...current, title: event.target.value })}
        />
      </ConfirmDialog>
    </>
  );
}

function ItemRow({
  item,
  moveButtons,
  onEdit,
  onPublish,
  onDelete,
}: {
  item: ContentItem;
  moveButtons: ReactNode;
  onEdit: () => void;
  onPublish: (publish: boolean) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const live = item.State === 'published' || item.State === 'pending_review';
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <DragIndicator aria-hidden fontSize="small" sx={{ cursor: 'grab', color: 'text.secondary' }} />
        <Box sx={{ flex: 1, minWidth: 140 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{item.Title}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`content.kind.${item.Kind}`)}
            {item.File ? ` · ${item.File.Name}` : ''}
          </Typography>
        </Box>
        <Chip size="small" color={STATE_COLOURS[item.State]} label={t(`content.state.${item.State}`)} />
      </Stack>
      {item.State === 'returned' && item.ReviewComment && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('content.item.reviewComment', { comment: item.ReviewComment })}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
        {moveButtons}
        <Button
          size="small"
          onClick={() => onPublish(!live)}
          aria-label={`${live ? t('content.unpublish') : t('content.publish')} ${item.Title}`}
        >
          {live ? t('content.unpublish') : t('content.publish')}
        </Button>
        <IconButton size="small" aria-label={t('content.editNamed', { name: item.Title })} onClick={onEdit}>
          <Edit fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('content.deleteNamed', { name: item.Title })}
          onClick={onDelete}
        >
          <Delete fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** Up and down: the keyboard's way to reorder (drag and drop is the mouse's). */
function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  const t = useT();
  return (
    <>
      <IconButton
        size="small"
        disabled={index === 0}
        aria-label={t('content.moveUp', { name })}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        disabled={index === count - 1}
        aria-label={t('content.moveDown', { name })}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
    </>
  );
}

/** A drag-and-drop place in a list of one kind: dropping an entry of that list here moves it here. */
function Reorderable({
  kind,
  index,
  onDrop,
  component = 'div',
  children,
}: {
  kind: string;
  index: number;
  onDrop: (from: number) => void;
  component?: 'div' | 'li';
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const type = `application/x-portal-${kind}`;
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(type);
  return (
    <Box
      component={component}
      draggable
      onDragStart={(event: DragEvent) => {
        event.stopPropagation();
        event.dataTransfer.setData(type, String(index));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        onDrop(Number(event.dataTransfer.getData(type)));
      }}
      sx={{ outline: over ? 2 : 0, outlineColor: 'primary.main', outlineStyle: 'dashed', borderRadius: 1 }}
    >
      {children}
    </Box>
  );
}
