import { z } from 'zod';
import { MAX_RECORD_ID } from '../ids.js';
import {
  fieldLabel,
  refNameKey,
  type FieldSpec,
  type InputOf,
  type ItemOf,
  type ResourceSpec,
} from './fields.js';

/**
 * The zod schemas of a declared resource, derived from its fields (the API validates and documents
 * with these; the web never imports this module).
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function inputField(key: string, f: FieldSpec): z.ZodType {
  const label = fieldLabel(key, f);
  const required = `${label} is required.`;
  /** A missing value is "required"; a value of the wrong kind gets its own message. */
  const missingOr = (invalid: string) => (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid;
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      let s = z.string({ error: required }).trim();
      if (f.required) s = s.min(1, required);
      if (f.min) s = s.min(f.min, `${label} must have at least ${f.min} characters.`);
      s = s.max(f.max ?? (f.kind === 'text' ? 200 : 5000), `${label} is too long.`);
      if (f.pattern) s = s.regex(new RegExp(`^(?:${f.pattern})$`), f.patternHint ?? `${label} is not valid.`);
      const out = f.upper ? s.transform((v) => v.toUpperCase()) : s;
      if (f.default !== undefined) return out.default(f.default);
      return f.required ? out : out.default('');
    }
    case 'int':
    case 'money': {
      let n = z
        .number({ error: missingOr(`${label} must be a whole number.`) })
        .int(`${label} must be a whole number.`);
      const min = f.kind === 'money' ? 0 : (f.min ?? -MAX_RECORD_ID - 1);
      if (min !== undefined) n = n.min(min, `${label} must be at least ${min}.`);
      if (f.kind === 'int') {
        // An int column is int4: without a declared maximum, its range is the limit.
        const max = f.max ?? MAX_RECORD_ID;
        n = n.max(max, `${label} must be at most ${max}.`);
      }
      if (f.default !== undefined) return n.default(f.default);
      return f.required ? n : n.nullable().default(null);
    }
    case 'decimal': {
      let n = z.number({ error: missingOr(`${label} must be a number.`) });
      if (f.min !== undefined) n = n.min(f.min, `${label} must be at least ${f.min}.`);
      if (f.max !== undefined) n = n.max(f.max, `${label} must be at most ${f.max}.`);
      const d = n.refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        `${label} has at most two decimal places.`,
      );
      return f.required ? d : d.nullable().default(null);
    }
    case 'ref': {
      const n = z
        .number({ error: missingOr(`${label} must be the id of a record.`) })
        .int(`${label} must be the id of a record.`)
        .positive(required)
        .max(MAX_RECORD_ID, `${label} must be the id of a record.`);
      return f.required ? n : n.nullable().default(null);
    }
    case 'flag':
      return z.boolean().default(f.default ?? false);
    case 'choice': {
      const e = z.enum(f.choices as [string, ...string[]], {
        error: missingOr(`${label} must be one of: ${f.choices.join(', ')}.`),
      });
      return f.default !== undefined ? e.default(f.default) : e;
    }
    case 'date':
    case 'time': {
      const s = z
        .string({ error: required })
        .regex(
          f.kind === 'date' ? DATE : TIME,
          `${label} must look like ${f.kind === 'date' ? 'YYYY-MM-DD' : 'HH:MM'}.`,
        );
      return f.required ? s : s.nullable().default(null);
    }
  }
}

function itemField(f: FieldSpec): z.ZodType {
  switch (f.kind) {
    case 'flag':
      return z.boolean();
    case 'int':
    case 'money':
    case 'ref':
    case 'decimal':
      return f.required || ((f.kind === 'money' || f.kind === 'int') && f.default !== undefined)
        ? z.number()
        : z.number().nullable();
    case 'date':
    case 'time':
      return f.required ? z.string() : z.string().nullable();
    default:
      return z.string();
  }
}

const cache = new WeakMap<ResourceSpec, { input: z.ZodObject; item: z.ZodObject }>();

function build(spec: ResourceSpec) {
  let built = cache.get(spec);
  if (!built) {
    const input: Record<string, z.ZodType> = {};
    const item: Record<string, z.ZodType> = { id: z.number().int() };
    for (const [key, f] of Object.entries(spec.fields)) {
      input[key] = inputField(key, f);
      item[key] = itemField(f);
      if (f.kind === 'ref') item[refNameKey(key)] = z.string().nullable();
    }
    built = { input: z.object(input).strict(), item: z.object(item) };
    cache.set(spec, built);
  }
  return built;
}

/** What create and replace accept (unknown keys refused). */
export const inputSchema = <S extends ResourceSpec>(spec: S) =>
  build(spec).input as unknown as z.ZodType<InputOf<S>> & z.ZodObject;
/** A list row or record. */
export const itemSchema = <S extends ResourceSpec>(spec: S) =>
  build(spec).item as unknown as z.ZodType<ItemOf<S>> & z.ZodObject;
