import { useCallback } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { apiErrorDetails } from '../../lib/api-error.ts';
import { isUnauthorizedError } from '../../lib/api-request.ts';
import { redirectToLoginSoon } from '../../lib/login-redirect.ts';

/**
 * The project pages' notices: 'Success', 'Error', and 'Unauthorized' followed by the login
 * redirect. A refusal the service explains (a 4xx with its message, such as the prerequisite cycle
 * it names by titles) shows that reason, which tells the member what to change; other failures
 * show the fixed text.
 */
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
      const { status, serverMessage } = apiErrorDetails(error);
      const refusedWithReason = status !== null && status >= 400 && status < 500 && serverMessage !== null;
      toast({ title: 'Error', description: refusedWithReason ? serverMessage : description, severity: 'error' });
    },
    [toast],
  );
  return { succeeded, failed };
}
