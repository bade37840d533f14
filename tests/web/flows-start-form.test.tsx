import { cleanup, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Form } from "@/components/ui/form";
import { StartForm } from "@/features/flows/editor/settings/start-form";
import { i18n } from "@/lib/i18n";

/** The start step's keyword triggers: the match mode says how the keyword is matched. */
function Harness({ triggers }: { triggers: Record<string, unknown>[] }) {
  const form = useForm<any>({ defaultValues: { name: "Старт", flowConfig: { triggers } } });
  return (
    <Form {...form}>
      <StartForm form={form} lists={{} as never} vars={{} as never} readOnly={false} />
    </Form>
  );
}

const keyword = (match: string) => ({ type: "keyword", match, keywords: ["запись"], channels: [] });

beforeAll(() => i18n.loadNamespaces(["flows", "common", "chat"]));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("flow editor: the keyword's match mode", () => {
  it("«contains» explains that words match in any form, not inside longer words; «exact» that the whole message must be the keyword", async () => {
    await i18n.changeLanguage("ru");
    render(<Harness triggers={[keyword("contains"), keyword("exact")]} />);
    const [contains, exact] = screen.getAllByTestId("trigger-match");
    expect(contains!.textContent).toBe("Слово или фраза в сообщении");
    expect(exact!.textContent).toBe("Сообщение целиком");
    expect(screen.getByText("Слово или фраза в любом месте сообщения, в любой форме: «запись» сработает и на «записи», «опт» — на «оптом», но не на «оптимально»")).toBeTruthy();
    expect(screen.getByText("Сообщение должно целиком совпасть с ключевым словом; регистр и «ё» не важны")).toBeTruthy();
  });

  it("in English too", async () => {
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces(["flows", "common", "chat"]);
    render(<Harness triggers={[keyword("contains")]} />);
    expect(screen.getByText(/in any form: “price” also fires on “prices”, but not on “priceless”/)).toBeTruthy();
  });
});
