import type { ForgotPasswordRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ForgotPasswordResponse {
  Status: string;
  Message: string;
}

/** POST /api/Account/ForgotPassword: step 1 e-mails a reset link, step 2 sets the password with its code. */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api<ForgotPasswordResponse>('/api/Account/ForgotPassword', { method: 'POST', body, area: null });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** Where the e-mailed link points; the server builds the real link from PUBLIC_URL. */
export const resetLinkBase = () => `${location.origin}/portal/confirmnewpassword/`;
