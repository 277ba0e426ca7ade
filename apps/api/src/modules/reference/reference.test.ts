import { describe, expect, it } from 'vitest';
import {
  displayOf,
  fieldLabel,
  operationsOf,
  REGISTRY_SPECS,
  registrySpec,
  resourcePath,
  switchesOf,
  type FieldSpec,
  type ResourceSpec,
} from '@portal/contracts';
import { superAdminApp } from './test-support.js';

/**
 * One walk over the registry: for every declared resource, what an admin does on its page —
 * list, create, read, replace, switch, export, import (the same file again changes nothing; a bad
 * row is reported by its number), the audit trail, and deleting a record others refer to. A new
 * resource is covered by declaring it; the route × role cells are in admin/access.test.ts.
 */

type Row = Record<string, unknown>;
const { state, call } = superAdminApp();
let counter = 0;

function multipart(csv: string) {
  const boundary = '----registry' + Math.random().toString(16).slice(2);
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    csv +
    `\r\n--${boundary}--\r\n`;
  return { payload, headers: { ...state.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importCsv(spec: ResourceSpec, csv: string) {
  const { payload, headers } = multipart(csv);
  const response = await state.t.app.inject({
    method: 'POST',
    url: `${resourcePath(spec)}/import`,
    headers,
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A valid value of a field for the n-th sample record; references get a fresh record of their own. */
async function sampleValue(
  key: string,
  f: FieldSpec,
  n: number,
  parents: { spec: ResourceSpec; id: number }[],
) {
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return f.sample ? f.sample(n) : `S${n} ${key}`.slice(0, f.max ?? 200);
    case 'int':
      return f.default ?? f.min ?? 1;
    case 'decimal':
      return f.min ?? 0;
    case 'money':
      return 1_000_000;
    case 'flag':
      return f.default ?? false;
    case 'choice':
      return f.default ?? f.choices[0];
    case 'date':
      return /end|close/i.test(key) ? '2030-12-31' : '2030-01-01';
    case 'time':
      return /end/i.test(key) ? '10:00' : '08:00';
    case 'ref': {
      const target = registrySpec(f.ref)!;
      if (operationsOf(target).create) {
        const id = await createSample(target, []);
        parents.push({ spec: target, id });
        return id;
      }
      const list = await call('GET', `${resourcePath(target)}?pageSize=1`);
      return list.body.Data[0].id as number;
    }
  }
}

async function sampleInput(spec: ResourceSpec, parents: { spec: ResourceSpec; id: number }[]) {
  const n = ++counter;
  const input: Row = {};
  for (const [key, f] of Object.entries(spec.fields)) input[key] = await sampleValue(key, f, n, parents);
  return input;
}

async function createSample(
  spec: ResourceSpec,
  parents: { spec: ResourceSpec; id: number }[],
): Promise<number> {
  const input = await sampleInput(spec, parents);
  const created = await call('POST', resourcePath(spec), input);
  expect(created.status, `${spec.name}: ${created.text}`).toBe(200);
  return created.body.Data.id as number;
}

function expectFields(spec: ResourceSpec, item: Row, input: Row) {
  for (const [key, f] of Object.entries(spec.fields)) {
    const wanted = f.kind === 'text' && f.upper ? String(input[key]).toUpperCase() : input[key];
    expect(item[key], `${spec.name}.${key}`).toEqual(wanted);
  }
}

const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

describe('the registry', () => {
  it('declares each resource with a unique name and page, and keys that are its fields', () => {
    const names = REGISTRY_SPECS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const spec of REGISTRY_SPECS) {
      for (const key of [...spec.key, ...displayOf(spec)])
        expect(spec.fields, `${spec.name}: ${key}`).toHaveProperty(key);
      for (const f of Object.values(spec.fields))
        if (f.kind === 'ref') expect(registrySpec(f.ref), f.ref).toBeDefined();
    }
  });
});

describe.each(REGISTRY_SPECS.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  const path = resourcePath(spec);
  const ops = operationsOf(spec);

  it('lists, and exports what it lists as CSV and XLSX', async () => {
    const list = await call('GET', `${path}?page=1&pageSize=5`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.Total).toBeGreaterThanOrEqual(list.body.Data.length);
    const csv = await call('GET', `${path}/export?format=csv`);
    expect(csv.status, csv.text).toBe(200);
    const header = csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    for (const [key, f] of Object.entries(spec.fields)) expect(header).toContain(fieldLabel(key, f));
    expect(csv.text.trim().split('\r\n').length - 1).toBe(list.body.Total);
    const xlsx = await state.t.app.inject({
      method: 'GET',
      url: `${path}/export?format=xlsx`,
      headers: state.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  // Each resource gets the checks its operations allow (no skipped placeholders).
  if (ops.create)
    it('creates, reads, replaces, switches, re-imports unchanged, audits and deletes', async () => {
      const parents: { spec: ResourceSpec; id: number }[] = [];
      const input = await sampleInput(spec, parents);
      const created = await call('POST', path, input);
      expect(created.status, created.text).toBe(200);
      const id = created.body.Data.id as number;
      expectFields(spec, created.body.Data, input);
      expect((await call('GET', `${path}/${id}`)).body.Data.id).toBe(id);

      const again = await call('POST', path, input);
      // The same key twice: refused by the unique key, or before it by a rule (a clash, an overlap).
      expect([400, 409], `the same key twice: ${again.text}`).toContain(again.status);
      if (again.status === 409) expect(again.body.Message).toMatch(/already exists/);

      // Replace: change the first free-text field that is not part of the key.
      const editable = Object.entries(spec.fields).find(
        ([key, f]) =>
          (f.kind === 'text' || f.kind === 'textarea') && !f.pattern && !spec.key.includes(key) && !f.upper,
      );
      const changed = { ...input };
      if (editable) changed[editable[0]] = `${String(input[editable[0]]).slice(0, 20)} edited`;
      if (ops.update) {
        const replaced = await call('PUT', `${path}/${id}`, changed);
        expect(replaced.status, replaced.text).toBe(200);
        expectFields(spec, replaced.body.Data, changed);
      }

      for (const { name, field } of switchesOf(spec)) {
        const before = (await call('GET', `${path}/${id}`)).body.Data[field] as boolean;
        const flipped = await call('POST', `${path}/${id}/${name}`, { value: !before });
        if (flipped.status === 200) expect(flipped.body.Data[field]).toBe(!before);
        else {
          // A rule may refuse (a scheme whose weights do not add up to 100): clearly, changing nothing.
          expect(flipped.status).toBe(400);
          expect(flipped.body.Message.length).toBeGreaterThan(10);
          expect((await call('GET', `${path}/${id}`)).body.Data[field]).toBe(before);
        }
      }

      // The exported file imported again changes nothing.
      const exported = await call('GET', `${path}/export?format=csv`);
      const reimport = await importCsv(spec, exported.text);
      expect(reimport.status, JSON.stringify(reimport.body)).toBe(200);
      expect(reimport.body.Data).toMatchObject({ created: 0, updated: 0, invalid: 0 });
      expect(reimport.body.Data.unchanged).toBe(reimport.body.Data.totalRows);

      // A row with a bad key is reported by its row number, and nothing is written.
      const keyHeaders = spec.key.map((k) => fieldLabel(k, spec.fields[k]!));
      const bad = spec.key.map((k) => {
        const f = spec.fields[k]!;
        if (f.kind === 'ref') return 'No such record';
        if (f.kind === 'text' && f.pattern) return '!!';
        if (f.kind === 'text') return 'x'.repeat((f.max ?? 200) + 1);
        return 'not a value';
      });
      const refused = await importCsv(spec, `${csvLine(keyHeaders)}\r\n${csvLine(bad)}\r\n`);
      expect(refused.body.Data.invalid, JSON.stringify(refused.body)).toBe(1);
      expect(refused.body.Data.errors[0]).toMatch(/^Row 2: /);

      const trail = await call('GET', `/api/admin/audit?entity=${spec.name}&entityId=${id}&pageSize=50`);
      const actions = (trail.body.Data as { action: string; actorEmail: string }[]).map((a) => a.action);
      expect(actions).toContain('create');
      if (ops.update) expect(actions).toContain('update');
      expect(trail.body.Data[0].actorEmail).toBe('admin@demo.edu.ng');

      const parent = parents[0];
      if (parent && operationsOf(parent.spec).delete) {
        const inUse = await call('DELETE', `${resourcePath(parent.spec)}/${parent.id}`);
        expect(inUse.status, inUse.text).toBe(409);
        expect(inUse.body.Message).toMatch(/is in use by an? .+ and cannot be deleted/);
      }
      if (ops.delete) {
        expect((await call('DELETE', `${path}/${id}`)).status).toBe(200);
        expect((await call('GET', `${path}/${id}`)).status).toBe(404);
        if (parent && operationsOf(parent.spec).delete)
          expect((await call('DELETE', `${resourcePath(parent.spec)}/${parent.id}`)).status).toBe(200);
      }
    });

  if (!ops.create && ops.update)
    it('replaces a stored record with its own values, audited', async () => {
      const list = await call('GET', `${path}?pageSize=1`);
      const item = list.body.Data[0] as Row;
      const input = Object.fromEntries(Object.keys(spec.fields).map((k) => [k, item[k]]));
      const replaced = await call('PUT', `${path}/${item.id}`, input);
      expect(replaced.status, replaced.text).toBe(200);
      const trail = await call('GET', `/api/admin/audit?entity=${spec.name}&entityId=${item.id}`);
      expect(trail.body.Data.map((a: Row) => a.action)).toContain('update');
    });

  const required = Object.entries(spec.fields).find(([, f]) => f.required);
  if ((ops.create || ops.update) && required)
    it('refuses input that breaks its declaration, with a message naming the field', async () => {
      const target = ops.create
        ? path
        : `${path}/${(await call('GET', `${path}?pageSize=1`)).body.Data[0].id}`;
      const refused = await call(ops.create ? 'POST' : 'PUT', target, {});
      expect(refused.status).toBe(400);
      expect(refused.body.Status).toBe('Invalid');
      expect(refused.body.Message).toContain(fieldLabel(required[0], required[1]));
    });
});
