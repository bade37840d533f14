/** Structured JSON logs: one object a line, always with the request id when there is one. */
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let minRank = RANK.info;

/** The lowest level written (the LOG_LEVEL var; default info). Set once per invocation from the env. */
export function setLogLevel(level: string | undefined) {
  minRank = RANK[(level ?? "info").toLowerCase() as LogLevel] ?? RANK.info;
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < minRank) return;
    const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...base, ...fields }, errorReplacer);
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
