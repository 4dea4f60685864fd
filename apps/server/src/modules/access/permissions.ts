/**
 * Every permission the server checks, with the least a caller must be to hold it. Resource-bound
 * permissions (a file, a folder, a conversation) also pass the resource's own policy in access.ts.
 *
 * - anyone:  anonymous visitors too
 * - session: a signed-in caller whose e-mail may still be unverified (the verification flow itself)
 * - user:    a signed-in, verified, active user
 * - admin:   a signed-in, verified administrator
 */
export const permissionRules = {
  'country.read': 'anyone',
  'assistant.read': 'anyone',
  'trial.ask': 'anyone',
  'health.read': 'anyone',
  'account.create': 'anyone',
  'session.create': 'anyone',
  'password.reset': 'anyone',
  'plan.read': 'anyone',
  'payment.notify': 'anyone',
  'certificate.verify': 'anyone',

  'session.manage': 'session',

  'account.read': 'user',
  'account.update': 'user',
  'usage.read': 'user',
  'knowledge.read': 'user',
  'library.read': 'user',
  'library.create': 'user',
  'library.update': 'user',
  'library.delete': 'user',
  'conversation.create': 'user',
  'conversation.read': 'user',
  'conversation.update': 'user',
  'conversation.delete': 'user',
  'country.detail': 'user',
  'realtime.connect': 'user',
  'prompt.read': 'user',
  'prompt.create': 'user',
  'prompt.update': 'user',
  'prompt.delete': 'user',
  'billing.read': 'user',
  'billing.manage': 'user',
  'onboarding.manage': 'user',
  'company.read': 'user',
  'company.manage': 'user',
  'course.read': 'user',
  'course.learn': 'user',
  'marketplace.read': 'user',
  'marketplace.buy': 'user',
  'marketplace.sell': 'user',
  'marketplace.review': 'user',
  'integration.read': 'user',
  'integration.manage': 'user',
  'integration.use': 'user',
  /** A company's journal of its members' outbound messages: checked on the company (its admins'). */
  'integration.journal': 'user',

  'admin.access': 'admin',
  'user.manage': 'admin',
  'audit.read': 'admin',
  'assistant.manage': 'admin',
  'country.manage': 'admin',
  'knowledge.manage': 'admin',
  /** Moving one user's documents to another: the system, on a company admin's decision (onboarding). */
  'library.transfer': 'admin',
  'plan.manage': 'admin',
  'billing.admin': 'admin',
  'course.manage': 'admin',
  'marketplace.moderate': 'admin',
  'integration.admin': 'admin',
} as const satisfies Record<string, AccessRule>;

export type AccessRule = 'anyone' | 'session' | 'user' | 'admin';
export type Permission = keyof typeof permissionRules;

/** Permissions that anonymous callers hold: a check for any other one yields a user actor. */
export type PublicPermission = {
  [P in Permission]: (typeof permissionRules)[P] extends 'anyone' ? P : never;
}[Permission];
