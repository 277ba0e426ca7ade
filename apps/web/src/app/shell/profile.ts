import type { AreaId } from '../../lib/areas';
import { useSessionArea, useSessionUser, type SessionUsers } from '../../lib/session';

export interface Profile {
  /** Last name then first name (spec section 2, Header). */
  displayName: string;
  /** Admins: the last name's initial; everyone else: last and first names' initials. */
  initials: string;
  passport: string | null;
  /** The support account, which has no Profile entry. */
  isSupport: boolean;
}

type AnyUser = NonNullable<SessionUsers[keyof SessionUsers]>;

export function profileOf(area: AreaId, user: AnyUser | undefined): Profile {
  const first = user?.FirstName?.trim() ?? '';
  const last = user?.LastName?.trim() ?? '';
  const initial = (name: string) => name.charAt(0).toUpperCase();
  return {
    displayName: [last, first].filter(Boolean).join(' '),
    initials: area === 'admin' ? initial(last) : `${initial(last)}${initial(first)}`,
    passport: user?.Passport ?? null,
    isSupport: !!user && 'IsSupport' in user && user.IsSupport,
  };
}

/** The signed-in user of an area, as the shell shows them. */
export function useProfile(area: AreaId): Profile {
  return profileOf(area, useSessionUser(useSessionArea(area).userKind));
}
