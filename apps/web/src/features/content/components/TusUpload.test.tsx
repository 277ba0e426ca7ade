import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { onEachRequest, server } from '../../../test/server';
import { TusUpload } from './TusUpload';

const ID = '0b6f7f64-3c1e-4a55-9a7e-2f1a8e2d4c10';
const PDF = () => new File(['%PDF-1.4 lecture three'], 'lecture-3.pdf', { type: 'application/pdf' });

/** The tus calls the component made, as "METHOD path offset". */
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  onEachRequest((request) => {
    // Only the upload's own calls (the shell may fetch the school's particulars beside them).
    if (!new URL(request.url).pathname.startsWith('/api/uploads/')) return;
    calls.push(
      `${request.method} ${new URL(request.url).pathname} ${request.headers.get('upload-offset') ?? ''}`.trim(),
    );
  });
});

const created = () =>
  http.post('/api/uploads/tus', () =>
    HttpResponse.text('', {
      status: 201,
      headers: { Location: `/api/uploads/tus/${ID}`, 'Tus-Resumable': '1.0.0' },
    }),
  );

async function choose(file: File) {
  const user = userEvent.setup();
  const onUploaded = vi.fn();
  await renderWithProviders(<TusUpload purpose="content-document" onUploaded={onUploaded} />, {
    namespaces: ['content'],
  });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
  return onUploaded;
}

test('a file goes up by tus with a progress bar, and the finished upload is handed on', async () => {
  const size = PDF().size;
  server.use(
    created(),
    http.patch(`/api/uploads/tus/${ID}`, () =>
      HttpResponse.text('', {
        status: 204,
        headers: { 'Upload-Offset': String(size), 'Tus-Resumable': '1.0.0' },
      }),
    ),
  );
  const onUploaded = await choose(PDF());
  await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: ID, fileName: 'lecture-3.pdf', size }));
  expect(screen.getByText('lecture-3.pdf uploaded')).toBeTruthy();
  expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  expect(calls).toEqual(['POST /api/uploads/tus', `PATCH /api/uploads/tus/${ID} 0`]);
});

test('a dropped connection is resumed from the offset the server holds', async () => {
  const size = PDF().size;
  let patches = 0;
  server.use(
    created(),
    http.patch(`/api/uploads/tus/${ID}`, () => {
      patches += 1;
      if (patches === 1) return HttpResponse.error();
      return HttpResponse.text('', {
        status: 204,
        headers: { 'Upload-Offset': String(size), 'Tus-Resumable': '1.0.0' },
      });
    }),
    http.head(`/api/uploads/tus/${ID}`, () =>
      HttpResponse.text(null, {
        status: 200,
        headers: { 'Upload-Offset': '8', 'Upload-Length': String(size), 'Tus-Resumable': '1.0.0' },
      }),
    ),
  );
  const onUploaded = await choose(PDF());
  await waitFor(() => expect(onUploaded).toHaveBeenCalled());
  // Asked where it stood, then sent the rest from there.
  expect(calls).toEqual([
    'POST /api/uploads/tus',
    `PATCH /api/uploads/tus/${ID} 0`,
    `HEAD /api/uploads/tus/${ID}`,
    `PATCH /api/uploads/tus/${ID} 8`,
  ]);
});

test("the server's refusal is shown in its words, and nothing is handed on", async () => {
  const refusal =
    'This file is a Windows program by its content, which is not accepted for a course document. Upload PDF.';
  server.use(
    created(),
    http.patch(`/api/uploads/tus/${ID}`, () =>
      HttpResponse.json(
        { Status: 'Invalid', Message: refusal },
        { status: 415, headers: { 'Tus-Resumable': '1.0.0' } },
      ),
    ),
  );
  const onUploaded = await choose(PDF());
  expect(await screen.findByText(refusal)).toBeTruthy();
  expect(onUploaded).not.toHaveBeenCalled();
});
