import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { i18n } from "@/lib/i18n";
import { useZodForm } from "@/lib/form";

/**
 * The shared form dialog and text field (web/components/form-dialog.tsx, form/field.tsx): the field
 * is found by its label and described by its hint and message, the form is reset when the trigger
 * opens the dialog, a valid submit reaches the handler, Cancel closes.
 */
const schema = z.object({ email: z.string().email("Введите корректный e-mail") });

function Harness({ onSave }: { onSave: (v: { email: string }) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, { defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async (v) => {
    await onSave(v);
    setOpen(false);
  });
  return (
    <FormDialog title="Приглашение" trigger={<button type="button">Открыть</button>} open={open} onOpenChange={setOpen} form={form} onSubmit={onSubmit} resetValues={() => ({ email: "start@example.ru" })} submitLabel="Отправить" submitTestId="send">
      <TextField control={form.control} name="email" label="E-mail" description="Куда отправить письмо" type="email" />
    </FormDialog>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common"]);
});
afterEach(cleanup);

describe("FormDialog with TextField", () => {
  it("resets on open, labels the form and the field, shows the message, submits and closes", async () => {
    const onSave = vi.fn(async () => {});
    render(<Harness onSave={onSave} />);
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
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ email: "new@example.ru" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Приглашение" })).toBeNull());
  });

  it("Cancel closes without submitting; opening again starts from the reset values", async () => {
    const onSave = vi.fn(async () => {});
    render(<Harness onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "typed@example.ru" } });
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Приглашение" })).toBeNull());
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Открыть" }));
    expect(((await screen.findByLabelText("E-mail")) as HTMLInputElement).value).toBe("start@example.ru");
  });
});
