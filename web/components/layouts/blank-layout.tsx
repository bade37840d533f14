import { Outlet } from "react-router";
import { BlankFrame } from "./blank-frame";

/** Public pages: no navigation, just the page (SPEC §2.3, §2.4). */
export function BlankLayout() {
  return (
    <BlankFrame>
      <Outlet />
    </BlankFrame>
  );
}
