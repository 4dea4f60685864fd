import { describe, expect, it } from 'vitest';
import {
  AUTH_TOKEN_KEY,
  clearAuthToken,
  getAuthToken,
  getStoredUserName,
  hasAuthToken,
  isGuardedPath,
  setAuthToken,
  setStoredUserName,
} from './auth-token.ts';

describe('auth token', () => {
  it('reads, writes and clears localStorage.auth_token', () => {
    expect(getAuthToken()).toBeNull();
    setAuthToken('abc');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('abc');
    expect(hasAuthToken()).toBe(true);
    setStoredUserName('Anna Keller');
    clearAuthToken();
    expect(getAuthToken()).toBeNull();
    expect(getStoredUserName()).toBeNull();
  });

  it('treats an empty or blank token as missing', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, '');
    expect(hasAuthToken()).toBe(false);
    localStorage.setItem(AUTH_TOKEN_KEY, '   ');
    expect(hasAuthToken()).toBe(false);
  });

  it('guards every path beginning /admin or /app', () => {
    for (const path of ['/admin', '/admin/users', '/app', '/app/x', '/app/'])
      expect(isGuardedPath(path), path).toBe(true);
    for (const path of ['/', '/login', '/dashboard', '/fatf/countries', '/try'])
      expect(isGuardedPath(path), path).toBe(false);
  });
});
