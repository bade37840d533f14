/**
 * The floating test-chat launcher (web/features/test-chat/components/test-chat-launcher.tsx) rises
 * above any on-screen element carrying this attribute instead of covering it: spread
 * `{...LAUNCHER_AVOID}` on a control that can end up in the bottom-end corner (a composer, a
 * sticky save bar).
 */
export const LAUNCHER_AVOID_ATTR = "data-launcher-avoid";
export const LAUNCHER_AVOID = { [LAUNCHER_AVOID_ATTR]: "" } as const;
