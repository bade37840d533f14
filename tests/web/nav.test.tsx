import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, NavProvider, toHref, useSearchParams, type Nav } from "@/lib/nav";

afterEach(cleanup);

function withNav(ui: React.ReactNode, search = "") {
  const navigate = vi.fn<Nav["navigate"]>();
  render(<NavProvider value={{ location: { pathname: "/login", search, hash: "" }, navigate }}>{ui}</NavProvider>);
  return navigate;
}

describe("web/lib/nav (the sign-in pages' links, with or without the data router)", () => {
  it("a plain click navigates in the app instead of loading the page", () => {
    const navigate = withNav(<Link to={{ pathname: "/register", search: "?redirect_url=%2Faccounts" }}>reg</Link>);
    const link = screen.getByText("reg");
    expect(link.getAttribute("href")).toBe("/register?redirect_url=%2Faccounts");
    const notPrevented = fireEvent.click(link, { button: 0 });
    expect(notPrevented).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/register?redirect_url=%2Faccounts", { replace: false });
  });

  it("a link to the page on screen replaces the history entry", () => {
    const navigate = withNav(<Link to="/login">self</Link>);
    fireEvent.click(screen.getByText("self"));
    expect(navigate).toHaveBeenCalledWith("/login", { replace: true });
  });

  it("modifier clicks and other targets are left to the browser (new tab, download…)", () => {
    const navigate = withNav(
      <>
        <Link to="/terms-of-use">terms</Link>
        <Link to="/about-us" target="_blank">about</Link>
      </>,
    );
    expect(fireEvent.click(screen.getByText("terms"), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText("terms"), { metaKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText("terms"), { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByText("about"))).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("useSearchParams reads the query string of the location shown", () => {
    function Probe() {
      const [params] = useSearchParams();
      return <span>{params.get("redirect_url")}</span>;
    }
    withNav(<Probe />, "?redirect_url=%2Fdemo%2Fdashboard&email=a%40b.c");
    expect(screen.getByText("/demo/dashboard")).toBeTruthy();
  });

  it("builds hrefs from path objects", () => {
    expect(toHref({ pathname: "/login", search: "" })).toBe("/login");
    expect(toHref({ pathname: "/login", search: "a=1", hash: "x" })).toBe("/login?a=1#x");
    expect(toHref({ search: "?a=1" }, { pathname: "/register", search: "", hash: "" })).toBe("/register?a=1");
  });
});
