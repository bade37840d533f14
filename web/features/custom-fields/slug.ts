import { FIELD_KEY_MAX } from "@worker/features/custom-fields/field-types";

const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p",
  р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

/** A key proposed from a label («Дата рождения» → "data_rozhdeniya"), so most users never type one. */
export function keyFromLabel(label: string): string {
  const latin = [...label.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join("");
  const slug = latin
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+/, "")
    .replace(/_+$/, "");
  return slug.slice(0, FIELD_KEY_MAX).replace(/_+$/, "");
}
