import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useQuery } from '@tanstack/react-query';
import {
  REGISTRY_SPECS,
  adminPageLabelId,
  adminPagePath,
  fieldLabel,
  registrySpec,
  resourcePath,
  type ResourceSpec,
} from '@portal/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useRegistryResource } from '../../../components/crud/registry';
import { ImportPanel } from '../../../components/crud/ResourceFiles';
import { ResourcePage } from '../../../components/crud/ResourcePage';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { api } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/**
 * The page of any registry resource (packages/contracts/src/registry), generated from its
 * declaration: the list with search, filters, sort and paging, add / edit / delete, switches,
 * export and import. `import` opens straight on the import (courses/uploadCourse); a child resource
 * (score items) opens under one record of its parent (scoreitems/:parentId).
 */
export default function RegistryScreen({ name, mode = 'list' }: { name: string; mode?: 'list' | 'import' }) {
  const spec = registrySpec(name)!;
  if (mode === 'import') return <ImportScreen spec={spec} />;
  if (spec.parent)
    return <ChildScreen spec={spec} parent={registrySpec(spec.parent.resource)!} field={spec.parent.field} />;
  return <ListScreen spec={spec} />;
}

const fileColumns = (spec: ResourceSpec) => ({
  columns: Object.entries(spec.fields).map(([key, f]) => fieldLabel(key, f)),
  key: spec.key.map((key) => fieldLabel(key, spec.fields[key]!)),
});

/** Resources listed under a record of this one (a scheme's score items). */
const childrenOf = (spec: ResourceSpec) =>
  REGISTRY_SPECS.filter((other) => other.parent?.resource === spec.name);

function ListScreen({ spec }: { spec: ResourceSpec }) {
  const resource = useRegistryResource(spec);
  const child = childrenOf(spec)[0];
  return (
    <ResourcePage
      key={spec.name}
      resource={resource}
      files={fileColumns(spec)}
      links={
        child
          ? (item) => ({
              to: `${adminPagePath(spec.page)}/${item.id}`,
              label: String(item[spec.key[0]!] ?? item.id),
            })
          : undefined
      }
    />
  );
}

function ChildScreen({ spec, parent, field }: { spec: ResourceSpec; parent: ResourceSpec; field: string }) {
  const t = useT();
  const parentId = Number(useParams().parentId);
  const resource = useRegistryResource(spec);
  const record = useQuery({
    queryKey: ['crud', resourcePath(parent), 'one', parentId],
    queryFn: ({ signal }) =>
      api<{ Data: Record<string, unknown> }>(`${resourcePath(parent)}/${parentId}`, { signal }),
    enabled: Number.isInteger(parentId) && parentId > 0,
  });
  const parentTitle = t(adminPageLabelId(parent.page) as MessageId);
  const parentName = String(record.data?.Data[parent.key[0]!] ?? '…');
  return (
    <>
      <Button component={RouterLink} to={adminPagePath(parent.page)} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('crud.backTo', { title: parentTitle })}
      </Button>
      <ResourcePage
        key={`${spec.name}-${parentId}`}
        resource={resource}
        heading={t('crud.itemsOf', { title: t(resource.title), name: parentName })}
        fixed={{ [field]: parentId }}
        files={fileColumns(spec)}
      />
    </>
  );
}

function ImportScreen({ spec }: { spec: ResourceSpec }) {
  const t = useT();
  const title = t(adminPageLabelId(spec.page) as MessageId);
  // Names what is imported ('Import course records'), not the page ('Setup Courses').
  const heading = t('crud.importTitle', { noun: t(`resource.${spec.name}` as MessageId) });
  useDocumentTitle(`${heading} · ${t('portal.name')}`);
  const { columns, key } = fileColumns(spec);
  return (
    <>
      <PageHeading
        title={heading}
        action={
          <Button component={RouterLink} to={adminPagePath(spec.page)} startIcon={<ArrowBack />}>
            {t('crud.backTo', { title })}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <ImportPanel path={resourcePath(spec)} columns={columns} keyColumns={key} />
        </CardContent>
      </Card>
    </>
  );
}
