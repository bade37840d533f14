import { useSyncExternalStore } from "react";
import { createStore } from "./utils";

/**
 * The floating test-chat launcher (web/features/test-chat/components/test-chat-launcher.tsx) rises
 * above any on-screen element carrying this attribute instead of covering it: spread
 * `{...LAUNCHER_AVOID}` on a control that can end up in the bottom-end corner (a composer, a
 * sticky save bar).
 */
export const LAUNCHER_AVOID_ATTR = "data-launcher-avoid";
export const LAUNCHER_AVOID = { [LAUNCHER_AVOID_ATTR]: "" } as const;

/**
 * Whether the launcher floats over the page now (account pages of the shell, for users who may test
 * assistants). The shell then leaves room under the page's last line, so at the end of a page the
 * launcher (above the scroll-to-top button) covers nothing: e.g. «Удалить аккаунт», the last button
 * of the account settings.
 */
const launcherShown = createStore(false);
export const setLauncherShown = (shown: boolean) => launcherShown.set(shown);
export const useLauncherShown = () => useSyncExternalStore(launcherShown.subscribe, launcherShown.get, launcherShown.get);
