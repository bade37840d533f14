import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ListPager } from "@/features/accounts/components/list-pager";
import { i18n } from "@/lib/i18n";
import { stubLayout } from "./signed-in";

/**
 * /accounts pages with the pager of every other list (QA: its own pager was wider than a 390 px
 * phone, «»» outside the card): the shared TablePagination, which stacks on a phone.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["accounts", "common"]);
  stubLayout();
});
afterEach(cleanup);

describe("accounts list pager", () => {
  it("is the shared pager: range, rows per page, first/previous/pages/next/last", () => {
    const onPage = vi.fn();
    render(<ListPager page={2} lastPage={3} limit={20} total={45} onPage={onPage} onLimit={() => {}} />);
    const pager = within(screen.getByTestId("list-pager"));
    expect(screen.getByTestId("list-pager").querySelector("[data-slot=table-pagination]")).not.toBeNull();
    expect(pager.getByTestId("table-range").textContent).toBe("21–40 из 45");
    expect(pager.getByRole("combobox", { name: "Строк на странице" })).toBeTruthy();
    expect(pager.getByRole("button", { name: "Страница 2 из 3" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(pager.getByRole("button", { name: "Последняя страница" }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    fireEvent.click(pager.getByRole("button", { name: "Предыдущая страница" }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it("disables first and previous on the first page, next and last on the last", () => {
    render(<ListPager page={1} lastPage={1} limit={20} total={1} onPage={() => {}} onLimit={() => {}} />);
    const pager = within(screen.getByTestId("list-pager"));
    for (const name of ["Первая страница", "Предыдущая страница", "Следующая страница", "Последняя страница"]) expect((pager.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});
