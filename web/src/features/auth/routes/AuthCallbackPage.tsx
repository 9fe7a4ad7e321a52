import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/FullPageSpinner.tsx';
import { storeAuthToken } from '../../../lib/auth-token.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CURRENT_USER_QUERY_KEY } from '../api/get-current-user.ts';

/** The end of the external login: the token arrives in the query and must not stay in the address bar or history. */
export function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The token is consumed once, even when React runs the effect twice in development.
  const consumed = useRef(false);

  useEffect(() => {
    if (consumed.current) return;
    consumed.current = true;
    const token = searchParams.get('token');
    if (!token) {
      navigate('/signin', { replace: true });
      return;
    }
    storeAuthToken(token);
    navigate({ search: '' }, { replace: true });
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }).then(() => navigate('/', { replace: true }));
  }, [searchParams, navigate, queryClient]);

  return <FullPageSpinner label="Completing authentication..." />;
}
