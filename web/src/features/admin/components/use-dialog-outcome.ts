import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useFailureToast } from './use-failure-toast.ts';

interface DialogOutcomeTexts {
  /** The success toast's title. */
  succeeded: string;
  /** The failure toast's title; its description is the server's message. */
  failed: string;
  /** Said when the server gives no message. */
  fallback?: string;
  /** The dialogs that also check required fields name the failure in their problem line, to tell the two apart. */
  problemNamesFailure?: boolean;
  onClose: () => void;
}

/**
 * What a console dialog does with its call's answer: on success a toast and it closes; on failure the
 * server's message in the dialog's problem line and in a toast. The problem line also takes the dialog's
 * own checks (`setProblem`). `callbacks` go to the mutation's `mutate`.
 */
export function useDialogOutcome({ succeeded, failed, fallback, problemNamesFailure, onClose }: DialogOutcomeTexts) {
  const [problem, setProblem] = useState<string | null>(null);
  const showToast = useToast();
  const toastFailure = useFailureToast();
  const callbacks = {
    onSuccess: () => {
      showToast({ severity: 'success', title: succeeded });
      onClose();
    },
    onError: (error: Error) => {
      const description = toastFailure(failed, error, fallback);
      setProblem(problemNamesFailure ? `${failed}: ${description}` : description);
    },
  };
  return { problem, setProblem, callbacks };
}
