import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { selectIsLoggedIn, useCommonStore } from '../../lib/stores/common.store';
import type { RouteHandle } from '../route-handle';

/**
 * The guard runs before navigations; this covers a logout that happens while a member-only
 * screen is open (a late user_check answer, logout from another control).
 */
export function AuthWatcher({ handle }: { handle: RouteHandle | undefined }) {
  const navigate = useNavigate();
  const isLoggedIn = useCommonStore(selectIsLoggedIn);
  const isRequired = handle?.auth === 'required';

  useEffect(() => {
    if (isRequired && !isLoggedIn) void navigate(paths.home, { replace: true });
  }, [isRequired, isLoggedIn, navigate]);

  return null;
}
