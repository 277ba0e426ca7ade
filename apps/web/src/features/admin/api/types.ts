import type {
  AdminUserItem,
  auditItem,
  dashboardData,
  PageCatalogueEntry,
  RoleItem,
} from '@portal/contracts';
import type { Infer, Paged } from '../../../components/crud/types';

/** The admin screens' answers, typed from the contract (types only). */
export interface PagesAnswer {
  Status: string;
  Message?: string;
  Data: PageCatalogueEntry[];
}
export interface RolesAnswer {
  Status: string;
  Message?: string;
  Data: RoleItem[];
}
export interface SaveAnswer<T> {
  Status: string;
  Message: string;
  Data?: T;
}
export type UsersAnswer = Paged<AdminUserItem>;
export type AuditItem = Infer<typeof auditItem>;
export type DashboardData = Infer<typeof dashboardData>;
