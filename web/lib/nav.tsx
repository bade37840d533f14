import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent } from "react";

/**
 * The few navigation primitives the sign-in pages use (a link, navigate, the query string), over
 * whichever router shows the page: react-router's data router (web/components/app-root.tsx provides
 * them from its hooks) or the light boot of the public auth pages (web/guest-app.tsx, over the
 * history API), which opens /login, /register and the password pages without downloading the
 * router. Pages rendered in both must import these instead of react-router's.
 */
export type To = string | { pathname?: string; search?: string; hash?: string };
export interface NavigateOptions {
  replace?: boolean;
}
export interface NavLocation {
  pathname: string;
  search: string;
  hash: string;
}
export interface Nav {
  location: NavLocation;
  navigate: (to: To, opts?: NavigateOptions) => void;
}

const NavContext = createContext<Nav | null>(null);
export const NavProvider = NavContext.Provider;

function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error("useNav outside a NavProvider");
  return nav;
}

/** An absolute path (the auth pages only link to absolute paths) from a string or a path object. */
export function toHref(to: To, from?: NavLocation): string {
  if (typeof to === "string") return to;
  const pathname = to.pathname ?? from?.pathname ?? "/";
  const search = to.search ? (to.search.startsWith("?") ? to.search : `?${to.search}`) : "";
  const hash = to.hash ? (to.hash.startsWith("#") ? to.hash : `#${to.hash}`) : "";
  return pathname + search + hash;
}

export function useNavigate(): Nav["navigate"] {
  return useNav().navigate;
}

export function useLocation(): NavLocation {
  return useNav().location;
}

/** The current query string (read-only: the auth pages never rewrite it). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useNav().location;
  return useMemo(() => [new URLSearchParams(search)], [search]);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: To; replace?: boolean };

/** An <a> that navigates in the app on a plain left click, like react-router's Link. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const nav = useNav();
  const href = toHref(to, nav.location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== "_self")) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // Like react-router, a link to the page already shown replaces the history entry.
    const { pathname, search, hash } = nav.location;
    nav.navigate(href, { replace: replace ?? href === pathname + search + hash });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
