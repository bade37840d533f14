import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { MessageSquareText, X } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { useAbility } from "@/lib/ability";
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

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return past;
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

  useEffect(() => () => closeTestChat(), [accountId]);
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
        className={cn(
          "fixed end-6 z-[1150] flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-[0_4px_14px_0_color-mix(in_srgb,var(--color-primary)_45%,transparent)] transition-all duration-200 hover:bg-primary-darken focus-visible:ring-4 focus-visible:ring-primary/30 focus-visible:outline-none",
          scrolled ? "bottom-20" : "bottom-6",
          open && "max-sm:hidden",
        )}
      >
        {open ? <X className="size-6" aria-hidden /> : <MessageSquareText className="size-6" aria-hidden />}
      </button>
    </>
  );
}
