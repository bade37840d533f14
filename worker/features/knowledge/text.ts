/**
 * Text handling of the knowledge base, free of bindings: splitting a source's text into chunks,
 * the text of an FAQ entry, and a web page's readable text.
 */

/** A chunk aims at this many characters and never exceeds MAX_CHUNK (a sentence longer than that is cut). */
export const CHUNK_TARGET = 800;
export const MAX_CHUNK = 1200;

/** Normalised text: one kind of line break, no runs of spaces, at most one blank line in a row. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .replace(/[ \t\f\v]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function sentences(paragraph: string): string[] {
  const parts = paragraph.match(/[^.!?…]+(?:[.!?…]+["»)]*|$)\s*/g) ?? [paragraph];
  const out: string[] = [];
  for (const p of parts) {
    for (let i = 0; i < p.length; i += MAX_CHUNK) out.push(p.slice(i, i + MAX_CHUNK));
  }
  return out;
}

/**
 * Splits a text into chunks of about CHUNK_TARGET characters on paragraph boundaries, a long
 * paragraph on sentence boundaries. A heading line (short, no final period) stays with the text
 * after it, so a chunk keeps the title that says what it is about.
 */
export function splitText(text: string): string[] {
  const paragraphs = normalizeText(text).split(/\n\s*\n|\n(?=[-*•#]|\d+[.)] )/).map((p) => p.trim()).filter(Boolean);
  const chunks: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) chunks.push(current.trim());
    current = "";
  };
  for (const p of paragraphs) {
    const pieces = p.length > MAX_CHUNK ? sentences(p) : [p];
    for (const piece of pieces) {
      const heading = current.length > 0 && current.length < 120 && !/[.!?:;]$/.test(current.trim());
      if (current && current.length + piece.length + 1 > CHUNK_TARGET && !heading) flush();
      if (current.length + piece.length + 1 > MAX_CHUNK) flush();
      current = current ? `${current}\n${piece}` : piece;
    }
  }
  flush();
  return chunks;
}

/** The indexed text of an FAQ entry (one chunk: a question and its answer belong together). */
export function faqText(question: string, answer: string, tags: string[] = []): string {
  return [`Вопрос: ${question.trim()}`, `Ответ: ${answer.trim()}`, tags.length ? `Теги: ${tags.join(", ")}` : ""].filter(Boolean).join("\n");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", laquo: "«", raquo: "»", mdash: "—", ndash: "–", hellip: "…" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** A web page's title and readable text: scripts, styles, navigation and markup dropped, blocks as paragraphs. */
export function htmlToText(html: string): { title: string; text: string } {
  const title = decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "").replace(/\s+/g, " ").trim();
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|svg|nav|footer|header|form|iframe)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(p|div|section|article|main|h[1-6]|li|ul|ol|tr|table|blockquote|pre|dd|dt)\b[^>]*>/gi, "\n\n")
    .replace(/<[^>]+>/g, " ");
  return { title, text: normalizeText(decodeEntities(text)) };
}
