import { useToast } from '../../../components/toast/toast-context.ts';
import { failureDescription } from '../admin-format.ts';

/**
 * The console's failure toast: its fixed title with the server's message, else
 * `fallback`. It gives back the message it showed, for a dialog that also shows it.
 */
export function useFailureToast() {
  const showToast = useToast();
  return (title: string, error: Error, fallback?: string) => {
    const description = failureDescription(error, fallback);
    showToast({ severity: 'error', title, description });
    return description;
  };
}
