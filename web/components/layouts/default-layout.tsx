import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches } from "react-router";
import { PageLoader } from "../page-loader";
import { AccountBlockedBanner } from "../shell/account-blocked-banner";
import { Footer } from "../shell/footer";
import { HorizontalNav } from "../shell/horizontal-nav";
import { LanguageSwitcher } from "../shell/language-switcher";
import { NavbarIconButton } from "../shell/navbar-icon-button";
import { NotificationsMenu } from "../shell/notifications-menu";
import { OfflineBanner } from "../shell/offline-banner";
import { ScrollToTop } from "../shell/scroll-to-top";
import { SearchPalette } from "../shell/search-palette";
import { ShortcutsMenu } from "../shell/shortcuts-menu";
import { MAIN_CONTENT_ID, SkipLink } from "../shell/skip-link";
import { ThemeSwitcher } from "../shell/theme-switcher";
import { useScrolledPast } from "../shell/use-scrolled-past";
import { UserMenu } from "../shell/user-menu";
import { NAV_COLLAPSED_WIDTH, NAV_WIDTH, VerticalNavContent } from "../shell/vertical-nav";
import { Brand } from "../shell/brand";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../ui/sheet";
import { setPreferences, usePreferences, resolvedTheme } from "@/lib/preferences";
import { useLauncherShown } from "@/lib/launcher-avoid";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

// The billing banner (AI stopped by limits, renewal grace) comes with the first data page, not with the entry.
const BillingBanner = lazy(() => import("@/features/billing-account/components/billing-banner").then((m) => ({ default: m.BillingBanner })));

/**
 * The signed-in shell (SPEC §2.4): vertical or horizontal navigation (vertical below 1280 px, as a
 * drawer), a floating 64 px navbar that blurs what scrolls under it, the page, footer and
 * scroll-to-top. Pages with the "fixed" layout (chat, flow editor) fill the viewport instead.
 */
export function DefaultLayout() {
  const { t } = useTranslation("common");
  const prefs = usePreferences();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const scrolled = useScrolledPast(8);
  const { pathname } = useLocation();
  const matches = useMatches();
  const fixed = [...matches].reverse().some((m) => (m.handle as { layout?: string } | undefined)?.layout === "fixed");
  // Room under the page for the test-chat launcher (80–136 px up at a page's end; phones: the footer's).
  const launcher = useLauncherShown();

  const navType = desktop ? prefs.navType : "vertical";
  const vertical = navType === "vertical";
  const collapsed = prefs.navCollapsed;
  const mini = collapsed && !hovered;
  const semiDark = prefs.semiDarkNav && resolvedTheme(prefs) === "light";
  const padStart = desktop && vertical ? (collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH) : 0;

  useEffect(() => setDrawerOpen(false), [pathname]);

  const container = cn("mx-auto w-full px-4 sm:px-6", prefs.contentWidth === "compact" && "max-w-[1440px]");

  return (
    <div className="min-h-dvh bg-background" data-layout="default" data-nav={navType}>
      <SkipLink />
      {desktop && vertical && (
        <aside
          data-testid="vertical-nav"
          data-collapsed={collapsed}
          onMouseEnter={() => collapsed && setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          style={{ width: mini ? NAV_COLLAPSED_WIDTH : NAV_WIDTH }}
          className={cn(
            "fixed inset-y-0 start-0 z-[1100] bg-card text-card-foreground shadow-nav transition-[width] duration-200 ease-out bordered:border-e bordered:border-border",
            semiDark && "dark",
          )}
        >
          <VerticalNavContent mini={mini} collapsed={collapsed} onToggleCollapse={() => setPreferences({ navCollapsed: !collapsed })} />
        </aside>
      )}
      {!desktop && (
        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetContent side="start" showCloseButton={false} className={cn("w-[260px] max-w-[85vw] gap-0 p-0", semiDark && "dark")} data-testid="nav-drawer">
            <SheetTitle className="sr-only">{t("nav.mainNavigation")}</SheetTitle>
            <SheetDescription className="sr-only">{t("nav.mainNavigation")}</SheetDescription>
            <VerticalNavContent onClose={() => setDrawerOpen(false)} onNavigate={() => setDrawerOpen(false)} />
          </SheetContent>
        </Sheet>
      )}

      <div className={cn("flex flex-col transition-[padding] duration-200 ease-out", fixed ? "h-dvh" : "min-h-dvh")} style={{ paddingInlineStart: padStart }}>
        <header className={cn("sticky top-0 z-[1000] pt-0 lg:pt-4", prefs.navbarType === "static" && "static")}>
          {/* A soft fade above the floating navbar so scrolled content does not show through its margin. */}
          <div className="pointer-events-none absolute inset-x-0 top-0 hidden h-4 bg-background lg:block" aria-hidden />
          <div className={container}>
            <div
              data-testid="navbar"
              className={cn(
                "relative flex h-16 items-center gap-1 rounded-b-md bg-card px-3 shadow-nav transition-[background-color,backdrop-filter] sm:px-5 lg:rounded-md bordered:border bordered:border-border",
                prefs.navbarBlur && scrolled && "bg-card/80 backdrop-blur-md",
              )}
            >
              {!desktop && (
                <NavbarIconButton label={t("nav.openMenu")} onClick={() => setDrawerOpen(true)} data-testid="nav-open" className="-ms-1">
                  <Menu />
                </NavbarIconButton>
              )}
              {desktop && !vertical && <Brand className="me-6" />}
              <SearchPalette className="me-auto" />
              <LanguageSwitcher />
              <ThemeSwitcher showLayout={desktop} />
              <ShortcutsMenu />
              <NotificationsMenu />
              <UserMenu />
            </div>
          </div>
          {desktop && !vertical && (
            <div className={cn(container, "mt-3")}>
              <div className="rounded-md bg-card px-3 py-2 shadow-nav bordered:border bordered:border-border">
                <HorizontalNav />
              </div>
            </div>
          )}
          <div className={container}>
            <OfflineBanner className="mt-3" />
          </div>
        </header>

        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn(container, "flex-1 py-6 outline-none", launcher && !fixed && "sm:pb-24", fixed && "flex min-h-0 flex-col pb-4")} data-testid="page-content">
          <AccountBlockedBanner />
          <Suspense fallback={null}>
            <BillingBanner />
          </Suspense>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>

        {!fixed && prefs.footerType !== "hidden" && (
          <div className={container}>
            <Footer />
          </div>
        )}
      </div>
      {!fixed && <ScrollToTop />}
    </div>
  );
}
