import { useSyncExternalStore } from "react";

/** Tracks a CSS media query. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== "function") return () => {};
      const mql = matchMedia(query);
      mql.addEventListener("change", onChange);
      return () => mql.removeEventListener("change", onChange);
    },
    () => (typeof matchMedia === "function" ? matchMedia(query).matches : true),
    () => true,
  );
}

/** At and above 1280 px the navigation may be horizontal and the vertical one is docked (SPEC §9). */
export const DESKTOP_QUERY = "(min-width: 1280px)";
