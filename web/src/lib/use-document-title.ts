import { useEffect } from 'react';

/** Each screen names itself so tabs, history and screen readers tell screens apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Crucible`;
  }, [title]);
}
