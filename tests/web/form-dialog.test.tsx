import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FormDialog, useFormDialog, type FormDialogOptions } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { ApiError } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useZodForm } from "@/lib/form";
import { clearNotifications, getNotifications } from "@/lib/notify";

/**
 * The shared form dialog, its hook and the text field (web/components/form-dialog.tsx,
 * form/field.tsx): the field is found by its label and described by its hint and message, the
 * form is reset each time the dialog opens, a valid submit saves, says so, refreshes the queries and
 * closes; a failure puts the server's messages on the fields or shows a snackbar; Cancel closes.
 */
const schema = z.object({ email: z.string().email("Введите корректный e-mail") });
type Values = z.infer<typeof schema>;
type Options = Partial<FormDialogOptions<Values, Values, { id: string }>>;

function Harness({ save, options = {} }: { save: (v: Values) => Promise<{ id: string }> | null; options?: Options }) {
  const form = useZodForm(schema, { defaultValues: { email: "" } });
  const dialog = useFormDialog(form, { defaults: () => ({ email: "start@example.ru" }), save, success: "Приглашение отправлено", invalidate: [["members"]], failure: { toast: "Не удалось отправить" }, ...options });
  return (
    <FormDialog {...dialog} title="Приглашение" trigger={<button type="button">Открыть</button>} submitLabel="Отправить" submitTestId="send">
      <TextField control={form.control} name="email" label="E-mail" description="Куда отправить письмо" type="email" />
    </FormDialog>
  );
}

/** A dialog its parent opens, as the packages page does. */
function Parent({ save }: { save: (v: Values) => Promise<{ id: string }> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Создать
      </button>
      <Harness save={save} options={{ open, onOpenChange: setOpen }} />
    </>
  );
}

let client: QueryClient;
const mount = (ui: React.ReactNode) => render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
const formShown = () => screen.queryByRole("form", { name: "Приглашение" });
const fieldError = (status: number, fields: Record<string, string>) => new ApiError(status, { statusCode: status, error: "Bad Request", message: "Проверьте поля", details: { fields } });

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common"]);
});
beforeEach(() => {
  client = new QueryClient();
  clearNotifications();
});
afterEach(cleanup);

describe("FormDialog with useFormDialog and TextField", () => {
  it("resets on open, labels the form and the field, shows the message, saves, refreshes and closes", async () => {
    const save = vi.fn(async () => ({ id: "1" }));
    const refetched = vi.spyOn(client, "invalidateQueries");
    mount(<Harness save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));

    const form = await screen.findByRole("form", { name: "Приглашение" });
    const input = screen.getByLabelText("E-mail") as HTMLInputElement;
    expect(form.contains(input)).toBe(true);
    expect(input.value).toBe("start@example.ru");
    expect(document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0])?.textContent).toBe("Куда отправить письмо");

    fireEvent.change(input, { target: { value: "not-an-email" } });
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Введите корректный e-mail");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(input, { target: { value: "new@example.ru" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(formShown()).toBeNull());
    expect(save).toHaveBeenCalledWith({ email: "new@example.ru" });
    expect(refetched).toHaveBeenCalledWith({ queryKey: ["members"] });
    expect(getNotifications()).toMatchObject([{ type: "success", message: "Приглашение отправлено" }]);
  });

  it("Cancel closes without saving; opening again starts from the reset values", async () => {
    const save = vi.fn(async () => ({ id: "1" }));
    mount(<Harness save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "typed@example.ru" } });
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(formShown()).toBeNull());
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    expect(((await screen.findByLabelText("E-mail")) as HTMLInputElement).value).toBe("start@example.ru");
  });

  it("puts the server's field messages on the fields and stays open, without a snackbar", async () => {
    mount(<Harness save={() => Promise.reject(fieldError(409, { email: "Этот e-mail уже приглашён" }))} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Этот e-mail уже приглашён");
    expect(formShown()).not.toBeNull();
    expect(getNotifications()).toEqual([]);
  });

  it("a failure without field messages is a snackbar with the server's sentence, or the message under the chosen field", async () => {
    mount(<Harness save={() => Promise.reject(new ApiError(503, { statusCode: 503, error: "Service Unavailable", message: "Сервис почты недоступен" }))} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(getNotifications()).toMatchObject([{ type: "error", message: "Сервис почты недоступен" }]));
    expect(formShown()).not.toBeNull();
    cleanup();

    mount(<Harness save={() => Promise.reject(new Error(""))} options={{ failure: { field: "email", message: "Не удалось отправить приглашение" } }} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Не удалось отправить приглашение");
  });

  it("a server field message for a key the form has no field for is never silent: a snackbar with the message itself, or under the chosen field", async () => {
    // The API's key (kopecks) is not the form's field (roubles): before, the message was set on a
    // field nobody renders and the dialog showed nothing.
    const priceError = () => Promise.reject(fieldError(400, { monthlyPriceKopecks: "Не больше 100 000 000 ₽" }));
    mount(<Harness save={priceError} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(getNotifications()).toMatchObject([{ type: "error", message: "Не больше 100 000 000 ₽" }]));
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();
    clearNotifications();

    mount(<Harness save={priceError} options={{ failure: { field: "email", message: "Не удалось" } }} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Не больше 100 000 000 ₽");
    expect(getNotifications()).toEqual([]);
  });

  it("serverFields maps the API's key onto the form's field", async () => {
    mount(<Harness save={() => Promise.reject(fieldError(400, { contactEmail: "Этот адрес уже занят" }))} options={{ serverFields: { contactEmail: "email" } }} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    const input = await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Этот адрес уже занят");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(getNotifications()).toEqual([]);
  });

  it("with nothing to save it closes without a call; keepOpen stays open after a save", async () => {
    mount(<Harness save={() => null} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(formShown()).toBeNull());
    expect(getNotifications()).toEqual([]);
    cleanup();

    const onSaved = vi.fn();
    mount(<Harness save={async () => ({ id: "7" })} options={{ keepOpen: true, onSaved }} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    await screen.findByLabelText("E-mail");
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: "7" }, { email: "start@example.ru" }));
    expect(formShown()).not.toBeNull();
  });

  it("a dialog its parent opens starts from the defaults each time and closes through the parent", async () => {
    mount(<Parent save={async () => ({ id: "1" })} />);
    expect(formShown()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Создать" }));
    const input = (await screen.findByLabelText("E-mail")) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe("start@example.ru"));
    fireEvent.change(input, { target: { value: "typed@example.ru" } });
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(formShown()).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Создать" }));
    await waitFor(() => expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("start@example.ru"));
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(formShown()).toBeNull());
  });

  it("a dialog its parent mounts while open is open at once; Cancel and a save call onClose", async () => {
    const onClose = vi.fn();
    mount(<Harness save={async () => ({ id: "1" })} options={{ onClose }} />);
    expect(formShown()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "new@example.ru" } });
    await act(async () => fireEvent.click(screen.getByTestId("send")));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
