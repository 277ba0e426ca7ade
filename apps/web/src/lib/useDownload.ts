import { useMutation } from '@tanstack/react-query';
import { apiBlob } from './api';
import { saveFile } from './download';

/** Fetches a document (with the student's token) and saves it under its name. */
export const useDownload = () =>
  useMutation({
    mutationFn: async ({ url, fileName }: { url: string; fileName: string }) =>
      saveFile(await apiBlob(url, { area: 'student' }), fileName),
  });
