/** The groups a user can be in. The server may store other names; resolveAccess maps them. */
export const UserGroup = {
  free: 'free',
  trial: 'trial',
  unRegTrial: 'unRegTrial',
  beta: 'beta',
  admin: 'admin',
  CBcustomer: 'CBcustomer',
  mobileCustomer: 'mobileCustomer',
} as const;
export type UserGroup = (typeof UserGroup)[keyof typeof UserGroup];
