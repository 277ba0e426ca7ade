import type { z } from 'zod';

/** The type a contract schema describes (type-only: no zod reaches the browser). */
export type Infer<T extends z.ZodType> = z.output<T>;

/** A page of an admin list, as every paged admin endpoint answers. */
export interface Paged<T> {
  Status: string;
  Message?: string;
  Data: T[];
  Page: number;
  PageSize: number;
  Total: number;
}

/** What a list on screen asks the server for. */
export interface ListState {
  /** From 1. */
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** A choice in a select: a value the server knows and its label. */
export interface Option {
  value: number | string;
  label: string;
}

/** Options for a select, loaded by a hook (from the server or from constants). */
export interface OptionsResult {
  options: Option[];
  loading: boolean;
  /** The options could not be loaded (e.g. no permission): the field falls back to a plain input. */
  failed: boolean;
}

export type OptionsHook = () => OptionsResult;

export const PAGE_SIZES = [10, 20, 50, 100];
