import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { AreaId } from '../../../lib/areas';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/Account/ChangePassword for the signed-in user of an area (the app area signs in as Admin). */
export const changePassword = (area: AreaId, body: ChangePasswordBody) =>
  api<{ Status: string; Message: string }>('/api/Account/ChangePassword', { method: 'POST', body, area });

export const useChangePassword = (area: AreaId) =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(area, body) });
