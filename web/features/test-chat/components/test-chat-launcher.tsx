import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { MessageSquareText, X } from "lucide-react";
import { useScrolledPast } from "@/components/shell/use-scrolled-past";
import { Spinner } from "@/components/ui/spinner";
import { useAbility } from "@/lib/ability";
import { LAUNCHER_AVOID_ATTR, setLauncherShown } from "@/lib/launcher-avoid";
import { cn } from "@/lib/utils";
import { closeTestChat, consumeTestChatRequest, toggleTestChat, useTestChatPopup } from "../store";

const TestChatPanel = lazy(() => import("./test-chat-panel").then((m) => ({ default: m.TestChatPanel })));

/**
 * The floating test chat of every account page (§2.11). The panel's code loads on first open;
 * while it is open it holds the account's socket, closing it lets go.
 */
export function TestChatLauncher({ accountId }: { accountId: string }) {
  return (
    <Suspense fallback={null}>
      <Launcher accountId={accountId} />
    </Suspense>
  );
}

const SIZE = 56;
const EDGE = 24;
const GAP = 12;

/**
 * How far the launcher has to rise above its resting place (`bottom` px from the viewport's
 * bottom) so it covers none of the marked controls on screen: a page's composer or save bar may
 * sit in the corner the launcher floats in. Measured again on scroll, resize and DOM changes.
 */
function useLift(bottom: number, enabled: boolean) {
  const [lift, setLift] = useState(0);
  useLayoutEffect(() => {
    if (!enabled) {
      setLift(0);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      const rtl = document.documentElement.dir === "rtl";
      const left = rtl ? EDGE : vw - EDGE - SIZE;
      const right = left + SIZE;
      let needed = 0;
      // Rising past one control may bring the launcher onto another above it: settle in a few passes.
      for (let pass = 0; pass < 3; pass++) {
        const top = vh - bottom - needed - SIZE;
        const base = vh - bottom - needed;
        let more = 0;
        for (const el of document.querySelectorAll(`[${LAUNCHER_AVOID_ATTR}]`)) {
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height || r.bottom <= 0 || r.top >= vh) continue;
          if (r.right <= left - GAP || r.left >= right + GAP) continue;
          if (r.top >= base + GAP || r.bottom <= top - GAP) continue;
          more = Math.max(more, vh - r.top + GAP - bottom - needed);
        }
        if (more <= 0) break;
        needed += more;
      }
      setLift(Math.max(0, Math.ceil(needed)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    // Controls appear and move without a scroll (a save bar shows up, a panel loads).
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "style", LAUNCHER_AVOID_ATTR] });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
      observer.disconnect();
    };
  }, [bottom, enabled]);
  return lift;
}

function Launcher({ accountId }: { accountId: string }) {
  const { t } = useTranslation(["testChat", "assistants"]);
  const { open, request } = useTestChatPopup();
  const ability = useAbility();
  const matches = useMatches();
  // The scroll-to-top button takes the corner after 200 px of scrolling: the launcher moves above it.
  const scrolled = useScrolledPast(200);
  const layout = [...matches].reverse().map((m) => (m.handle as { layout?: string } | undefined)?.layout).find(Boolean);
  // Full-screen pages (the inbox, the flow editor, the wizard) keep their own corners.
  const hidden = layout === "fixed" || layout === "blank" || !ability.can("create", "TestChat");

  // The bottom offset of the resting launcher: above the scroll-to-top button once that shows.
  const bottom = scrolled ? 80 : EDGE;
  const lift = useLift(bottom, !hidden && !open);

  useEffect(() => () => closeTestChat(), [accountId]);
  // The shell leaves room for the launcher under the page's last line while it shows.
  useLayoutEffect(() => {
    setLauncherShown(!hidden);
    return () => setLauncherShown(false);
  }, [hidden]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][data-state="open"], [role="menu"][data-state="open"], [role="listbox"]')) return;
      closeTestChat();
    };
    // Capture on window runs before Radix's own Escape handling (capture on document), so a dialog or
    // menu that Escape is about to close is still seen as open and the popup stays.
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  if (hidden) return null;
  return (
    <>
      {open && (
        <div
          className="fixed inset-0 z-[1200] flex flex-col overflow-hidden bg-card shadow-pop sm:inset-auto sm:end-6 sm:bottom-24 sm:h-[min(640px,calc(100dvh-8rem))] sm:w-[400px] sm:rounded-lg bordered:border bordered:border-border animate-in"
          data-testid="test-chat-window"
        >
          <Suspense
            fallback={
              <div className="flex flex-1 items-center justify-center">
                <Spinner label={t("testChat:loading")} />
              </div>
            }
          >
            <TestChatPanel accountId={accountId} variant="popup" onClose={closeTestChat} request={request} onRequestHandled={consumeTestChatRequest} className="min-h-0 flex-1" />
          </Suspense>
        </div>
      )}
      <button
        type="button"
        onClick={toggleTestChat}
        aria-label={open ? t("testChat:close") : t("testChat:open")}
        aria-expanded={open}
        data-testid="test-chat-launcher"
        style={{ bottom: open ? bottom : bottom + lift }}
        data-lift={lift}
        className={cn(
          "fixed end-6 z-[1150] flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-[0_4px_14px_0_color-mix(in_srgb,var(--color-primary)_45%,transparent)] transition-all duration-200 hover:bg-primary-darken focus-visible:ring-4 focus-visible:ring-primary/30 focus-visible:outline-none",
          open && "max-sm:hidden",
        )}
      >
        {open ? <X className="size-6" aria-hidden /> : <MessageSquareText className="size-6" aria-hidden />}
      </button>
    </>
  );
}
