import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../lib/api';
import { uploadForm } from './upload';
import type { Paged } from './types';

/*
 * The generic engine's calls (one resource path, any resource): GET <path> (list), POST <path>
 * (create), PUT <path>/:id (replace), DELETE <path>/:id, POST <path>/:id/<action> ({ value }).
 * Every query of a resource is keyed under ['crud', path], so a write refreshes its lists and the
 * select options built from them.
 */

export interface SaveAnswer<Item> {
  Status: string;
  Message?: string;
  Data?: Item;
}

export const resourceKey = (path: string) => ['crud', path] as const;

export function useResourceList<Item>(path: string, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...resourceKey(path), 'list', query],
    queryFn: ({ signal }) => api<Paged<Item>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResourceSave<Item>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) =>
      api<SaveAnswer<Item>>(id ? `${path}/${id}` : path, { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}

/** A multipart write with upload progress (a record with its file, or a replaced file). */
export function useResourceUpload<Item>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      url,
      method,
      form,
      onProgress,
    }: {
      url: string;
      method: 'POST' | 'PUT';
      form: FormData;
      onProgress: (fraction: number) => void;
    }) => uploadForm<SaveAnswer<Item>>(url, form, { method, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}

export function useResourceDelete(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ Status: string; Message: string }>(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}

export function useResourceAction<Item>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, value }: { id: number; action: string; value: boolean }) =>
      api<SaveAnswer<Item>>(`${path}/${id}/${action}`, { method: 'POST', body: { value } }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}
