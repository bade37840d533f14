import { AppError } from "../../lib/errors";
import { normalizeText } from "./text";

/**
 * Text extraction of uploaded documents, in the Worker (the job that indexes the document): PDF
 * through unpdf (pdf.js's serverless build), DOCX through mammoth (its raw text), TXT and Markdown
 * as UTF-8 (or Windows-1251 when the bytes are not UTF-8). The libraries load on first use, so a
 * request that never extracts does not pay for them.
 */
export const DOCUMENT_FORMATS = ["pdf", "docx", "txt", "md"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const MIME: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  md: "text/markdown",
};

export function mimeOf(format: DocumentFormat): string {
  return MIME[format];
}

/** The format by the file's extension (the browser's type is often empty for .md). */
export function documentFormat(fileName: string): DocumentFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "markdown") return "md";
  return (DOCUMENT_FORMATS as readonly string[]).includes(ext ?? "") ? (ext as DocumentFormat) : null;
}

export class ExtractError extends Error {}

function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder("windows-1251").decode(body);
  }
}

/** Markdown as plain text: markup characters dropped, link texts kept. */
function markdownText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, (m) => m.replace(/```\w*/g, ""))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/(\*\*|__|\*|_|`)/g, "")
    .replace(/^>\s?/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "- ")
    .replace(/^\|?[\s:-]+\|[\s|:-]*$/gm, "");
}

export async function extractDocument(bytes: Uint8Array, format: DocumentFormat): Promise<string> {
  let text: string;
  try {
    if (format === "pdf") {
      const { extractText, getDocumentProxy } = await import("unpdf");
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      text = (await extractText(pdf, { mergePages: false })).text.join("\n\n");
    } else if (format === "docx") {
      const mammoth = (await import("mammoth")).default;
      const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      // mammoth's Node build reads `buffer`, its browser build `arrayBuffer` (bundlers pick either).
      const { Buffer } = await import("node:buffer");
      text = (await mammoth.extractRawText({ arrayBuffer: buf, buffer: Buffer.from(buf) } as never)).value;
    } else {
      text = decodeText(bytes);
      if (format === "md") text = markdownText(text);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new ExtractError(format === "pdf" ? "Не удалось прочитать PDF: файл повреждён или защищён паролем" : format === "docx" ? "Не удалось прочитать DOCX: файл повреждён или это не документ Word" : "Не удалось прочитать текст файла");
  }
  const clean = normalizeText(text);
  if (!clean) throw new ExtractError(format === "pdf" ? "В PDF нет текста (возможно, это скан без распознанного текста)" : "В документе нет текста");
  return clean;
}
