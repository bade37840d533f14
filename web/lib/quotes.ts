/**
 * A name that has its own «quotes» put into a text that quotes it again would read «Кофейня
 * «Зерно»»: the inner pair becomes the second-level quotes of the language instead
 * («Кофейня „Зерно“»), so quotes are never doubled. Text without nesting comes back unchanged.
 */
export function unnestQuotes(text: string, language = "ru"): string {
  if (!text.includes("«") || text.indexOf("«", text.indexOf("«") + 1) < 0) return text;
  const [open, close] = language.startsWith("ru") ? ["„", "“"] : ["“", "”"];
  let depth = 0;
  let out = "";
  for (const ch of text) {
    if (ch === "«") {
      out += depth > 0 ? open : ch;
      depth++;
    } else if (ch === "»" && depth > 0) {
      depth--;
      out += depth > 0 ? close : ch;
    } else out += ch;
  }
  return out;
}
