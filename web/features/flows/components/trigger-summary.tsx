import { useTranslation } from "react-i18next";
import type { Trigger } from "@worker/features/flows/contract";

/** A trigger in a few words: "Ключевое слово: привет, меню", "Новый контакт", "Вручную"… */
export function useTriggerText() {
  const { t } = useTranslation("flows");
  return (tr: Trigger) => {
    if (tr.type === "keyword" || tr.type === "commentKeyword") {
      const words = tr.keywords.filter(Boolean).join(", ");
      return words ? t(`triggers.${tr.type}With`, { words }) : t(`triggers.${tr.type}`);
    }
    return t(`triggers.${tr.type}`);
  };
}

/** The triggers of a flow's start step, one line each (the list's column). */
export function TriggerSummary({ triggers }: { triggers: readonly Trigger[] }) {
  const text = useTriggerText();
  if (!triggers.length) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="max-w-64 space-y-0.5 text-[0.8125rem]" data-testid="flow-triggers">
      {triggers.slice(0, 3).map((tr, i) => (
        <li key={i} className="truncate" title={text(tr)}>
          {text(tr)}
        </li>
      ))}
      {triggers.length > 3 && <li className="text-muted-foreground">+{triggers.length - 3}</li>}
    </ul>
  );
}
