import type { Profile } from '@compliance/shared/account';
import { setStoredUserName } from '@/lib/auth-token.ts';
import { displayName } from '@/lib/session.ts';

export { sessionQueryKey } from '@/lib/session.ts';

export function setStoredUserNameFromProfile(profile: Profile): void {
  setStoredUserName(displayName(profile));
}
