import type { CurrentUser } from '@crucible/proto';
import { useToast } from '../../components/toast/toast-context.ts';
import { TwoFactorSetupBanner } from '../../features/account-security/components/TwoFactorSetupBanner.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { CommunityChat } from '../../features/chat/components/CommunityChat.tsx';
import { featureFlags } from '../../features/flags/feature-flags.ts';
import { NavigationBar } from '../../features/navigation/components/NavigationBar.tsx';
import { NotificationsMenu } from '../../features/notifications/components/NotificationsMenu.tsx';
import { ThemeMenu } from '../../features/theme/components/ThemeMenu.tsx';

/**
 * The signed-in header: composes the navigation bar with the menus of the other features, and the
 * floating community chat, which only members see. Loaded only for members.
 */
export default function MemberHeader({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  const showToast = useToast();

  function handleSignOut() {
    signOut.mutate(undefined, {
      onError: (error) =>
        showToast({ severity: 'error', title: 'Logout failed', description: error.message || 'Please try again.' }),
    });
  }

  return (
    <>
      <NavigationBar
        user={user}
        flags={featureFlags}
        actions={
          <>
            <ThemeMenu />
            {featureFlags.notifications && <NotificationsMenu />}
          </>
        }
        onSignOut={handleSignOut}
        signingOut={signOut.isPending}
      />
      <TwoFactorSetupBanner />
      <CommunityChat user={user} />
    </>
  );
}
