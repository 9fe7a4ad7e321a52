import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/FullPageSpinner.tsx';
import { clearAuthToken, storeAuthToken } from '../../../lib/auth-token.ts';
import { consumeExternalLoginState } from '../../../lib/login-redirect.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CURRENT_USER_QUERY_KEY, currentUserQueryOptions } from '../api/get-current-user.ts';

const FAILED = '/signin?error=callback';

/**
 * The end of the external login: the token arrives in the query and must not stay in the address
 * bar or history. It is taken only when this tab started the login (its one-time state came back),
 * and kept only when the server accepts it.
 */
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
    const startedHere = consumeExternalLoginState(searchParams.get('state'));
    if (!token || !startedHere) {
      navigate(token ? FAILED : '/signin', { replace: true });
      return;
    }
    storeAuthToken(token);
    navigate({ search: '' }, { replace: true });
    const refuse = () => {
      clearAuthToken();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      navigate(FAILED, { replace: true });
    };
    queryClient
      .fetchQuery({ ...currentUserQueryOptions, staleTime: 0 })
      .then((user) => (user ? navigate('/', { replace: true }) : refuse()), refuse);
  }, [searchParams, navigate, queryClient]);

  return <FullPageSpinner label="Completing authentication..." />;
}
