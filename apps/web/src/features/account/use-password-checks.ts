import { checkPasswordRules, type PasswordRule } from '@tagscout/core/passwords';
import { useEffect, useState } from 'react';

let loaded: ReadonlySet<string> | null = null;
let loading: Promise<ReadonlySet<string>> | null = null;

/** The common-password list the server refuses (core's), loaded on the first password form only: it is large. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@tagscout/core/common-passwords').then((module) => {
    loaded = module.COMMON_PASSWORDS;
    return loaded;
  });
  return loading;
}

/** The list once loaded; `null` while it loads; `undefined` when it cannot load (offline). */
function useCommonPasswords(): ReadonlySet<string> | null | undefined {
  const [list, setList] = useState<ReadonlySet<string> | null | undefined>(loaded);
  useEffect(() => {
    if (list !== null) return;
    let isCurrent = true;
    loadCommonPasswords()
      .then((value) => isCurrent && setList(value))
      // Offline before it loaded: the server still refuses a common password, with its message.
      .catch(() => isCurrent && setList(undefined));
    return () => {
      isCurrent = false;
    };
  }, [list]);
  return list;
}

export interface PasswordChecks {
  checks: Record<PasswordRule, boolean>;
  /** Every rule holds: the server will take it (the server checks the same rules, with the same list). */
  isAcceptable: boolean;
}

/** The password rules as the server checks them: core's rules with its common-password list and the address. */
export function usePasswordChecks(password: string, repeat: string, email: string | null): PasswordChecks {
  const commonPasswords = useCommonPasswords();
  const checks = checkPasswordRules(password, repeat, {
    email: email ?? undefined,
    commonPasswords: commonPasswords ?? undefined,
  });
  // Until the list is in, a password is not yet known not to be common: the rule waits for it.
  if (commonPasswords === null) checks.notGuessable = false;
  return { checks, isAcceptable: Object.values(checks).every(Boolean) };
}
