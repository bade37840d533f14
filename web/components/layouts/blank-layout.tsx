import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../page-loader";

/** Public pages: no navigation, just the page (SPEC §2.3, §2.4). */
export function BlankLayout() {
  return (
    <div className="min-h-dvh bg-background" data-layout="blank">
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
