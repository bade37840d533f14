import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TablePagination } from "@/components/ui/pagination";
import { i18n } from "@/lib/i18n";

/**
 * QA at 390 px: with 110 pages the Contacts and Operations pagers showed «« ‹ … … › »» and no page
 * number (the page buttons hide below `sm`, the ellipses stayed). Below `sm` the pager now shows
 * «12 / 110» between the arrows and nothing of the page buttons. jsdom applies no media queries, so
 * what a phone shows is read from the classes: an item with `hidden` (and `sm:block`) is not there.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common"]);
});
afterEach(cleanup);

const onPhone = (root: HTMLElement) => [...root.querySelectorAll<HTMLLIElement>("[data-slot=pagination-item]")].filter((li) => !li.classList.contains("hidden"));

describe("table pager on a narrow screen", () => {
  it("shows the current page of all pages between the arrows, and no ellipses without their page buttons", () => {
    const { container } = render(<TablePagination page={12} pageSize={20} total={2200} onPageChange={() => {}} />);
    const items = onPhone(container);
    expect(items.map((li) => li.querySelector("button")?.getAttribute("aria-label") ?? li.textContent)).toEqual([
      "Первая страница",
      "Предыдущая страница",
      "12 / 110Страница 12 из 110",
      "Следующая страница",
      "Последняя страница",
    ]);
    const indicator = screen.getByTestId("table-page-of");
    expect(indicator.closest("li")!.className).toContain("sm:hidden");
    // Seen as «12 / 110», read as «Страница 12 из 110».
    expect(indicator.querySelector("[aria-hidden]")!.textContent).toBe("12 / 110");
    expect(indicator.querySelector(".sr-only")!.textContent).toBe("Страница 12 из 110");
    // On wider screens the page buttons and the ellipses are there, the indicator is not.
    const wide = [...container.querySelectorAll<HTMLLIElement>("[data-slot=pagination-item]")].filter((li) => !li.classList.contains("sm:hidden"));
    expect(wide.map((li) => li.querySelector("button")?.textContent || (li.querySelector("[data-slot=pagination-ellipsis]") ? "…" : ""))).toEqual(["", "", "1", "…", "11", "12", "13", "…", "110", "", ""]);
  });

  it("one page: «1 / 1»", () => {
    render(<TablePagination page={1} pageSize={20} total={3} onPageChange={() => {}} />);
    expect(screen.getByTestId("table-page-of").querySelector("[aria-hidden]")!.textContent).toBe("1 / 1");
  });
});
