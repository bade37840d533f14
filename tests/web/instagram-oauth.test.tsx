import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { InstagramOauthEntry } from "@/features/channels/components/instagram-oauth";
import { i18n } from "@/lib/i18n";
import { jsonResponse as json, stubFetch } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/** The «Войти через Facebook» block: unavailable without a Meta app on the server, readable reasons after a failed login. */

let available = true;

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["channels", "common"]);
});
beforeEach(() => {
  stubFetch((url) => (String(url).endsWith("/platform-instagram/oauth") ? json(200, { available }) : json(404, { statusCode: 404, message: "нет" })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(error: string | null, onDismissError = vi.fn()) {
  const client = testQueryClient();
  renderWithClient(client, <InstagramOauthEntry accountId="acc1" error={error} onDismissError={onDismissError} />);
  return onDismissError;
}

describe("Instagram login entry", () => {
  it("offers the Facebook login when the server has a Meta app", async () => {
    available = true;
    show(null);
    const button = (await screen.findByRole("button", { name: "Войти через Facebook" })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.getByText(/войдите через Facebook и выберите аккаунт Instagram/)).toBeTruthy();
    expect(screen.queryByTestId("instagram-oauth-error")).toBeNull();
  });

  it("says the login is not set up and disables it without META_APP_ID / META_APP_SECRET", async () => {
    available = false;
    show(null);
    await waitFor(() => expect((screen.getByRole("button", { name: "Войти через Facebook" }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(/Вход через Facebook на этой установке платформы недоступен/)).toBeTruthy();
  });

  it.each([
    ["cancelled", "Вход через Facebook отменён."],
    ["expired", "Время входа через Facebook истекло. Войдите ещё раз."],
    ["no_accounts", "Не найдено Instagram-аккаунтов, связанных с вашими страницами Facebook."],
    ["something-else", "Не удалось войти через Facebook. Попробуйте ещё раз."],
  ])("explains ?instagram_error=%s", async (code, text) => {
    available = true;
    const dismiss = show(code);
    const alert = await screen.findByTestId("instagram-oauth-error");
    expect(alert.textContent).toContain("Instagram не подключён");
    expect(alert.textContent).toContain(text);
    fireEvent.click(screen.getByRole("button", { name: "Скрыть" }));
    expect(dismiss).toHaveBeenCalledOnce();
  });
});
