import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";

export interface TagInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  max?: number;
  maxLength?: number;
  id?: string;
  disabled?: boolean;
  lowercase?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** Words as removable chips: Enter or comma adds, Backspace on an empty field removes the last. */
export function TagInput({ value, onChange, placeholder, max = 30, maxLength = 60, id, disabled, lowercase, ...aria }: TagInputProps) {
  const { t } = useTranslation("assistants");
  const [draft, setDraft] = useState("");
  const full = value.length >= max;

  const add = (raw: string) => {
    const words = raw
      .split(",")
      .map((w) => (lowercase ? w.trim().toLowerCase() : w.trim()))
      .filter(Boolean)
      .map((w) => w.slice(0, maxLength));
    const next = [...value];
    for (const w of words) if (!next.some((x) => x.toLowerCase() === w.toLowerCase()) && next.length < max) next.push(w);
    if (next.length !== value.length) onChange(next);
    setDraft("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add(draft);
    } else if (e.key === "Backspace" && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        "flex min-h-9.5 w-full flex-wrap items-center gap-1.5 rounded-md border border-input px-2 py-1.5 transition-[border-color,box-shadow] focus-within:border-primary focus-within:shadow-[0_0_0_1px_var(--color-primary)] hover:border-muted-foreground/60",
        aria["aria-invalid"] && "border-destructive",
        disabled && "opacity-55",
      )}
    >
      {value.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-primary/12 py-0.5 ps-2.5 pe-1 text-[0.8125rem] font-medium text-primary">
          {tag}
          {!disabled && (
            <button
              type="button"
              className="inline-flex size-4.5 cursor-pointer items-center justify-center rounded-full hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none"
              aria-label={t("tagInput.remove", { tag })}
              onClick={() => onChange(value.filter((x) => x !== tag))}
            >
              <X className="size-3" aria-hidden />
            </button>
          )}
        </span>
      ))}
      <input
        id={id}
        value={draft}
        disabled={disabled || full}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add(draft)}
        placeholder={full ? t("tagInput.limit", { max }) : value.length ? "" : placeholder}
        maxLength={maxLength}
        className="min-w-[8rem] flex-1 bg-transparent px-1.5 py-0.5 text-[0.9375rem] outline-none placeholder:text-muted-foreground/70"
        {...aria}
      />
    </div>
  );
}
