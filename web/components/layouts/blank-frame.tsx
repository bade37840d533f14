import { Suspense, type ReactNode } from "react";
import { PageLoader } from "../page-loader";
import { OfflineBanner } from "../shell/offline-banner";

/**
 * The blank layout's frame without the router (the sign-in pages also boot without it: web/guest-app.tsx).
 * The signed-in shell's offline notice shows here too (sign-in, registration, invitations, public
 * pages), over the top of the page: these pages have no header to put it in.
 */
export function BlankFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background" data-layout="blank">
      <div className="pointer-events-none fixed inset-x-0 top-0 z-50 mx-auto w-full max-w-xl px-4 pt-3 [&_[data-testid=offline-banner]]:pointer-events-auto">
        <OfflineBanner />
      </div>
      <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>
    </div>
  );
}
