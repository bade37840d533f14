import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@worker/db/schema/accounts";
import { RequireAbility } from "@/components/require-ability";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { ROUTES } from "@/router";
import type { AccountDetail } from "@/features/accounts/types";
import { StepBusiness } from "@/features/wizard/components/step-business";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * The setup wizard (QA 21): every step changes the account, so a role that may not (an operator)
 * gets the no-access page instead of an editable wizard; and when the server refuses a step, the
 * wizard shows the server's sentence, not "check your connection".
 */
const ACC = "acc-1";
const account = {
  accountId: ACC,
  name: "Демо-магазин",
  timezone: "Europe/Moscow",
  language: "ru",
  description: "Посуда и текстиль",
  website: null,
  industry: "retail",
  wizard: { at: "business", completed: [], skipped: [], steps: ["account", "assistant", "channel", "test", "team"] },
  blocked: null,
  role: "owner",
  createdAt: 0,
  updatedAt: 0,
  memberCount: 1,
} as unknown as AccountDetail;

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["wizard", "accounts", "common"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearNotifications();
  signOut();
});

/** The wizard's route as the route table defines it, behind the same ability guard the router puts it. */
function openWizardAs(role: Role) {
  const def = ROUTES.find((r) => r.module === "account/wizard")!;
  const router = createMemoryRouter(
    [
      { element: <RequireAbility />, children: [{ path: "/:accountId/wizard", handle: { ability: def.ability }, element: <p>Мастер открыт</p> }] },
      { path: "/not-authorized", element: <p>Нет доступа</p> },
    ],
    { initialEntries: [`/${ACC}/wizard`] },
  );
  render(
    <QueryClientProvider client={sessionClient(role)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("who gets the wizard", () => {
  it("an operator is shown the no-access page", async () => {
    const router = openWizardAs("operator");
    expect(await screen.findByText("Нет доступа")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/not-authorized");
  });

  it.each(["owner", "admin"] as const)("an %s gets the wizard", async (role) => {
    openWizardAs(role);
    expect(await screen.findByText("Мастер открыт")).toBeTruthy();
  });
});

describe("a refused step", () => {
  it("shows the server's sentence, not a connection error", async () => {
    stubFetch(() => jsonResponse(403, { statusCode: 403, error: "Forbidden", code: "FORBIDDEN", message: "Недостаточно прав для этого действия" }));
    const onDone = vi.fn(async () => {});
    renderWithClient(sessionClient("owner"), <StepBusiness account={account} onDone={onDone} />, { router: true });
    fireEvent.click(screen.getByTestId("wizard-next"));
    await waitFor(() => expect(getNotifications()).toMatchObject([{ type: "error", message: "Недостаточно прав для этого действия" }]));
    expect(getNotifications().some((n) => /соединение/.test(n.message))).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("speaks of the connection only when no answer came", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("Failed to fetch"); }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithClient(sessionClient("owner"), <StepBusiness account={account} onDone={async () => {}} />, { router: true });
    fireEvent.click(screen.getByTestId("wizard-next"));
    await waitFor(() => expect(getNotifications()).toMatchObject([{ type: "error", message: "Не удалось сохранить. Проверьте соединение и попробуйте ещё раз." }]));
  });
});
