import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MOBILE_BAR_ITEMS, PATHS, SIDEBAR_ITEMS, visibleLinks, type TUser } from '@v2mom/contracts';
import { BrandMark } from '../../components/ui/brand-mark';
import { Button } from '../../components/ui/button';
import { LogOutIcon, MenuIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { ThemeSelect } from '../../components/ui/theme-select';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { useLogout } from '../../features/auth/api/logout';
import { FLOATING_FOLLOW_BAR_ATTRIBUTE } from '../../features/follow/components/floating-follow-bar';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { media } from '../../lib/theme/tokens';
import { preloadable } from '../../lib/preloadable';
import { LiveConnection } from '../live/live-connection';
import { MobileBar } from './mobile-bar';
import type { MobileMenuProps } from './mobile-menu';
import { NavList } from './nav-list';
import { OfflineIndicator } from './offline-indicator';
import { YourTurn } from '../../features/rounds/components/your-turn';
import { usePageScroll } from './use-page-scroll';
import { UserBlock } from './user-block';

// The hamburger's drawer loads when first opened, or as the hamburger is pointed at or focused:
// most visits never open it (docs/PERFORMANCE.md, what a first visit downloads). It shows the
// sidebar's pieces, handed to it, so they stay in this chunk instead of one shared with it.
const MobileMenu = preloadable<MobileMenuProps>(() => import('./mobile-menu').then(({ MobileMenu }) => ({ default: MobileMenu })));
const preloadMobileMenu = () => void MobileMenu.preload();

const Layout = styled.div`
  min-height: 100vh;
  min-height: 100dvh;

  ${media.desktop} {
    padding-left: ${({ theme }) => theme.layout.sidebarWidth};
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space[2]};
  top: -100px;
  z-index: 100;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  text-decoration: none;

  &:focus {
    top: ${({ theme }) => theme.space[2]};
  }
`;

const Sidebar = styled.aside`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: ${({ theme }) => theme.layout.sidebarWidth};
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  ${media.mobile} {
    display: none;
  }
`;

const SidebarBrand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  height: 32px;
  padding: 0 ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: -0.01em;
`;

const SidebarNav = styled.nav`
  flex: 1;
  overflow-y: auto;
  margin: 0 -${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[1]};
`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  height: ${({ theme }) => theme.layout.headerHeight};
  padding: 0 ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => (theme.name === 'dark' ? 'rgba(9, 9, 11, 0.8)' : 'rgba(247, 247, 248, 0.85)')};
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${media.mobile} {
    padding: 0 ${({ theme }) => theme.space[3]};
  }
`;

const MobileOnly = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;

  ${media.desktop} {
    display: none;
  }
`;

const MobileBrand = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  white-space: nowrap;

  ${media.small} {
    span:last-child {
      display: none;
    }
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const LogoutLabel = styled.span`
  ${media.small} {
    display: none;
  }
`;

const Main = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[6]};

  ${media.mobile} {
    padding: ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[4]};
    padding-bottom: calc(${({ theme }) => theme.layout.mobileBarHeight} + ${({ theme }) => theme.space[6]} + env(safe-area-inset-bottom));

    /* A follower's bar floats above the bottom bar: the page's end scrolls clear of it. */
    &:has([${FLOATING_FOLLOW_BAR_ATTRIBUTE}]) {
      padding-bottom: calc(${({ theme }) => theme.layout.mobileBarHeight} + ${({ theme }) => theme.space[6]} + 6rem + env(safe-area-inset-bottom));
    }
  }

  &:focus {
    outline: none;
  }
`;

const PageLoading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

function PageFallback() {
  return (
    <PageLoading>
      <Skeleton $width="220px" $height="28px" />
      <Skeleton $width="320px" $height="16px" />
    </PageLoading>
  );
}

function LogoutButton() {
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const pending = logoutMutation.isPending;
  const label = pending ? 'Logging out...' : 'Log out';
  return (
    <Button
      variant="ghost"
      loading={pending}
      leadingIcon={<LogOutIcon />}
      onClick={() => logoutMutation.mutate(undefined, { onSettled: () => navigate(PATHS.login, { replace: true }) })}
    >
      {/* The label stays in the accessible name when narrow phones hide it from view. */}
      <LogoutLabel aria-hidden="true">{label}</LogoutLabel>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Button>
  );
}

export interface AppShellProps {
  user: TUser;
  children: ReactNode;
}

/** The shell (docs/PRODUCT.md#shell): sidebar, header, content, mobile bar and the hamburger's drawer. */
export default function AppShell({ user, children }: AppShellProps) {
  const { pathname } = useLocation();
  usePageScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer closes whenever the location changes, however that happened: adjusted while
  // rendering, so the new page never paints with the drawer still open.
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const sidebarItems = visibleLinks(user, SIDEBAR_ITEMS);
  const mobileItems = visibleLinks(user, MOBILE_BAR_ITEMS);

  const restoreFocusOnClose = useRef(false);

  // Escape, the close button and the backdrop hand focus back to the hamburger once the rest of
  // the page is no longer inert; following a link leaves focus to the new page.
  const dismissMenu = useCallback(() => {
    restoreFocusOnClose.current = true;
    setMenuOpen(false);
  }, []);
  const closeMenuForNavigation = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (menuOpen || !restoreFocusOnClose.current) return;
    restoreFocusOnClose.current = false;
    hamburgerRef.current?.focus();
  }, [menuOpen]);

  return (
    <>
      {/* The server refuses the socket until a temporary password is replaced (docs/PRODUCT.md#temporary-passwords-api). */}
      {!user.passwordChangeRequired && <LiveConnection userId={user.id} />}
      <Layout inert={menuOpen}>
        <SkipLink href="#main-content">Skip to content</SkipLink>
        <Sidebar>
          <SidebarBrand>
            <BrandMark />
            V2MOM Tracker
          </SidebarBrand>
          <SidebarNav aria-label="Main navigation">
            <NavList items={sidebarItems} />
          </SidebarNav>
          <UserBlock user={user} />
        </Sidebar>

        <Header>
          <MobileOnly>
            <Button
              ref={hamburgerRef}
              variant="ghost"
              iconOnly
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onPointerEnter={preloadMobileMenu}
              onFocus={preloadMobileMenu}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </Button>
            <MobileBrand>
              <BrandMark size={24} />
              <span>V2MOM Tracker</span>
            </MobileBrand>
          </MobileOnly>
          <Spacer />
          <OfflineIndicator />
          {/* The server answers nothing else until a temporary password is replaced. */}
          {!user.passwordChangeRequired && <NotificationBell />}
          <ThemeSelect />
          <LogoutButton />
        </Header>

        <Main id="main-content" tabIndex={-1}>
          {!user.passwordChangeRequired && <YourTurn userId={user.id} />}
          <Suspense fallback={<PageFallback />}>{children}</Suspense>
        </Main>

        <MobileBar items={mobileItems} />
      </Layout>
      {menuOpen && (
        <Suspense fallback={<VisuallyHidden role="status">Opening the menu...</VisuallyHidden>}>
          <MobileMenu onClose={dismissMenu} nav={<NavList items={sidebarItems} onNavigate={closeMenuForNavigation} />} userBlock={<UserBlock user={user} />} />
        </Suspense>
      )}
    </>
  );
}
