import { Suspense, type ReactNode } from "react";
import { PageLoader } from "../page-loader";

/** The blank layout's frame without the router (the sign-in pages also boot without it: web/guest-app.tsx). */
export function BlankFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background" data-layout="blank">
      <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>
    </div>
  );
}
