import { useCallback } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { isUnauthorizedError } from '../../lib/api-request.ts';
import { redirectToLoginSoon } from '../../lib/login-redirect.ts';

/** The notices of spec 3 section 8: 'Success', 'Error', and 'Unauthorized' followed by the login redirect. */
export function useProjectNotices() {
  const toast = useToast();
  const succeeded = useCallback(
    (description: string) => toast({ title: 'Success', description, severity: 'success' }),
    [toast],
  );
  const failed = useCallback(
    (error: Error, description: string) => {
      if (isUnauthorizedError(error)) {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', severity: 'error' });
        redirectToLoginSoon();
        return;
      }
      toast({ title: 'Error', description, severity: 'error' });
    },
    [toast],
  );
  return { succeeded, failed };
}
